/**
 * Who is calling, from the JWT claims the HTTP API authorizer (or the local gateway acting as it) puts on
 * the event. Roles are checked here, inside the handler stack, so AWS and local agree.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ADMIN_GROUP, STAFF_GROUP } from '../../shared/roles';

/** Who may call a route: 'staff' is the staff or the admin group (shared/roles.ts); 'admin' the admin group only. */
export type Access = 'public' | 'user' | 'staff' | 'admin';

export interface Caller {
  sub: string;
  email: string | null;
  /** The token vouches for the e-mail (id tokens carry email_verified; access tokens carry no e-mail). */
  emailVerified: boolean;
  groups: string[];
  /** The person's name as the id token gives it (`name`, else `given_name family_name`); access tokens carry none. */
  name?: string | null;
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

/** The caller a token's claims describe, as the authorizer passes them (strings) or as verified (JSON values). */
export function callerOf(claims: Record<string, unknown>): Caller | null {
  if (typeof claims.sub !== 'string') return null;
  const email = typeof claims.email === 'string' ? claims.email : null;
  // HTTP API passes the boolean as the string 'true'; a verified token holds the boolean.
  return { sub: claims.sub, email, emailVerified: email !== null && String(claims.email_verified) === 'true', groups: parseGroups(claims['cognito:groups']), name: nameOf(claims) };
}

const claimText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function nameOf(claims: Record<string, unknown>): string | null {
  const full = claimText(claims.name) || [claimText(claims.given_name), claimText(claims.family_name)].filter(Boolean).join(' ');
  return full || null;
}

/**
 * How staff see who did something (a note's author): the name the token gives, else its e-mail; null when the token
 * names neither (an access token carries only the user id, which means nothing to the yard).
 */
export const displayNameOf = (caller: Caller): string | null => caller.name || caller.email || null;

/** Staff or admin: who may use a route whose access is 'staff'. */
export const isStaff = (auth: AuthContext): boolean => auth.admin || (auth.user?.groups.includes(STAFF_GROUP) ?? false);

export function authContext(event: APIGatewayProxyEventV2): AuthContext {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer?.jwt?.claims;
  const user = claims ? callerOf(claims) : null;
  return { user, admin: user?.groups.includes(ADMIN_GROUP) ?? false };
}
