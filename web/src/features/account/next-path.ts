/**
 * Where signing in returns to: the page the person was on, or their dashboard, never the home page
 * and never another site. The page comes from `?next=` (links that ask for sign-in: staff areas, an expired session) or
 * from the header's Sign In, which hands over its own location as navigation state. Both are read as text a stranger
 * may have written (`/login?next=https://evil.example` is a link anyone can send), so only a path on this site passes.
 * Pure, no React: tests/unit/next-path.test.ts holds the hostile cases.
 */
import { staffAreas } from '@shared/roles';

export const AFTER_SIGN_IN = '/customer-dashboard';

/** The sign-in page's own addresses: returning to one would ask to sign in again. */
const SIGN_IN_PATHS = ['/login', '/auth', '/customer-auth'];

// Any origin will do for parsing: a path is safe when resolving it keeps the origin (a second slash, a backslash or a
// scheme would change it).
const PARSE_BASE = 'https://this-site.invalid';

const hasControlCharacter = (text: string): boolean => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** A path on this site (path, query and hash, as the URL parser normalises them), or null. */
export function sameSitePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000 || !raw.startsWith('/')) return null;
  // Browsers drop tabs and newlines from URLs ('/\t/evil.example' is '//evil.example') and read '\' as '/'.
  if (raw.includes('\\') || raw.startsWith('//') || hasControlCharacter(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

const isSignInPage = (path: string) => SIGN_IN_PATHS.includes(path.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase());

/**
 * Where a person lands when signing in asked for nowhere in particular (afterSignIn answered the dashboard): staff in
 * their first staff area (an admin /admin, yard staff /yard), everyone else their dashboard. A page asked for is kept.
 */
export function landingAfterSignIn(next: string, groups: readonly string[]): string {
  return next === AFTER_SIGN_IN ? (staffAreas(groups)[0]?.to ?? next) : next;
}

/** Where to go after signing in: `?next=` when it is a page of this site, else the page the header's link came from, else the dashboard. */
export function afterSignIn(next: string | null, from?: unknown): string {
  for (const candidate of [next, fromPath(from)]) {
    const path = sameSitePath(candidate);
    if (path && path !== '/' && !isSignInPage(path)) return path;
  }
  return AFTER_SIGN_IN;
}

/** What the header's Sign In carries in navigation state: where the person is and that page's own state (a quote on /booking, say). */
export interface SignInFrom {
  from: { pathname: string; search: string; hash: string; state?: unknown };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function fromPath(state: unknown): string | null {
  const from = isObject(state) && isObject(state.from) ? state.from : null;
  if (!from || typeof from.pathname !== 'string') return null;
  return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}${typeof from.hash === 'string' ? from.hash : ''}`;
}

/** The returned-to page's own navigation state, when the sign-in page was reached from that very page. */
export function returnState(state: unknown, path: string): unknown {
  if (!isObject(state) || !isObject(state.from)) return undefined;
  return sameSitePath(fromPath(state)) === path ? state.from.state : undefined;
}

/** The header's Sign In: carries the current page, except from the home page and the sign-in page (the dashboard is better than either). */
export function signInLinkState(location: { pathname: string; search: string; hash: string; state?: unknown }): SignInFrom | undefined {
  if (location.pathname === '/' || isSignInPage(location.pathname)) return undefined;
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash, state: location.state } };
}
