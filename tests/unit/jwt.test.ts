/**
 * Verifying a Cognito token as the HTTP API's JWT authorizer does (functions/lib/jwt.ts), with a key pair made at
 * test time and the pool's key set answered by a stand-in for fetch: what the verifier accepts, what it turns away
 * as the caller's bad token (null: a 401), and what it reports as the server's problem (an unreachable or broken
 * key set: KeySetUnavailable, a 500 rather than signing the traveller out).
 */
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cognitoTokenVerifier, KeySetUnavailable } from '../../functions/lib/jwt';

const ISSUER = 'http://127.0.0.1:9229/ap-southeast-2_TestPool';
const JWKS_URL = `${ISSUER}/.well-known/jwks.json`;
const CLIENT = 'web-client-1';
const SUB = '5f0c6a4e-1b2c-4d3e-8f90-0a1b2c3d4e5f';

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let pool: Keys;
let stranger: Keys;
let poolJwk: JWK;

beforeAll(async () => {
  [pool, stranger] = await Promise.all([generateKeyPair('RS256', { extractable: true }), generateKeyPair('RS256', { extractable: true })]);
  poolJwk = { ...(await exportJWK(pool.publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
});

/** The key set the pool publishes; the URLs asked for are recorded. */
function serveKeySet(answer: () => Promise<Response> | Response = () => Response.json({ keys: [poolJwk] })): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string | URL) => {
    asked.push(String(url));
    return answer();
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const hour = 3600;
const now = () => Math.floor(Date.now() / 1000);

/** An access token for CLIENT signed with the pool's key, with `claims` changed. */
async function token(claims: JWTPayload = {}, options: { key?: Keys; kid?: string; alg?: string; issuer?: string; expires?: number } = {}): Promise<string> {
  const body: JWTPayload = { sub: SUB, token_use: 'access', client_id: CLIENT, 'cognito:groups': ['staff'], ...claims };
  return new SignJWT(body)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'pool-key' })
    .setIssuer(options.issuer ?? ISSUER)
    .setIssuedAt(now() - 60)
    .setExpirationTime(options.expires ?? now() + hour)
    .sign((options.key ?? pool).privateKey);
}

const verifier = (clientIds: readonly string[] = [CLIENT]) => cognitoTokenVerifier({ issuer: ISSUER, jwksUrl: JWKS_URL, clientIds });

describe('a good token', () => {
  it("is an access token for the app client: its claims, from the pool's published key set", async () => {
    const asked = serveKeySet();
    const payload = await verifier()(await token());
    expect(payload).toMatchObject({ sub: SUB, token_use: 'access', client_id: CLIENT, iss: ISSUER, 'cognito:groups': ['staff'] });
    expect(asked).toEqual([JWKS_URL]);
  });

  it('is an id token whose audience is the app client, alone or in a list', async () => {
    serveKeySet();
    const verify = verifier();
    const id = { token_use: 'id', client_id: undefined, email: 'kiri@example.com' };
    expect(await verify(await token({ ...id, aud: CLIENT }))).toMatchObject({ sub: SUB, aud: CLIENT, email: 'kiri@example.com' });
    expect(await verify(await token({ ...id, aud: ['another-app', CLIENT] }))).toMatchObject({ sub: SUB });
  });

  it('is accepted for any of the app clients the pool lists', async () => {
    serveKeySet();
    expect(await verifier(['admin-client', CLIENT])(await token())).toMatchObject({ sub: SUB });
  });
});

describe("a token that is not good for this pool and client is the caller's (null, a 401)", () => {
  it('from another issuer, even signed with the right key', async () => {
    serveKeySet();
    expect(await verifier()(await token({}, { issuer: 'http://127.0.0.1:9229/ap-southeast-2_OtherPool' }))).toBeNull();
  });

  it('past its expiry', async () => {
    serveKeySet();
    expect(await verifier()(await token({ iat: now() - 3 * hour }, { expires: now() - hour }))).toBeNull();
  });

  it('signed with a key the pool does not publish, under its key id or another', async () => {
    serveKeySet();
    const verify = verifier();
    expect(await verify(await token({}, { key: stranger }))).toBeNull();
    expect(await verify(await token({}, { key: stranger, kid: 'unknown-key' }))).toBeNull();
  });

  it('with a signing algorithm the key is not for, or none', async () => {
    serveKeySet();
    const hmac = await new SignJWT({ sub: SUB, token_use: 'access', client_id: CLIENT })
      .setProtectedHeader({ alg: 'HS256', kid: 'pool-key' })
      .setIssuer(ISSUER)
      .setExpirationTime(now() + hour)
      .sign(new TextEncoder().encode('a-shared-secret-anyone-could-guess-000'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'pool-key' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: SUB, token_use: 'access', client_id: CLIENT, iss: ISSUER, exp: now() + hour })).toString('base64url')}.`;
    expect(await verifier()(hmac)).toBeNull();
    expect(await verifier()(unsigned)).toBeNull();
  });

  it('that is not a token at all', async () => {
    serveKeySet();
    expect(await verifier()('not-a-jwt')).toBeNull();
  });

  it("an access token for another app client, even with this client as its audience", async () => {
    serveKeySet();
    expect(await verifier()(await token({ client_id: 'another-app', aud: CLIENT }))).toBeNull();
  });

  it("an id token for another app client, even with this client in client_id", async () => {
    serveKeySet();
    expect(await verifier()(await token({ token_use: 'id', aud: 'another-app', client_id: CLIENT }))).toBeNull();
    expect(await verifier()(await token({ token_use: 'id', client_id: CLIENT }))).toBeNull();
  });

  it('without a user (no subject)', async () => {
    serveKeySet();
    expect(await verifier()(await token({ sub: undefined }))).toBeNull();
  });

  it('when the pool lists no app client', async () => {
    serveKeySet();
    expect(await verifier([])(await token())).toBeNull();
  });
});

describe("a key set that cannot be read is the server's problem (KeySetUnavailable), not the caller's", () => {
  it('unreachable', async () => {
    serveKeySet(() => Promise.reject(new TypeError('fetch failed')));
    await expect(verifier()(await token())).rejects.toBeInstanceOf(KeySetUnavailable);
  });

  it('too slow to answer', async () => {
    serveKeySet(() => Promise.reject(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' })));
    await expect(verifier()(await token())).rejects.toBeInstanceOf(KeySetUnavailable);
  });

  it('answering with an error status, or with something that is not JSON', async () => {
    serveKeySet(() => new Response('Service Unavailable', { status: 503 }));
    await expect(verifier()(await token())).rejects.toBeInstanceOf(KeySetUnavailable);
    serveKeySet(() => new Response('<html>maintenance</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(verifier()(await token())).rejects.toBeInstanceOf(KeySetUnavailable);
  });

  it('not a key set', async () => {
    serveKeySet(() => Response.json({ keys: 'none' }));
    await expect(verifier()(await token())).rejects.toBeInstanceOf(KeySetUnavailable);
  });
});
