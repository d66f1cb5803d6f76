/**
 * The Stripe API key and the webhook signing secret come from two secrets (functions/lib/stripe.ts), so a
 * function granted only the key's secret (POST /api/checkout) never asks for, and cannot use, the webhook's.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SECRETS: Record<string, string> = {
  'runway-parking/prod/stripe': JSON.stringify({ secretKey: 'sk_test_key_only' }),
  'runway-parking/prod/stripe-webhook': JSON.stringify({ webhookSecret: 'whsec_webhook_only' }),
  // What an environment set up before the split holds: both in one secret.
  'runway-parking/old/stripe': JSON.stringify({ secretKey: 'sk_test_old', webhookSecret: 'whsec_old' }),
};
const VARS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_ID', 'STRIPE_WEBHOOK_SECRET_ID', 'STRIPE_STANDIN_URL', 'STRIPE_STANDIN_WEBHOOK_SECRET'];
const saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));

let reads: string[];
beforeEach(() => {
  vi.resetModules();
  for (const v of VARS) delete process.env[v];
  reads = [];
  vi.spyOn(SecretsManagerClient.prototype, 'send').mockImplementation(async (command: unknown) => {
    const id = String((command as GetSecretValueCommand).input.SecretId);
    reads.push(id);
    return { SecretString: SECRETS[id] } as never;
  });
});
afterEach(() => {
  for (const v of VARS) if (saved[v] === undefined) delete process.env[v];
  else process.env[v] = saved[v];
  vi.restoreAllMocks();
});

const load = () => import('../../functions/lib/stripe');

describe('deployed (secret ids)', () => {
  it('the checkout function (STRIPE_SECRET_ID only) reads the key and cannot get a webhook secret', async () => {
    process.env.STRIPE_SECRET_ID = 'runway-parking/prod/stripe';
    const stripe = await load();
    expect((await stripe.stripeSettings()).secretKey).toBe('sk_test_key_only');
    await expect(stripe.webhookSecret()).rejects.toThrow(/No Stripe webhook secret/);
    expect(reads).toEqual(['runway-parking/prod/stripe']);
  });

  it('the webhook (both ids) reads each from its own secret', async () => {
    process.env.STRIPE_SECRET_ID = 'runway-parking/prod/stripe';
    process.env.STRIPE_WEBHOOK_SECRET_ID = 'runway-parking/prod/stripe-webhook';
    const stripe = await load();
    expect(await stripe.webhookSecret()).toBe('whsec_webhook_only');
    expect((await stripe.stripeSettings()).secretKey).toBe('sk_test_key_only');
    expect(reads.sort()).toEqual(['runway-parking/prod/stripe', 'runway-parking/prod/stripe-webhook']);
  });

  it('a webhook secret left in the key secret is not used: the split is the only way', async () => {
    process.env.STRIPE_SECRET_ID = 'runway-parking/old/stripe';
    const stripe = await load();
    await expect(stripe.webhookSecret()).rejects.toThrow(/No Stripe webhook secret/);
  });
});

describe('locally', () => {
  it('the stand-in and its signing secret from the environment, no Secrets Manager', async () => {
    process.env.STRIPE_STANDIN_URL = 'http://127.0.0.1:3000';
    process.env.STRIPE_STANDIN_WEBHOOK_SECRET = 'whsec_local';
    const stripe = await load();
    expect(await stripe.stripeSettings()).toEqual({ secretKey: 'sk_test_offline_stand_in', standIn: new URL('http://127.0.0.1:3000') });
    expect(await stripe.webhookSecret()).toBe('whsec_local');
    expect(reads).toEqual([]);
  });

  it('real Stripe test mode from STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_env';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_env';
    const stripe = await load();
    expect((await stripe.stripeSettings()).secretKey).toBe('sk_test_env');
    expect(await stripe.webhookSecret()).toBe('whsec_env');
  });
});
