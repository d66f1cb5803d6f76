/**
 * The local gateway checks bearer tokens like the HTTP API JWT authorizer, and the handler stack applies
 * the route's access rule from the claims: anonymous, customer A, customer B and admin.
 */
import { createServer, type Server } from 'node:http';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RouteDef } from '../../functions/routes';
import { createGateway } from '../../local/gateway';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';

const env = inject('env');
const entry = '../tests/fixtures/echo-caller.ts';
const testRoutes: RouteDef[] = [
  { method: 'GET', path: '/api/test/public', access: 'public', entry, needs: [] },
  { method: 'GET', path: '/api/test/user/{id}', access: 'user', entry, needs: [] },
  { method: 'GET', path: '/api/test/admin', access: 'admin', entry, needs: [] },
];

let server: Server;
let base: string;
let customerA: TestUser;
let customerB: TestUser;
let admin: TestUser;

beforeAll(async () => {
  const gateway = createGateway({
    routes: testRoutes,
    jwt: {
      issuer: `${env.cognitoEndpoint}/${env.userPoolId}`,
      jwksUrl: `${env.cognitoEndpoint}/${env.userPoolId}/.well-known/jwks.json`,
      audience: [env.userPoolClientId],
    },
  });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void gateway.handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  [customerA, customerB, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { admin: true })]);
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const call = (path: string, access: string, user?: TestUser, token?: string) =>
  request(base, 'GET', path, undefined, {
    'x-test-access': access,
    ...(user ? { authorization: user.bearer } : token ? { authorization: `Bearer ${token}` } : {}),
  });

describe('user routes', () => {
  it('refuse anonymous callers with 401', async () => {
    expect((await call('/api/test/user/1', 'user')).status).toBe(401);
  });

  it('pass each customer their own identity, never another one', async () => {
    const a = await call('/api/test/user/1', 'user', customerA);
    const b = await call('/api/test/user/1', 'user', customerB);
    expect(a.status).toBe(200);
    expect(a.body.user.sub).toBe(customerA.sub);
    expect(a.body.user.email).toBeNull(); // access tokens carry no e-mail, in Cognito as here
    expect(a.body.admin).toBe(false);
    expect(b.body.user.sub).toBe(customerB.sub);
  });

  it('accept id tokens too (the authorizer accepts aud = client id)', async () => {
    const res = await call('/api/test/user/1', 'user', undefined, customerA.idToken);
    expect(res.status).toBe(200);
    expect(res.body.user.sub).toBe(customerA.sub);
    expect(res.body.user.email).toBe(customerA.email);
  });

  it('refuse a token signed by someone else, even with the right claims', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: customerA.sub, token_use: 'access', client_id: env.userPoolClientId, 'cognito:groups': ['admin'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(`${env.cognitoEndpoint}/${env.userPoolId}`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await call('/api/test/admin', 'admin', undefined, forged)).status).toBe(401);
  });

  it('refuse a malformed bearer', async () => {
    expect((await call('/api/test/user/1', 'user', undefined, 'not-a-jwt')).status).toBe(401);
  });
});

describe('admin routes', () => {
  it('refuse anonymous (401) and customers (403 with the spec text)', async () => {
    expect((await call('/api/test/admin', 'admin')).status).toBe(401);
    const res = await call('/api/test/admin', 'admin', customerA);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You don't have admin privileges to access this page");
  });

  it('admit members of the admin group', async () => {
    const res = await call('/api/test/admin', 'admin', admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ admin: true, user: { sub: admin.sub, groups: ['admin'] } });
  });
});

describe('public routes', () => {
  it('carry no identity even when a token is sent (the authorizer does not run there)', async () => {
    const res = await call('/api/test/public', 'public', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null, admin: false });
  });
});
