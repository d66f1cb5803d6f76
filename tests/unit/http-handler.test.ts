import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { parseGroups } from '../../functions/lib/auth';
import { conflict } from '../../functions/domain/errors';
import { httpHandler } from '../../functions/lib/http';
import { logger } from '../../functions/lib/logger';

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 5000 } as unknown as Context;

function event(body?: string, claims?: Record<string, string>, headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' }): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/x',
    rawPath: '/api/x',
    rawQueryString: '',
    headers,
    requestContext: { requestId: 'r1', http: { method: 'POST' }, ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}) } as never,
    body,
    isBase64Encoded: false,
  };
}

const call = async (h: ReturnType<typeof httpHandler>, e: APIGatewayProxyEventV2) => {
  const r = (await h(e, context)) as APIGatewayProxyStructuredResultV2;
  return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
};

afterEach(() => vi.restoreAllMocks());

describe('handler stack', () => {
  const schema = z.strictObject({ name: z.string().min(2, 'Name must be at least 2 characters') });

  it('validates the body and reports one message per field', async () => {
    const h = httpHandler({ access: 'public', body: schema }, async ({ body }) => ({ body }));
    expect(await call(h, event('{"name":"Al"}'))).toEqual({ status: 200, body: { name: 'Al' } });
    expect(await call(h, event('{"name":"A"}'))).toEqual({
      status: 400,
      body: { message: 'Name must be at least 2 characters', fieldErrors: { name: 'Name must be at least 2 characters' } },
    });
  });

  it('gives the generic message when fields have different or unspecific problems', async () => {
    const two = z.strictObject({ name: z.string().min(2, 'Name must be at least 2 characters'), age: z.number().min(18, 'Too young') });
    const h = httpHandler({ access: 'public', body: two }, async ({ body }) => ({ body }));
    expect((await call(h, event('{"name":"A","age":3}'))).body.message).toBe('Please check the highlighted fields');
    expect(await call(h, event('{"name":"Al"}'))).toEqual({ status: 400, body: { message: 'Please check the highlighted fields', fieldErrors: { age: 'Required' } } });
    expect((await call(h, event('{"name":"Al","age":20,"x":1}'))).body.message).toBe('Please check the highlighted fields');
  });

  it('maps typed errors to their status', async () => {
    const h = httpHandler({ access: 'public' }, async () => {
      throw conflict('A customer with this email already exists', { email: 'A customer with this email already exists' });
    });
    expect(await call(h, event())).toEqual({
      status: 409,
      body: { message: 'A customer with this email already exists', fieldErrors: { email: 'A customer with this email already exists' } },
    });
  });

  it('hides unexpected errors behind a generic 500 and logs one structured line', async () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const h = httpHandler({ access: 'public' }, async () => {
      throw new Error('secret internals');
    });
    const res = await call(h, event());
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]![1]).toMatchObject({ error: { message: 'secret internals' }, routeKey: 'POST /api/x' });
  });

  it('checks access from the claims: user needs a subject, admin needs the admin group', async () => {
    const user = httpHandler({ access: 'user' }, async ({ auth }) => ({ body: auth }));
    const admin = httpHandler({ access: 'admin' }, async () => ({ body: { ok: true } }));
    expect((await call(user, event())).status).toBe(401);
    expect((await call(user, event(undefined, { sub: 'u1', 'cognito:groups': '[staff]' }))).body).toEqual({
      user: { sub: 'u1', email: null, emailVerified: false, groups: ['staff'], name: null },
      admin: false,
    });
    // Only an id token vouches for the e-mail (HTTP API passes the claim as the string 'true').
    const verified = await call(user, event(undefined, { sub: 'u3', email: 'a@b.nz', email_verified: 'true' }));
    expect(verified.body.user).toMatchObject({ email: 'a@b.nz', emailVerified: true });
    const unverified = await call(user, event(undefined, { sub: 'u4', email: 'a@b.nz', email_verified: 'false' }));
    expect(unverified.body.user).toMatchObject({ email: 'a@b.nz', emailVerified: false });
    expect((await call(admin, event(undefined, { sub: 'u1' }))).status).toBe(403);
    expect((await call(admin, event(undefined, { sub: 'u2', 'cognito:groups': '[admin]' }))).status).toBe(200);
  });

  it('takes a body only as JSON: anything a page on another site could post without asking is a 415', async () => {
    const seen: unknown[] = [];
    const h = httpHandler({ access: 'public', body: schema }, async ({ body }) => (seen.push(body), { status: 201, body }));
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'application/json; charset=latin1', '']) {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      expect(await call(h, event('{"name":"Al"}', undefined, headers)), type || 'no content type').toEqual({
        status: 415,
        body: { message: 'The request body must be sent as JSON (Content-Type: application/json)' },
      });
    }
    expect(seen).toEqual([]);
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
      expect((await call(h, event('{"name":"Al"}', undefined, { 'content-type': type }))).status, type).toBe(201);
    }
  });

  it('judges the content type of a route that reads its body itself, and not of a request without one', async () => {
    const own = httpHandler({ access: 'public' }, async ({ rawBody }) => ({ status: 201, body: { rawBody } }));
    expect((await call(own, event('{"a":1}', undefined, { 'content-type': 'text/plain' }))).status).toBe(415);
    expect((await call(own, event(undefined, undefined, { 'content-type': 'text/plain' }))).status).toBe(201);
    // The Stripe webhook checks a signature over the bytes as Stripe sends them.
    const raw = httpHandler({ access: 'public', accepts: 'any' }, async ({ rawBody }) => ({ body: { rawBody } }));
    expect(await call(raw, event('id=1', undefined, { 'content-type': 'text/plain' }))).toEqual({ status: 200, body: { rawBody: 'id=1' } });
  });

  it('reads groups the way HTTP API passes them', () => {
    expect(parseGroups('[admin staff]')).toEqual(['admin', 'staff']);
    expect(parseGroups(['admin'])).toEqual(['admin']);
    expect(parseGroups('')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
  });
});
