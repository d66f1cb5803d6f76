/**
 * The booking pass's signed token: the one secret that opens a booking's pass without an account, and
 * the content of the pass's QR code that the yard scans. It is the booking id and an HMAC of it under
 * the pass signing key, so a made-up or altered token is refused and no token can be guessed from a reference.
 *
 * The key, resolved once per process:
 * - PASS_SIGNING_KEY in the environment (the local stack writes one per data folder: local/pass-key.ts);
 * - else PASS_SIGNING_SECRET_ID, a Secrets Manager secret holding {"signingKey"} that the stack generates
 *   (infra/stack.ts); a function gets it with the 'pass:sign' need.
 * Changing the key makes every pass link and QR code already sent stop working (docs/operations.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Versioned so a future format (say, with an expiry) can sit beside this one. */
const PREFIX = 'p1';
/** 128 bits of the HMAC-SHA256: unguessable, and short enough for a small QR code. */
const MAC_BYTES = 16;
const TOKEN_SHAPE = /^p1\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})$/;

let key: Promise<Buffer> | undefined;

async function resolveKey(): Promise<Buffer> {
  const local = process.env.PASS_SIGNING_KEY;
  if (local) return Buffer.from(local, 'utf8');
  const secretId = process.env.PASS_SIGNING_SECRET_ID;
  if (!secretId) throw new Error('No pass signing key: set PASS_SIGNING_KEY or PASS_SIGNING_SECRET_ID');
  const out = await new SecretsManagerClient({ region: process.env.AWS_REGION }).send(new GetSecretValueCommand({ SecretId: secretId }));
  const value = (JSON.parse(out.SecretString ?? '{}') as Record<string, unknown>).signingKey;
  if (typeof value !== 'string' || value.length < 32) throw new Error(`Secret ${secretId} has no signingKey of 32 or more characters`);
  return Buffer.from(value, 'utf8');
}

function signingKey(): Promise<Buffer> {
  key ??= resolveKey().catch((error: unknown) => {
    key = undefined; // a failed read is retried on the next call
    throw error;
  });
  return key;
}

/** For tests that change the key between cases. */
export function forgetPassSigningKey(): void {
  key = undefined;
}

const mac = (k: Buffer, bookingId: string): Buffer => createHmac('sha256', k).update(`pass:${PREFIX}:${bookingId}`).digest().subarray(0, MAC_BYTES);

/** The token for a booking's pass: `p1.<bookingId>.<mac>`, URL-safe. */
export async function passTokenFor(bookingId: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(bookingId)) throw new Error('A booking id has only letters, digits, - and _');
  return `${PREFIX}.${bookingId}.${mac(await signingKey(), bookingId).toString('base64url')}`;
}

/** The booking id a token was signed for, or null for anything not signed with this key (no reason given). */
export async function bookingIdFromPassToken(token: string): Promise<string | null> {
  const parts = TOKEN_SHAPE.exec(token.trim());
  if (!parts) return null;
  const [, bookingId, given] = parts as unknown as [string, string, string];
  // Compared as text, not as decoded bytes: the last of 22 base64url characters carries 4 unused bits, so decoding
  // would let several spellings of one signature through, and a changed character must never still verify.
  const expected = Buffer.from(mac(await signingKey(), bookingId).toString('base64url'));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? bookingId : null;
}

/** The pass page's address: what the e-mails link to and the QR code holds. */
export function passUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/pass/${token}`;
}
