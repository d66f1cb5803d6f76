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
