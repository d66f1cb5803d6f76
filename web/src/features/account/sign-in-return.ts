/**
 * Where a Google sign-in returns to. The browser leaves the site for Google and Cognito and comes
 * back to /login with a code, so the page the person was on cannot travel in the address: it is kept in this tab's
 * session storage before leaving and taken (once) on return. What comes back is checked again as a same-site path
 * (next-path.ts), since anything in storage could have been written by another script on the page's origin.
 */
import { AFTER_SIGN_IN, afterSignIn } from './next-path';

const KEY = 'runway.signInReturn';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps where to return to, before leaving for Google. */
export function rememberSignInReturn(path: string, store: Store = sessionStorage): void {
  try {
    store.setItem(KEY, path);
  } catch {
    // Storage refused (a private window's quota): the person lands on their dashboard instead.
  }
}

/** Where to go now that the sign-in has finished: the kept page when it is one of this site's, else the dashboard. */
export function takeSignInReturn(store: Store = sessionStorage): string {
  let kept: string | null;
  try {
    kept = store.getItem(KEY);
    store.removeItem(KEY);
  } catch {
    kept = null;
  }
  return kept ? afterSignIn(kept) : AFTER_SIGN_IN;
}

/** True on the address Cognito sends the browser back to with a code to exchange (or an error to show). */
export function isRedirectReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}
