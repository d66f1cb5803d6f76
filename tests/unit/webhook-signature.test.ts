/**
 * The Stripe webhook's signature check (functions/lib/stripe.ts, verifiedEvent): an event is read only when Stripe's
 * signature over the exact body is valid and dated within 5 minutes of now, either way. Signatures are made here with
 * Stripe's own test helper and a test secret; nothing leaves the machine. And the SDK client the stand-in gets.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SECRET = 'whsec_unit_test_secret';
const VARS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_ID', 'STRIPE_WEBHOOK_SECRET_ID', 'STRIPE_STANDIN_URL', 'STRIPE_STANDIN_WEBHOOK_SECRET'];
const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));
const sdk = new Stripe('sk_test_unit');
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_1' } } });
// Both of a signature's limits are judged on the `now` given (the clock's), so any instant will do.
const NOW = Date.now();
const nowSeconds = Math.floor(NOW / 1000);

const sign = (timestamp: number, secret = SECRET, body = payload) => sdk.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });

beforeEach(() => {
  vi.resetModules();
  for (const v of VARS) delete process.env[v];
  process.env.STRIPE_SECRET_KEY = 'sk_test_unit';
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
});
afterEach(() => {
  for (const v of VARS) if (saved[v] === undefined) delete process.env[v];
  else process.env[v] = saved[v];
});

const load = () => import('../../functions/lib/stripe');

describe('a webhook signature', () => {
  it('reads the event when the signature over the body is valid and made now', async () => {
    const { verifiedEvent } = await load();
    const event = await verifiedEvent(payload, sign(nowSeconds), NOW);
    expect(event?.id).toBe('evt_1');
    expect(event?.type).toBe('checkout.session.completed');
  });

  it('takes a signature dated up to 5 minutes either side of now, and refuses one a second beyond', async () => {
    const { verifiedEvent, SIGNATURE_TOLERANCE_SECONDS } = await load();
    expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    expect((await verifiedEvent(payload, sign(nowSeconds + 300), NOW))?.id).toBe('evt_1');
    expect((await verifiedEvent(payload, sign(nowSeconds - 300), NOW))?.id).toBe('evt_1');
    expect(await verifiedEvent(payload, sign(nowSeconds + 301), NOW)).toBeNull();
    expect(await verifiedEvent(payload, sign(nowSeconds - 301), NOW)).toBeNull();
    // Judged in whole seconds of now.
    expect((await verifiedEvent(payload, sign(nowSeconds + 300), nowSeconds * 1000 + 999))?.id).toBe('evt_1');
    expect(await verifiedEvent(payload, sign(nowSeconds + 300), nowSeconds * 1000 - 1)).toBeNull();
  });

  it("judges the age on the server's clock, which the local stack may have moved a day on, not the real one", async () => {
    const { verifiedEvent } = await load();
    const ahead = NOW + 26 * 3_600_000;
    const aheadSeconds = Math.floor(ahead / 1000);
    expect((await verifiedEvent(payload, sign(aheadSeconds), ahead))?.id).toBe('evt_1');
    expect((await verifiedEvent(payload, sign(aheadSeconds - 300), ahead))?.id).toBe('evt_1');
    // Signed by the real clock while the server's reads a day later: too old, as it would be after a day.
    expect(await verifiedEvent(payload, sign(nowSeconds), ahead)).toBeNull();
    // With no `now` given it reads the clock (functions/lib/clock.ts), offset included.
    process.env.LOCAL_CLOCK_OFFSET_MS = String(26 * 3_600_000);
    try {
      expect((await verifiedEvent(payload, sign(Math.floor((Date.now() + 26 * 3_600_000) / 1000))))?.id).toBe('evt_1');
      expect(await verifiedEvent(payload, sign(Math.floor(Date.now() / 1000)))).toBeNull();
    } finally {
      delete process.env.LOCAL_CLOCK_OFFSET_MS;
    }
  });

  it('refuses a missing signature, one without its time, another secret and a changed body', async () => {
    const { verifiedEvent } = await load();
    expect(await verifiedEvent(payload, undefined, NOW)).toBeNull();
    expect(await verifiedEvent(payload, '', NOW)).toBeNull();
    expect(await verifiedEvent(payload, sign(nowSeconds).replace(/^t=\d+,/, ''), NOW)).toBeNull();
    expect(await verifiedEvent(payload, sign(nowSeconds, 'whsec_someone_else'), NOW)).toBeNull();
    expect(await verifiedEvent(payload.replace('cs_test_1', 'cs_test_2'), sign(nowSeconds), NOW)).toBeNull();
  });

  it('finds the time wherever the header puts it', async () => {
    const { verifiedEvent } = await load();
    const [t, v1] = sign(nowSeconds).split(',') as [string, string];
    expect((await verifiedEvent(payload, `${v1},${t}`, NOW))?.id).toBe('evt_1');
    // A time inside another field's value is not the signature's time.
    expect(await verifiedEvent(payload, `${v1}xt=${nowSeconds}`, NOW)).toBeNull();
  });

  it('refuses a future-dated signature before reading any secret', async () => {
    delete process.env.STRIPE_WEBHOOK_SECRET;
    const { verifiedEvent } = await load();
    expect(await verifiedEvent(payload, sign(nowSeconds + 301), NOW)).toBeNull();
    await expect(verifiedEvent(payload, sign(nowSeconds), NOW)).rejects.toThrow('No Stripe webhook secret');
  });

  it('passes on an error that is not about the signature', async () => {
    const { verifiedEvent } = await load();
    const body = '{not json';
    await expect(verifiedEvent(body, sign(nowSeconds, SECRET, body), NOW)).rejects.toThrow();
  });
});

describe('the SDK client', () => {
  it('talks to the local stand-in at its host, port and protocol', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_STANDIN_URL = 'http://127.0.0.1:4242';
    const { stripeClient } = await load();
    const client = (await stripeClient()) as unknown as { getApiField: (k: string) => unknown };
    expect(client.getApiField('host')).toBe('127.0.0.1');
    expect(String(client.getApiField('port'))).toBe('4242');
    expect(client.getApiField('protocol')).toBe('http');
    expect(client.getApiField('maxNetworkRetries')).toBe(2);
    expect(client.getApiField('timeout')).toBe(15_000);
    // The stand-in's faults are switches: its retries wait 20 ms, not the SDK's half a second and more.
    const waits = client as unknown as { getInitialNetworkRetryDelay: () => number; getMaxNetworkRetryDelay: () => number };
    expect(waits.getInitialNetworkRetryDelay()).toBe(0.02);
    expect(waits.getMaxNetworkRetryDelay()).toBe(0.02);
  });

  it('takes the default port of the protocol when the stand-in names none', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_STANDIN_URL = 'https://stand-in.test';
    let client = (await (await load()).stripeClient()) as unknown as { getApiField: (k: string) => unknown };
    expect(client.getApiField('protocol')).toBe('https');
    expect(String(client.getApiField('port'))).toBe('443');
    vi.resetModules();
    process.env.STRIPE_STANDIN_URL = 'http://stand-in.test';
    client = (await (await load()).stripeClient()) as unknown as { getApiField: (k: string) => unknown };
    expect(String(client.getApiField('port'))).toBe('80');
  });

  it('talks to Stripe itself with a real key, and is made once', async () => {
    const { stripeClient } = await load();
    const client = await stripeClient();
    expect((client as unknown as { getApiField: (k: string) => unknown }).getApiField('host')).toBe('api.stripe.com');
    // Real Stripe keeps the SDK's own waits between retries.
    expect((client as unknown as { getInitialNetworkRetryDelay: () => number }).getInitialNetworkRetryDelay()).toBe(0.5);
    expect(await stripeClient()).toBe(client);
  });

  it('is tried again after a failed set-up', async () => {
    delete process.env.STRIPE_SECRET_KEY;
    const { stripeClient } = await load();
    await expect(stripeClient()).rejects.toThrow('Stripe is not configured');
    process.env.STRIPE_SECRET_KEY = 'sk_test_later';
    expect(await stripeClient()).toBeInstanceOf(Stripe);
  });
});
