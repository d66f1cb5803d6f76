/** Where signed-in API requests get their bearer token (registered by the accounts feature). */

/** Resolves to the current token, or null when nobody is signed in. */
export type AccessTokenProvider = () => Promise<string | null>;

export interface AccessTokenOptions {
  /**
   * Called when an `auth` request is answered 401. Resolve true once the session has been refreshed to
   * retry the request once with a new token; false (or no handler) lets the 401 reach the caller.
   */
  onUnauthorized?: () => Promise<boolean>;
}

let tokens: ({ getAccessToken: AccessTokenProvider } & AccessTokenOptions) | null = null;

/** Registers (or with null, removes) where `auth` requests get their bearer token. */
export function setAccessTokenProvider(getAccessToken: AccessTokenProvider | null, options: AccessTokenOptions = {}): void {
  tokens = getAccessToken ? { getAccessToken, ...options } : null;
}

export function accessTokens(): ({ getAccessToken: AccessTokenProvider } & AccessTokenOptions) | null {
  return tokens;
}
