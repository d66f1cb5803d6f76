/**
 * Whether this browser holds a signed-in session, from the keys Amplify keeps in localStorage: the one check
 * the first load of every page needs (the header, the API client). Reading who it is (session-hint.ts) and
 * everything else about accounts load only when this says yes.
 */
import { useSyncExternalStore } from 'react';

const CHANGED = 'runway:auth-changed';

/** The key prefix of the last signed-in user's stored tokens, or null when there is no usable session. */
export function storedSessionPrefix(): string | null {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith('CognitoIdentityServiceProvider.') || !key.endsWith('.LastAuthUser')) continue;
      const prefix = `${key.slice(0, -'LastAuthUser'.length)}${localStorage.getItem(key)}.`;
      // A refresh token is what keeps a session alive; without one the person is signed out.
      if (localStorage.getItem(`${prefix}refreshToken`)) return prefix;
    }
  } catch {
    // Storage can be unavailable (privacy modes): nobody is signed in then.
  }
  return null;
}

export const hasStoredSession = (): boolean => storedSessionPrefix() !== null;

/** Tells this tab that the session changed (other tabs learn it from the storage event). */
export function announceAuthChange(): void {
  window.dispatchEvent(new Event(CHANGED));
}

export function subscribeToAuthChanges(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeToAuthChanges, hasStoredSession, () => false);
}
