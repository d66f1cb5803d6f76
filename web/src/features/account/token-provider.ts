/**
 * Connects the API client to the signed-in session without loading Amplify up front: the token module is
 * imported the first time a signed-in request needs it. A 401 refreshes the session once and retries.
 */
import { setAccessTokenProvider } from '../../lib/api-client';
import { readSessionHint } from './session-hint';

const tokens = () => import('./tokens');

export function registerAccountTokens(): void {
  setAccessTokenProvider(async () => (readSessionHint() ? (await tokens()).idToken() : null), {
    onUnauthorized: async () => (readSessionHint() ? (await (await tokens()).idToken(true)) !== null : false),
  });
}
