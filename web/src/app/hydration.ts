/**
 * Public pages arrive pre-rendered and become interactive when React hydrates them. The page marks
 * `<html data-hydrated>` at that moment, which browser tests wait for before they press anything. (Forms hold
 * their submit until then with `useHydrated` from lib/use-hydrated: a press before would submit natively and put
 * the fields in the address.)
 */
import { useEffect } from 'react';

/** Rendered inside the page's Suspense boundary, so its effect runs when the page itself (lazy or not) is live. */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
