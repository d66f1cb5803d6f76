/**
 * Who is calling and what they may do (functions/lib/auth.ts), from the claims the HTTP API's authorizer attaches
 * (list claims as a string such as "[admin staff]") or a verified token holds (real JSON values): each route's
 * access rule as a caller meets it through the handler stack (401, 403 or the answer), and the caller each set of
 * claims describes.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { authContext, callerOf, isStaff, parseGroups, type Access } from '../../functions/lib/auth';
import { httpHandler } from '../../functions/lib/http';

const SUB = '5f0c6a4e-1b2c-4d3e-8f90-0a1b2c3d4e5f';
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 5000 } as unknown as Context;

function event(claims?: Record<string, string | boolean | string[]>): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /api/x',
    rawPath: '/api/x',
    rawQueryString: '',
    headers: {},
    requestContext: { requestId: 'r1', http: { method: 'GET', sourceIp: '127.0.0.1' }, ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}) } as never,
    isBase64Encoded: false,
  };
}

async function call(access: Access, claims?: Record<string, string | boolean | string[]>) {
  const handler = httpHandler({ access }, async ({ auth }) => ({ body: { sub: auth.user?.sub ?? null, admin: auth.admin } }));
  const r = (await handler(event(claims), context)) as APIGatewayProxyStructuredResultV2;
  return { status: r.statusCode, body: JSON.parse(r.body!) as Record<string, unknown> };
}

const FORBIDDEN = { status: 403, body: { message: "You don't have admin privileges to access this page" } };
const UNAUTHORIZED = { status: 401, body: { message: 'Unauthorized' } };

describe("each route's access, as a caller meets it", () => {
  const customer = { sub: SUB, email: 'kiri@example.com' };
  const staff = { sub: SUB, 'cognito:groups': '[staff]' };
  const admin = { sub: SUB, 'cognito:groups': '[admin]' };

  it('public: anyone, signed in or not', async () => {
    expect(await call('public')).toEqual({ status: 200, body: { sub: null, admin: false } });
    expect(await call('public', customer)).toEqual({ status: 200, body: { sub: SUB, admin: false } });
  });

  it('user: any signed-in caller; nobody, or claims without a user, is a 401', async () => {
    expect(await call('user')).toEqual(UNAUTHORIZED);
    expect(await call('user', { email: 'kiri@example.com' })).toEqual(UNAUTHORIZED);
    expect(await call('user', customer)).toEqual({ status: 200, body: { sub: SUB, admin: false } });
  });

  it('staff: the staff group or the admin group; a customer is a 403', async () => {
    expect(await call('staff')).toEqual(UNAUTHORIZED);
    expect(await call('staff', customer)).toEqual(FORBIDDEN);
    expect(await call('staff', { ...customer, 'cognito:groups': '[customers]' })).toEqual(FORBIDDEN);
    expect(await call('staff', staff)).toEqual({ status: 200, body: { sub: SUB, admin: false } });
    expect(await call('staff', admin)).toEqual({ status: 200, body: { sub: SUB, admin: true } });
  });

  it('admin: the admin group only; staff and customers are a 403', async () => {
    expect(await call('admin')).toEqual(UNAUTHORIZED);
    expect(await call('admin', customer)).toEqual(FORBIDDEN);
    expect(await call('admin', staff)).toEqual(FORBIDDEN);
    expect(await call('admin', { sub: SUB, 'cognito:groups': '[administrators staff]' })).toEqual(FORBIDDEN);
    expect(await call('admin', admin)).toEqual({ status: 200, body: { sub: SUB, admin: true } });
    expect(await call('admin', { sub: SUB, 'cognito:groups': '[staff admin]' })).toEqual({ status: 200, body: { sub: SUB, admin: true } });
  });
});

describe('the groups a token puts its caller in', () => {
  it("are read from the authorizer's string form, with or without brackets, commas or quotes", () => {
    expect(parseGroups('[admin staff]')).toEqual(['admin', 'staff']);
    expect(parseGroups('[admin]')).toEqual(['admin']);
    expect(parseGroups('admin staff')).toEqual(['admin', 'staff']);
    expect(parseGroups('["admin", "staff"]')).toEqual(['admin', 'staff']);
    expect(parseGroups('[admin,  staff]')).toEqual(['admin', 'staff']);
    expect(parseGroups('staff')).toEqual(['staff']);
  });

  it('keep a bracket or quote that is part of a name, and only strip those around the list and each name', () => {
    expect(parseGroups('[a]b staff]')).toEqual(['a]b', 'staff']);
    expect(parseGroups('[a"b]')).toEqual(['a"b']);
    expect(parseGroups('[a[b staff]')).toEqual(['a[b', 'staff']);
  });

  it('are a real list as it is (a verified token)', () => {
    expect(parseGroups(['admin', 'staff'])).toEqual(['admin', 'staff']);
  });

  it('are none for an empty, blank or bracketed empty claim, or none at all', () => {
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups('')).toEqual([]);
    expect(parseGroups('   ')).toEqual([]);
    expect(parseGroups('[]')).toEqual([]);
    expect(parseGroups(42)).toEqual([]);
  });
});

describe('the caller claims describe', () => {
  it('has the user id, e-mail, whether the e-mail is vouched for, groups and name', () => {
    expect(callerOf({ sub: SUB, email: 'kiri@example.com', email_verified: 'true', 'cognito:groups': '[staff]', given_name: 'Kiri', family_name: 'Tane' })).toEqual({
      sub: SUB,
      email: 'kiri@example.com',
      emailVerified: true,
      groups: ['staff'],
      name: 'Kiri Tane',
    });
    expect(callerOf({ sub: SUB, email: 'kiri@example.com', email_verified: true })).toMatchObject({ emailVerified: true, groups: [], name: null });
  });

  it('vouches for the e-mail only when the token says so, and never without an e-mail', () => {
    expect(callerOf({ sub: SUB, email: 'kiri@example.com', email_verified: 'false' })).toMatchObject({ email: 'kiri@example.com', emailVerified: false });
    expect(callerOf({ sub: SUB, email: 'kiri@example.com' })).toMatchObject({ emailVerified: false });
    expect(callerOf({ sub: SUB, email_verified: 'true' })).toMatchObject({ email: null, emailVerified: false });
    expect(callerOf({ sub: SUB, email: 42, email_verified: true })).toMatchObject({ email: null, emailVerified: false });
  });

  it('is nobody without a user id', () => {
    expect(callerOf({ email: 'kiri@example.com' })).toBeNull();
    expect(callerOf({ sub: 7 })).toBeNull();
  });

  it('is an admin only in the admin group, and staff in either group', () => {
    const admin = authContext(event({ sub: SUB, 'cognito:groups': ['admin'] }));
    const staff = authContext(event({ sub: SUB, 'cognito:groups': '[staff]' }));
    const customer = authContext(event({ sub: SUB }));
    expect([admin.admin, isStaff(admin)]).toEqual([true, true]);
    expect([staff.admin, isStaff(staff)]).toEqual([false, true]);
    expect([customer.admin, isStaff(customer)]).toEqual([false, false]);
    expect(authContext(event())).toEqual({ user: null, admin: false });
    // An authorizer without JWT claims (none on a public route) is nobody, not an error.
    expect(authContext({ ...event(), requestContext: { ...event().requestContext, authorizer: {} } as never })).toEqual({ user: null, admin: false });
    expect(isStaff({ user: null, admin: false })).toBe(false);
  });
});
