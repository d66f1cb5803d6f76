/**
 * Verifying a Cognito token the way the HTTP API's JWT authorizer does: the signature against the pool's
 * JWKS, the issuer, the expiry, and the app client in `client_id` (access tokens) or `aud` (id tokens). The
 * local gateway (acting as the authorizer) and public routes that accept an optional caller both use it.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

export interface CognitoJwtSettings {
  issuer: string;
  jwksUrl: string;
  /** App client ids a token may be for. */
  clientIds: readonly string[];
}

/** A bad token is the caller's problem; an unreachable or broken key set is the server's. */
export class KeySetUnavailable extends Error {}

export type TokenVerifier = (token: string) => Promise<JWTPayload | null>;

/** Resolves to the token's claims, or null when the token is not good for this pool and client. */
export function cognitoTokenVerifier(settings: CognitoJwtSettings): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(settings.jwksUrl));
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, { issuer: settings.issuer }));
    } catch (error) {
      // jose throws its generic JOSEError only when fetching the key set (an answer other than 200, or not JSON).
      const keySetError = ['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC'];
      const infrastructure = !(error instanceof errors.JOSEError) || keySetError.includes(error.code);
      if (infrastructure) throw new KeySetUnavailable(String(error));
      return null;
    }
    const client = payload.token_use === 'access' ? payload.client_id : payload.aud;
    const clients = Array.isArray(client) ? client : [client];
    if (typeof payload.sub !== 'string' || !clients.some((c) => typeof c === 'string' && settings.clientIds.includes(c))) return null;
    return payload;
  };
}
