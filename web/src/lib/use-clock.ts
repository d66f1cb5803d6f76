/**
 * `clockNow` (lib/clock.ts) for a component: it renders again when the clock's offset becomes known or changes
 * (/config.json may arrive after the first render), and the function returned is a new one then, so a `useMemo`
 * that lists it recomputes. The pre-render and hydration read no offset.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { clockNowWithOffset, clockOffset, onClockOffset } from './clock';

export function useClock(): () => Date {
  const offset = useSyncExternalStore(onClockOffset, clockOffset, () => 0);
  // A new function for each offset (what a memo's dependencies see); it reads the clock when called, with the offset
  // this render has: during hydration that is none, even when the offset is already known (the pass's early script
  // learns it before the app starts), so the markup matches the pre-render; the render after brings the offset.
  return useMemo(() => () => clockNowWithOffset(offset), [offset]);
}
