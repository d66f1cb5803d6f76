/**
 * Connects the API client to the signed-in session without loading Amplify up front: the token module is
 * imported the first time a signed-in request needs it. A 401 refreshes the session once and retries.
 */
import { setAccessTokenProvider } from '../../lib/access-token';
import { hasStoredSession } from './session-flag';

const tokens = () => import('./tokens');

export function registerAccountTokens(): void {
  setAccessTokenProvider(async () => (hasStoredSession() ? (await tokens()).idToken() : null), {
    onUnauthorized: async () => (hasStoredSession() ? (await (await tokens()).idToken(true)) !== null : false),
  });
}

/**
 * A signed-in page starts what its first request waits on (the token module, Amplify, /config.json and the stored
 * session) beside its own chunk, rather than after the chunk has loaded and rendered: the route table calls this as it
 * starts loading the dashboard's, the admin's or the yard's chunk. Nothing happens for a visitor who is signed out.
 */
export function warmSession(): void {
  if (hasStoredSession()) void tokens().then((t) => t.idToken()).catch(() => undefined);
}
