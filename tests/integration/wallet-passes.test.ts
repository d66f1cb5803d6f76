/**
 * Wallet passes through the API: on a stack of its own whose operator has configured both wallets
 * (keys made at test time), the pass view offers them and GET /api/pass/{token}/wallet.pkpass answers a signed pass of
 * that booking to anyone holding the token (anonymous, customers A and B, staff, admin alike: the token is the
 * authority), with the pass's own 404 for a bad or altered token and none for a cancelled booking; the owner's
 * /api/me route says the same. On the shared stack, where nothing is configured, nothing is offered and the file is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/global-setup';
import { request } from '../support/http';
import { readPkpass, verifyDetachedSignature } from '../support/pkpass';
import { createUser, type TestUser } from '../support/users';
import { makeTestWalletKeys, type TestWalletKeys } from '../support/wallet-keys';
import { baseUrl as sharedBaseUrl, checkoutBody } from './payment-support';

const NOT_FOUND = 'This booking pass was not found. Check the link, or ask for a new one from Manage my booking.';
const APPLE_NOT_OFFERED = 'Apple Wallet passes are not offered for this booking.';

let keys: TestWalletKeys;
let stack: TestStack;
let callers: [string, TestUser | null][];
let owner: TestUser;

beforeAll(async () => {
  keys = makeTestWalletKeys();
  stack = await startTestStack('none', 'runway-wallet-', { WALLET_CONFIG: JSON.stringify(keys.config) });
  const [a, b, staff, admin] = await Promise.all([createUser(stack.env), createUser(stack.env), createUser(stack.env, { staff: true }), createUser(stack.env, { admin: true })]);
  owner = a;
  callers = [['anonymous', null], ['customer A', a], ['customer B', b], ['staff', staff], ['admin', admin]];
});

afterAll(async () => {
  await stack?.stop();
});

interface Paid {
  id: string;
  token: string;
  passUrl: string;
  reference: string;
}

/** A paid booking on the stack at `base`, made by `user` when given. */
async function paid(base: string, user?: TestUser): Promise<Paid> {
  const body = checkoutBody({ customer: user ? { email: user.email } : {} });
  const started = await request(base, 'POST', '/api/checkout', body, user ? { authorization: user.bearer } : {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { sessionId, bookingId } = started.body as { sessionId: string; bookingId: string };
  await fetch(`${base}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  const success = await request(base, 'GET', `/api/checkout/${encodeURIComponent(sessionId)}`);
  expect(success.status).toBe(200);
  return { id: bookingId, token: success.body.pass_token, passUrl: success.body.pass_url, reference: success.body.booking_reference };
}

const auth = (user: TestUser | null): Record<string, string> => (user ? { authorization: user.bearer } : {});
const getPass = (base: string, token: string) => request(base, 'GET', `/api/pass/${encodeURIComponent(token)}`);

async function pkpass(base: string, token: string, user: TestUser | null = null) {
  const res = await fetch(`${base}/api/pass/${encodeURIComponent(token)}/wallet.pkpass`, { headers: auth(user) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(new TextDecoder().decode(bytes)) as { message: string } };
}

describe('with both wallets configured', () => {
  it('the pass offers Apple Wallet and a Google save link whose JWT carries this booking, and the owner sees the same', async () => {
    const mine = await paid(stack.env.baseUrl, owner);
    const res = await getPass(stack.env.baseUrl, mine.token);
    expect(res.status).toBe(200);
    expect(res.body.wallet.apple).toBe(true);
    const url: string = res.body.wallet.google_save_url;
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const claims = JSON.parse(Buffer.from(url.split('/').at(-1)!.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.payload.genericObjects[0]).toMatchObject({ id: `3388000000012345678.${mine.id}`, header: { defaultValue: { value: mine.reference } }, barcode: { value: mine.passUrl } });
    expect(claims.origins).toEqual([stack.env.baseUrl]);
    const own = await request(stack.env.baseUrl, 'GET', `/api/me/bookings/${mine.id}/pass`, undefined, auth(owner));
    expect(own.status).toBe(200);
    expect(own.body.wallet.apple).toBe(true);
    expect(own.body.wallet.google_save_url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  });

  it('the .pkpass of a token, for every kind of caller: signed, the booking reference and the pass link in its QR code', async () => {
    const mine = await paid(stack.env.baseUrl);
    for (const [who, user] of callers) {
      const res = await pkpass(stack.env.baseUrl, mine.token, user);
      expect(res.status, who).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="runway-parking-${mine.reference}.pkpass"`);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { passJson, files } = readPkpass(res.bytes);
      expect(passJson.serialNumber).toBe(mine.id);
      expect(passJson.barcodes[0].message).toBe(mine.passUrl);
      expect(passJson.generic.primaryFields[0].value).toBe(mine.reference);
      expect((await verifyDetachedSignature(files.signature!, files['manifest.json']!, keys.caPem)).valid).toBe(true);
    }
  });

  it("a made-up, altered or unknown token gets the pass's own 404, whoever asks", async () => {
    const mine = await paid(stack.env.baseUrl);
    const altered = `${mine.token.slice(0, -1)}${mine.token.at(-1) === 'A' ? 'B' : 'A'}`;
    const otherId = mine.token.replace(mine.id, '00000000-0000-4000-8000-000000000000');
    for (const token of ['p1.made-up.AAAAAAAAAAAAAAAAAAAAAA', altered, otherId, 'nonsense']) {
      for (const [who, user] of callers) {
        const res = await pkpass(stack.env.baseUrl, token, user);
        expect({ who, status: res.status, body: res.json() }).toEqual({ who, status: 404, body: { message: NOT_FOUND } });
      }
    }
  });

  it('a cancelled booking offers no wallet and has no pass to add', async () => {
    const mine = await paid(stack.env.baseUrl);
    expect((await request(stack.env.baseUrl, 'POST', `/api/pass/${encodeURIComponent(mine.token)}/cancellation`, {})).status).toBe(200);
    expect((await getPass(stack.env.baseUrl, mine.token)).body.wallet).toEqual({ apple: false, google_save_url: null });
    const res = await pkpass(stack.env.baseUrl, mine.token);
    expect({ status: res.status, body: res.json() }).toEqual({ status: 409, body: { message: 'This booking is cancelled, so there is no pass to add to a wallet.' } });
  });
});

describe('with no wallet configured (the shared stack)', () => {
  it('the pass offers none and the .pkpass is 404, while a bad token still reads as the missing pass', async () => {
    const mine = await paid(sharedBaseUrl);
    expect((await getPass(sharedBaseUrl, mine.token)).body.wallet).toEqual({ apple: false, google_save_url: null });
    const res = await pkpass(sharedBaseUrl, mine.token);
    expect({ status: res.status, body: res.json() }).toEqual({ status: 404, body: { message: APPLE_NOT_OFFERED } });
    const bad = await pkpass(sharedBaseUrl, 'p1.made-up.AAAAAAAAAAAAAAAAAAAAAA');
    expect({ status: bad.status, body: bad.json() }).toEqual({ status: 404, body: { message: NOT_FOUND } });
  });
});
