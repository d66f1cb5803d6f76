/**
 * Who is calling a public route, if anyone. API Gateway (and the local gateway acting as it) checks
 * tokens and attaches claims only on protected routes, so a public route that behaves differently for a
 * signed-in caller (checkout records the user on the booking) verifies the bearer token itself, with the
 * same rules as the JWT authorizer: signature against the pool's JWKS, issuer, expiry, and the app
 * client in `client_id` (access token) or `aud` (id token). A token that fails is a 401, never a silent
 * fall back to anonymous.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { authContext, callerOf, type Caller } from './auth';
import { unauthorized } from '../domain/errors';
import { cognitoTokenVerifier, type TokenVerifier } from './jwt';

let verifier: { issuer: string; verify: TokenVerifier } | undefined;

function issuerUrl(): string {
  const poolId = process.env.USER_POOL_ID;
  if (!poolId) throw new Error('USER_POOL_ID is not set');
  const endpoint = process.env.COGNITO_ENDPOINT;
  if (endpoint) return `${endpoint.replace(/\/+$/, '')}/${poolId}`;
  return `https://cognito-idp.${process.env.AWS_REGION}.amazonaws.com/${poolId}`;
}

function currentVerifier(): TokenVerifier {
  const issuer = issuerUrl();
  if (verifier?.issuer !== issuer) {
    const clientId = process.env.USER_POOL_CLIENT_ID;
    verifier = { issuer, verify: cognitoTokenVerifier({ issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, clientIds: clientId ? [clientId] : [] }) };
  }
  return verifier.verify;
}

export async function optionalCaller(event: APIGatewayProxyEventV2): Promise<Caller | null> {
  const attached = authContext(event).user;
  if (attached) return attached;
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  if (!header) return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token) throw unauthorized();
  // An unreachable key set throws (ours, a 500); a bad token is the caller's (401).
  const payload = await currentVerifier()(token);
  if (!payload) throw unauthorized();
  return callerOf(payload);
}
