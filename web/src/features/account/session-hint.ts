/**
 * Whether someone is signed in, read from what Amplify keeps in localStorage, without loading Amplify: the
 * header and the first load of `/` must stay small (design.md: Amplify loads on the account pages only).
 * The id token is decoded for its e-mail and groups, never trusted: the API verifies every token itself.
 */
import { useSyncExternalStore } from 'react';

export interface SessionHint {
  email: string | null;
  groups: string[];
}

const PREFIX = 'CognitoIdentityServiceProvider.';
const CHANGED = 'runway:auth-changed';

function decodePayload(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The last signed-in user's hint, or null when nobody is signed in on this browser. */
export function readSessionHint(): SessionHint | null {
  const store = storage();
  if (!store) return null;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX) || !key.endsWith('.LastAuthUser')) continue;
    const user = store.getItem(key);
    const base = key.slice(0, -'LastAuthUser'.length);
    // A refresh token is what keeps a session alive; without one the person is signed out.
    if (!user || !store.getItem(`${base}${user}.refreshToken`)) continue;
    const idToken = store.getItem(`${base}${user}.idToken`);
    const claims = idToken ? decodePayload(idToken) : null;
    const groups = claims?.['cognito:groups'];
    return { email: typeof claims?.email === 'string' ? claims.email : null, groups: Array.isArray(groups) ? groups.map(String) : [] };
  }
  return null;
}

/** Tells this tab's header that the session changed (other tabs learn it from the storage event). */
export function announceAuthChange(): void {
  window.dispatchEvent(new Event(CHANGED));
}

let cached: { raw: string; hint: SessionHint | null } | null = null;

function snapshot(): SessionHint | null {
  const hint = readSessionHint();
  const raw = JSON.stringify(hint);
  // The same object while nothing changed, as useSyncExternalStore requires.
  if (cached?.raw !== raw) cached = { raw, hint };
  return cached.hint;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export function useSessionHint(): SessionHint | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** The avatar's letter: the e-mail's first letter upper-cased, U when there is none (spec: shared header). */
export function avatarLetter(email: string | null | undefined): string {
  const first = email?.trim()[0];
  return first ? first.toUpperCase() : 'U';
}
