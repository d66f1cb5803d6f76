/**
 * Who is calling, from the JWT claims the HTTP API authorizer (or the local gateway acting as it) puts on
 * the event. Roles are checked here, inside the handler stack, so AWS and local agree.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ADMIN_GROUP } from '../../shared/roles';

export interface Caller {
  sub: string;
  email: string | null;
  /** The token vouches for the e-mail (id tokens carry email_verified; access tokens carry no e-mail). */
  emailVerified: boolean;
  groups: string[];
}

export interface AuthContext {
  user: Caller | null;
  admin: boolean;
}

type Claims = Record<string, string | number | boolean | string[]>;

/** HTTP API passes list claims as a string such as "[admin staff]"; accept that and real arrays. */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .map((g) => g.replace(/^"|"$/g, ''))
    .filter(Boolean);
}

export function authContext(event: APIGatewayProxyEventV2): AuthContext {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return { user: null, admin: false };
  const groups = parseGroups(claims['cognito:groups']);
  const email = typeof claims.email === 'string' ? claims.email : null;
  const emailVerified = email !== null && String(claims.email_verified) === 'true';
  return { user: { sub: claims.sub, email, emailVerified, groups }, admin: groups.includes(ADMIN_GROUP) };
}
