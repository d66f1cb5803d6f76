/**
 * Who is calling a public route, if anyone. API Gateway (and the local gateway acting as it) checks
 * tokens and attaches claims only on protected routes, so a public route that behaves differently for a
 * signed-in caller (checkout records the user on the booking) verifies the bearer token itself, with the
 * same rules as the JWT authorizer: signature against the pool's JWKS, issuer, expiry, and the app
 * client in `client_id` (access token) or `aud` (id token). A token that fails is a 401, never a silent
 * fall back to anonymous.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { authContext, parseGroups, type Caller } from './auth';
import { unauthorized } from './errors';

let verifier: { issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> } | undefined;

function issuerUrl(): string {
  const poolId = process.env.USER_POOL_ID;
  if (!poolId) throw new Error('USER_POOL_ID is not set');
  const endpoint = process.env.COGNITO_ENDPOINT;
  if (endpoint) return `${endpoint.replace(/\/+$/, '')}/${poolId}`;
  return `https://cognito-idp.${process.env.AWS_REGION}.amazonaws.com/${poolId}`;
}

function currentVerifier() {
  const issuer = issuerUrl();
  if (verifier?.issuer !== issuer) verifier = { issuer, jwks: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)) };
  return verifier;
}

export async function optionalCaller(event: APIGatewayProxyEventV2): Promise<Caller | null> {
  const attached = authContext(event).user;
  if (attached) return attached;
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  if (!header) return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token) throw unauthorized();
  const { issuer, jwks } = currentVerifier();
  let payload;
  try {
    ({ payload } = await jwtVerify(token, jwks, { issuer }));
  } catch (error) {
    // A bad token is the caller's problem (401); an unreachable or broken key set is ours.
    const infrastructure = !(error instanceof errors.JOSEError) || error.code === 'ERR_JWKS_TIMEOUT' || error.code === 'ERR_JWKS_INVALID';
    if (infrastructure) throw error;
    throw unauthorized();
  }
  const clientId = process.env.USER_POOL_CLIENT_ID;
  const audience = payload.token_use === 'access' ? payload.client_id : payload.aud;
  const audiences = Array.isArray(audience) ? audience : [audience];
  if (!clientId || !audiences.includes(clientId) || typeof payload.sub !== 'string') throw unauthorized();
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : null,
    emailVerified: typeof payload.email === 'string' && String(payload.email_verified) === 'true',
    groups: parseGroups(payload['cognito:groups']),
  };
}
