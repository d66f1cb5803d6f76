/**
 * The API client's token source for signed-in requests: the id token (it carries the e-mail, whether it is
 * verified, and the groups the API reads), refreshed by Amplify before it expires, or on demand after a 401.
 */
import { fetchAuthSession } from '@aws-amplify/core';
import { ensureAmplify } from './amplify';
import { announceAuthChange } from './session-hint';

export async function idToken(forceRefresh = false): Promise<string | null> {
  await ensureAmplify();
  try {
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    // A refresh token that no longer works means signed out; the header must say so.
    announceAuthChange();
    return null;
  }
}

/** The groups in the current, freshly checked id token ('admin' for staff); null when signed out. */
export async function currentGroups(): Promise<string[] | null> {
  await ensureAmplify();
  try {
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    if (!payload) return null;
    const groups = payload['cognito:groups'];
    return Array.isArray(groups) ? groups.map(String) : [];
  } catch {
    announceAuthChange();
    return null;
  }
}
