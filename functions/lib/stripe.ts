/**
 * The Stripe SDK client and the webhook signing secret, each resolved once per process and from its own place,
 * so a function that may call Stripe cannot read the webhook secret and the webhook's secret is read only by
 * the webhook:
 * - the API key: STRIPE_SECRET_KEY in the environment (real Stripe, test mode); else STRIPE_SECRET_ID, a Secrets
 *   Manager secret holding {"secretKey"} (deployed stacks); else, locally, the offline stand-in served by the dev
 *   server, which sets STRIPE_STANDIN_URL;
 * - the webhook secret: STRIPE_WEBHOOK_SECRET; else STRIPE_WEBHOOK_SECRET_ID, a secret holding {"webhookSecret"};
 *   else the stand-in's STRIPE_STANDIN_WEBHOOK_SECRET (this module knows nothing of its files).
 * The app's Stripe calls and its webhook check are the same code in all three.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import * as clock from './clock';

export interface StripeSettings {
  secretKey: string;
  /** Set when the SDK talks to the local stand-in instead of api.stripe.com. */
  standIn: URL | null;
}

const STANDIN_KEY = 'sk_test_offline_stand_in';
/** The wait before each of the SDK's retries of a call to the local stand-in (`stripeClient`). */
const STANDIN_RETRY_DELAY_SECONDS = 0.02;

let settings: Promise<StripeSettings> | undefined;
let client: Promise<Stripe> | undefined;
let signingSecret: Promise<string> | undefined;

/** One field of a JSON secret in Secrets Manager. */
async function secretField(secretId: string, field: 'secretKey' | 'webhookSecret'): Promise<string> {
  const sm = new SecretsManagerClient({ region: process.env.AWS_REGION });
  const out = await sm.send(new GetSecretValueCommand({ SecretId: secretId }));
  const value = (JSON.parse(out.SecretString ?? '{}') as Record<string, unknown>)[field];
  if (typeof value !== 'string' || !value) throw new Error(`Secret ${secretId} has no ${field}`);
  return value;
}

async function resolveSettings(): Promise<StripeSettings> {
  const key = process.env.STRIPE_SECRET_KEY;
  if (key) return { secretKey: key, standIn: null };
  const secretId = process.env.STRIPE_SECRET_ID;
  if (secretId) return { secretKey: await secretField(secretId, 'secretKey'), standIn: null };
  const url = process.env.STRIPE_STANDIN_URL;
  if (!url) throw new Error('Stripe is not configured: set STRIPE_SECRET_KEY, STRIPE_SECRET_ID, or run the local stack (STRIPE_STANDIN_URL)');
  return { secretKey: STANDIN_KEY, standIn: new URL(url) };
}

async function resolveWebhookSecret(): Promise<string> {
  if (process.env.STRIPE_WEBHOOK_SECRET) return process.env.STRIPE_WEBHOOK_SECRET;
  const secretId = process.env.STRIPE_WEBHOOK_SECRET_ID;
  if (secretId) return secretField(secretId, 'webhookSecret');
  if (process.env.STRIPE_STANDIN_WEBHOOK_SECRET) return process.env.STRIPE_STANDIN_WEBHOOK_SECRET;
  throw new Error('No Stripe webhook secret: set STRIPE_WEBHOOK_SECRET or STRIPE_WEBHOOK_SECRET_ID');
}

export function stripeSettings(): Promise<StripeSettings> {
  settings ??= resolveSettings().catch((error: unknown) => {
    settings = undefined; // a failed read (network, missing secret) is retried on the next call
    throw error;
  });
  return settings;
}

export function stripeClient(): Promise<Stripe> {
  client ??= stripeSettings().then(({ secretKey, standIn }) => {
    const common = { maxNetworkRetries: 2, timeout: 15_000, telemetry: false } as const;
    if (!standIn) return new Stripe(secretKey, common);
    const local = new Stripe(secretKey, {
      ...common,
      host: standIn.hostname,
      port: standIn.port || (standIn.protocol === 'https:' ? 443 : 80),
      protocol: standIn.protocol === 'https:' ? 'https' : 'http',
    });
    // The same retries (count, idempotency keys, which answers are retried) with a short wait between them: the SDK
    // waits 0.5 s, then 0.5 to 1 s, before its retries, which gives a real service time to recover; the stand-in's
    // faults are switches a test sets, so those waits only idled the test suite (about 1.2 s for each call to a
    // stand-in that was "down": refund-send.test.ts alone made 60 of them). The SDK has no option for the wait.
    return Object.assign(local, { getInitialNetworkRetryDelay: () => STANDIN_RETRY_DELAY_SECONDS, getMaxNetworkRetryDelay: () => STANDIN_RETRY_DELAY_SECONDS });
  }).catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

export function webhookSecret(): Promise<string> {
  signingSecret ??= resolveWebhookSecret().catch((error: unknown) => {
    signingSecret = undefined;
    throw error;
  });
  return signingSecret;
}

/**
 * The event, if the signature over the raw body is valid and signed within 5 minutes of now, either way (a
 * signature dated in the future is as suspect as an old one); null for anything else, so the caller answers
 * 400 before reading the body.
 */
/** Stripe's tolerance, applied both ways: the SDK refuses old signatures, not ones dated in the future. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function signedAt(signature: string): number | null {
  const t = /(?:^|,)\s*t=(\d+)/.exec(signature)?.[1];
  return t ? Number(t) : null;
}

export async function verifiedEvent(rawBody: string, signature: string | undefined, now = clock.nowMs()): Promise<Stripe.Event | null> {
  if (!signature) return null;
  const at = signedAt(signature);
  if (at === null || at - Math.floor(now / 1000) > SIGNATURE_TOLERANCE_SECONDS) return null;
  const [stripe, secret] = await Promise.all([stripeClient(), webhookSecret()]);
  try {
    // Both ways on the same clock: the SDK's age check would otherwise read the real one (the local stand-in signs
    // with the local clock, which may have been moved).
    return await stripe.webhooks.constructEventAsync(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, now);
  } catch (error) {
    if ((error as { type?: string }).type === 'StripeSignatureVerificationError') return null;
    throw error;
  }
}
