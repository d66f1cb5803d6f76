/**
 * False while React renders on the server (the build's pre-render) and while it hydrates that HTML; true
 * from the next render on, and at once for anything mounted later. What depends on the clock or on the
 * tab's storage renders its neutral form until then, so hydration matches the pre-rendered HTML.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
