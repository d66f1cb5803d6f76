/**
 * The Stripe SDK client and webhook secret, resolved once per process:
 * 1. STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) in the environment: real Stripe (test mode);
 * 2. STRIPE_SECRET_ID: a Secrets Manager secret holding {"secretKey", "webhookSecret"} (deployed stacks);
 * 3. otherwise, locally, the offline stand-in served by the dev server, which sets STRIPE_STANDIN_URL and
 *    its webhook signing secret, STRIPE_STANDIN_WEBHOOK_SECRET (this module knows nothing of its files).
 * The app's Stripe calls and its webhook check are the same code in all three.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  /** Set when the SDK talks to the local stand-in instead of api.stripe.com. */
  standIn: URL | null;
}

const STANDIN_KEY = 'sk_test_offline_stand_in';

let settings: Promise<StripeSettings> | undefined;
let client: Promise<Stripe> | undefined;

async function fromSecretsManager(secretId: string): Promise<StripeSettings> {
  const sm = new SecretsManagerClient({ region: process.env.AWS_REGION });
  const out = await sm.send(new GetSecretValueCommand({ SecretId: secretId }));
  const parsed = JSON.parse(out.SecretString ?? '{}') as { secretKey?: unknown; webhookSecret?: unknown };
  if (typeof parsed.secretKey !== 'string' || !parsed.secretKey) throw new Error(`Secret ${secretId} has no secretKey`);
  return {
    secretKey: parsed.secretKey,
    webhookSecret: typeof parsed.webhookSecret === 'string' && parsed.webhookSecret ? parsed.webhookSecret : null,
    standIn: null,
  };
}

async function standInSettings(): Promise<StripeSettings> {
  const url = process.env.STRIPE_STANDIN_URL;
  if (!url) throw new Error('Stripe is not configured: set STRIPE_SECRET_KEY, STRIPE_SECRET_ID, or run the local stack (STRIPE_STANDIN_URL)');
  return { secretKey: STANDIN_KEY, webhookSecret: process.env.STRIPE_STANDIN_WEBHOOK_SECRET || null, standIn: new URL(url) };
}

async function resolveSettings(): Promise<StripeSettings> {
  const key = process.env.STRIPE_SECRET_KEY;
  if (key) return { secretKey: key, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || null, standIn: null };
  const secretId = process.env.STRIPE_SECRET_ID;
  if (secretId) {
    const s = await fromSecretsManager(secretId);
    return { ...s, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || s.webhookSecret };
  }
  return standInSettings();
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
    return new Stripe(secretKey, {
      ...common,
      host: standIn.hostname,
      port: standIn.port || (standIn.protocol === 'https:' ? 443 : 80),
      protocol: standIn.protocol === 'https:' ? 'https' : 'http',
    });
  }).catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

export async function webhookSecret(): Promise<string> {
  const { webhookSecret: secret } = await stripeSettings();
  if (!secret) throw new Error('No Stripe webhook secret: set STRIPE_WEBHOOK_SECRET or webhookSecret in the Stripe secret');
  return secret;
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

export async function verifiedEvent(rawBody: string, signature: string | undefined, now = Date.now()): Promise<Stripe.Event | null> {
  if (!signature) return null;
  const at = signedAt(signature);
  if (at === null || at - Math.floor(now / 1000) > SIGNATURE_TOLERANCE_SECONDS) return null;
  const [stripe, secret] = await Promise.all([stripeClient(), webhookSecret()]);
  try {
    return await stripe.webhooks.constructEventAsync(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    if ((error as { type?: string }).type === 'StripeSignatureVerificationError') return null;
    throw error;
  }
}
