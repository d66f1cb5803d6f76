/**
 * Who is signed in, read from the id token Amplify keeps in localStorage, without loading Amplify: the e-mail
 * and groups the header and pages show. Decoded, never trusted: the API verifies every token itself.
 */
import { useSyncExternalStore } from 'react';
import { storedSessionPrefix, subscribeToAuthChanges } from './session-flag';

export { announceAuthChange } from './session-flag';

export interface SessionHint {
  email: string | null;
  groups: string[];
}

function decodePayload(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The signed-in user's hint, or null when nobody is signed in on this browser. */
export function readSessionHint(): SessionHint | null {
  const prefix = storedSessionPrefix();
  if (!prefix) return null;
  const idToken = localStorage.getItem(`${prefix}idToken`);
  const claims = idToken ? decodePayload(idToken) : null;
  const groups = claims?.['cognito:groups'];
  return { email: typeof claims?.email === 'string' ? claims.email : null, groups: Array.isArray(groups) ? groups.map(String) : [] };
}

let cached: { raw: string; hint: SessionHint | null } | null = null;

function snapshot(): SessionHint | null {
  const hint = readSessionHint();
  const raw = JSON.stringify(hint);
  // The same object while nothing changed, as useSyncExternalStore requires.
  if (cached?.raw !== raw) cached = { raw, hint };
  return cached.hint;
}

export function useSessionHint(): SessionHint | null {
  return useSyncExternalStore(subscribeToAuthChanges, snapshot, () => null);
}

/** The avatar's letter: the e-mail's first letter upper-cased, U when there is none (docs/accounts.md). */
export function avatarLetter(email: string | null | undefined): string {
  const first = email?.trim()[0];
  return first ? first.toUpperCase() : 'U';
}
