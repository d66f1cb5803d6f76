/**
 * Who calls a public route (functions/lib/optional-caller.ts): the caller the gateway attached, else the bearer
 * token checked here against the pool (a key pair made at test time, the key set answered by a stand-in for fetch),
 * else nobody. A header that is there but not a good bearer token is a 401, never a quiet fall back to anonymous.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../functions/domain/errors';
import { optionalCaller } from '../../functions/lib/optional-caller';

const ENDPOINT = 'http://127.0.0.1:9229';
const CLIENT = 'web-client-1';
const SUB = '5f0c6a4e-1b2c-4d3e-8f90-0a1b2c3d4e5f';

let privateKey: CryptoKey;
let jwk: JWK;
/** Each test its own pool, so no verifier made for an earlier test is reused. */
let poolId: string;
let pools = 0;
let asked: string[];

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'pool-key', alg: 'RS256' };
});

const saved = { ...process.env };
beforeEach(() => {
  poolId = `ap-southeast-2_Pool${++pools}`;
  process.env.USER_POOL_ID = poolId;
  process.env.USER_POOL_CLIENT_ID = CLIENT;
  process.env.COGNITO_ENDPOINT = ENDPOINT;
  process.env.AWS_REGION = 'ap-southeast-2';
  asked = [];
  vi.stubGlobal('fetch', async (url: string | URL) => {
    asked.push(String(url));
    return Response.json({ keys: [jwk] });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  process.env = { ...saved };
});

const issuer = () => `${ENDPOINT}/${poolId}`;

async function accessToken(claims: JWTPayload = {}, iss = issuer()): Promise<string> {
  return new SignJWT({ sub: SUB, token_use: 'access', client_id: CLIENT, 'cognito:groups': ['staff'], ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
    .setIssuer(iss)
    .setExpirationTime('1h')
    .sign(privateKey);
}

function event(headers?: Record<string, string>, claims?: Record<string, string>): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/checkout',
    rawPath: '/api/checkout',
    rawQueryString: '',
    headers: headers as APIGatewayProxyEventV2['headers'],
    requestContext: { requestId: 'r1', http: { method: 'POST', sourceIp: '127.0.0.1' }, ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}) } as never,
    isBase64Encoded: false,
  };
}

/** What a caller is told: the 401 the handler stack answers for an 'unauthenticated' domain error. */
async function refusal(e: APIGatewayProxyEventV2): Promise<string> {
  const error = await optionalCaller(e).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

describe('nobody', () => {
  it('without an Authorization header, or with no headers at all', async () => {
    expect(await optionalCaller(event({ 'content-type': 'application/json' }))).toBeNull();
    expect(await optionalCaller(event(undefined))).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('the caller the gateway attached', () => {
  it("is taken as it is, without checking any header again", async () => {
    const claims = { sub: SUB, email: 'kiri@example.com', email_verified: 'true', 'cognito:groups': '[admin staff]' };
    expect(await optionalCaller(event({ authorization: 'Bearer not-checked' }, claims))).toEqual({ sub: SUB, email: 'kiri@example.com', emailVerified: true, groups: ['admin', 'staff'], name: null });
    expect(asked).toEqual([]);
  });
});

describe('a bearer token checked here', () => {
  it("is the token's user, from the pool's key set at the Cognito endpoint", async () => {
    const caller = await optionalCaller(event({ authorization: `Bearer ${await accessToken()}` }));
    expect(caller).toEqual({ sub: SUB, email: null, emailVerified: false, groups: ['staff'], name: null });
    expect(asked).toEqual([`${ENDPOINT}/${poolId}/.well-known/jwks.json`]);
  });

  it("reads the pool's key set once, not on every request", async () => {
    expect(await optionalCaller(event({ authorization: `Bearer ${await accessToken()}` }))).toMatchObject({ sub: SUB });
    expect(await optionalCaller(event({ authorization: `Bearer ${await accessToken({ sub: 'another-user' })}` }))).toMatchObject({ sub: 'another-user' });
    expect(asked).toHaveLength(1);
  });

  it('is read from a capitalised header name, a lower-case scheme and spaces around the token', async () => {
    const good = await accessToken();
    expect(await optionalCaller(event({ Authorization: `Bearer ${good}` }))).toMatchObject({ sub: SUB });
    expect(await optionalCaller(event({ authorization: `bearer   ${good}  ` }))).toMatchObject({ sub: SUB });
  });

  it('finds the key set under an endpoint written with a trailing slash', async () => {
    process.env.COGNITO_ENDPOINT = `${ENDPOINT}//`;
    expect(await optionalCaller(event({ authorization: `Bearer ${await accessToken()}` }))).toMatchObject({ sub: SUB });
    expect(asked).toEqual([`${ENDPOINT}/${poolId}/.well-known/jwks.json`]);
  });

  it("in AWS is checked against the region's Cognito issuer", async () => {
    delete process.env.COGNITO_ENDPOINT;
    const aws = `https://cognito-idp.ap-southeast-2.amazonaws.com/${poolId}`;
    expect(await optionalCaller(event({ authorization: `Bearer ${await accessToken({}, aws)}` }))).toMatchObject({ sub: SUB });
    expect(asked).toEqual([`${aws}/.well-known/jwks.json`]);
  });

  it('is checked against the pool configured now: a token of the earlier pool is refused once the pool changes', async () => {
    const first = await accessToken();
    expect(await optionalCaller(event({ authorization: `Bearer ${first}` }))).toMatchObject({ sub: SUB });
    process.env.USER_POOL_ID = `${poolId}-next`;
    expect(await refusal(event({ authorization: `Bearer ${first}` }))).toBe('unauthenticated');
    expect(await optionalCaller(event({ authorization: `Bearer ${await accessToken({}, `${ENDPOINT}/${poolId}-next`)}` }))).toMatchObject({ sub: SUB });
  });
});

describe('a 401, not anonymous', () => {
  it('for a header that is not a bearer token', async () => {
    const good = await accessToken();
    for (const header of [`Basic ${good}`, 'Bearer', 'Bearer ', `Bearer ${good} extra`, `xBearer ${good}`, good]) {
      expect(await refusal(event({ authorization: header })), header.slice(0, 12)).toBe('unauthenticated');
    }
    expect(asked).toEqual([]);
  });

  it('for a token the pool did not sign or that is for another app client', async () => {
    expect(await refusal(event({ authorization: 'Bearer a.b.c' }))).toBe('unauthenticated');
    expect(await refusal(event({ authorization: `Bearer ${await accessToken({ client_id: 'another-app' })}` }))).toBe('unauthenticated');
  });

  it('for every token when no app client is configured', async () => {
    delete process.env.USER_POOL_CLIENT_ID;
    expect(await refusal(event({ authorization: `Bearer ${await accessToken()}` }))).toBe('unauthenticated');
  });
});

describe('a server problem, not a 401', () => {
  it('when the pool is not configured', async () => {
    delete process.env.USER_POOL_ID;
    await expect(optionalCaller(event({ authorization: `Bearer ${await accessToken()}` }))).rejects.toThrow('USER_POOL_ID is not set');
  });
});
