/**
 * The local gateway checks bearer tokens like the HTTP API JWT authorizer, and the handler stack applies
 * the route's access rule from the claims: anonymous, customer A, customer B and admin.
 */
import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
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

/**
 * The authorizer's other checks, with a signing key this test owns (served as the JWKS): a token must be
 * unexpired, from the pool's issuer, and for the app client (client_id on access tokens, aud on id tokens).
 */
describe('the JWT checks, claim by claim', () => {
  const issuer = 'https://cognito-idp.local/pool_test';
  const clientId = 'client-test';
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let jwksServer: Server;
  let gatewayServer: Server;
  let url: string;

  beforeAll(async () => {
    keys = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', () => r()));
    const gateway = createGateway({
      routes: testRoutes,
      jwt: { issuer, jwksUrl: `http://127.0.0.1:${(jwksServer.address() as { port: number }).port}/jwks.json`, audience: [clientId] },
    });
    gatewayServer = createServer((req, res) => void gateway.handle(req, res, Buffer.alloc(0)));
    await new Promise<void>((r) => gatewayServer.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(gatewayServer.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => gatewayServer.close(() => r()));
    await new Promise<void>((r) => jwksServer.close(() => r()));
  });

  const sign = (claims: JWTPayload, { iss = issuer, expiresAt = '1h' }: { iss?: string; expiresAt?: string | number } = {}) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(iss).setIssuedAt().setExpirationTime(expiresAt).sign(keys.privateKey);
  const status = async (token: string) =>
    (await request(url, 'GET', '/api/test/user/1', undefined, { 'x-test-access': 'user', authorization: `Bearer ${token}` })).status;
  const access = { sub: 'user-1', token_use: 'access', client_id: clientId };

  it('admits a good access token and a good id token', async () => {
    expect(await status(await sign(access))).toBe(200);
    expect(await status(await sign({ sub: 'user-1', token_use: 'id', aud: clientId }))).toBe(200);
  });

  it('refuses an expired token', async () => {
    expect(await status(await sign(access, { expiresAt: Math.floor(Date.now() / 1000) - 60 }))).toBe(401);
  });

  it('refuses a token from another issuer', async () => {
    expect(await status(await sign(access, { iss: 'https://cognito-idp.local/another_pool' }))).toBe(401);
  });

  it('refuses a token for another app client', async () => {
    expect(await status(await sign({ ...access, client_id: 'another-client' }))).toBe(401);
    expect(await status(await sign({ sub: 'user-1', token_use: 'id', aud: 'another-client' }))).toBe(401);
    expect(await status(await sign({ sub: 'user-1', token_use: 'access' }))).toBe(401);
  });
});
