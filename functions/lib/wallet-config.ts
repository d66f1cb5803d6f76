/**
 * The operator's wallet pass settings (docs/operations.md, Wallet passes): Apple's pass type id,
 * team id and signing certificates, and Google's issuer, class and service account key. Either part may be absent,
 * and then that wallet is simply not offered; nothing shows until an operator sets one up.
 *
 * Where they come from, resolved once per process:
 * - WALLET_CONFIG: the JSON itself (local runs and tests);
 * - else WALLET_CONFIG_FILE: a JSON file (the local stack points it at `.data/<folder>/wallet.json` when there is one);
 * - else WALLET_SECRET_ID: a Secrets Manager secret holding the JSON, named in cdk.json (`walletSecretName`); a
 *   function gets it with the 'wallet' need, granted only in an environment that names one;
 * - else nothing: no wallet is configured.
 * A malformed setting is the operator's mistake: it is logged and treated as not configured, so the pass still opens.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { logger } from './logger';

const pem = (kind: string) => z.string().regex(new RegExp(`-----BEGIN [A-Z ]*${kind}-----`), `a PEM ${kind.toLowerCase()}`);

export const walletConfigSchema = z.strictObject({
  apple: z
    .strictObject({
      /** pass.<reverse domain>, registered under Certificates, Identifiers & Profiles. */
      passTypeIdentifier: z.string().regex(/^pass\.[A-Za-z0-9.-]+$/, 'a pass type id such as pass.nz.runwayparking.booking'),
      /** The Apple Developer team id (10 letters and digits). */
      teamIdentifier: z.string().regex(/^[A-Z0-9]{10}$/, 'a 10-character team id'),
      /** The pass type id certificate and its private key, exported as PEM. */
      signerCert: pem('CERTIFICATE'),
      signerKey: pem('PRIVATE KEY'),
      signerKeyPassphrase: z.string().optional(),
      /** Apple's Worldwide Developer Relations intermediate certificate (G4), as PEM. */
      wwdr: pem('CERTIFICATE'),
    })
    .optional(),
  google: z
    .strictObject({
      /** The Google Wallet issuer id (digits), from the Google Pay & Wallet Console. */
      issuerId: z.string().regex(/^\d+$/, 'the numeric issuer id'),
      /** The generic pass class's own part of its id (after `<issuerId>.`), made once in the console. */
      classId: z.string().regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-"'),
      /** The service account's e-mail (client_email of its JSON key) and private key (private_key). */
      serviceAccountEmail: z.email(),
      privateKey: pem('PRIVATE KEY'),
    })
    .optional(),
});
export type WalletConfig = z.infer<typeof walletConfigSchema>;
export type AppleWalletConfig = NonNullable<WalletConfig['apple']>;
export type GoogleWalletConfig = NonNullable<WalletConfig['google']>;

const NONE: WalletConfig = {};

async function readRaw(): Promise<string | null> {
  if (process.env.WALLET_CONFIG) return process.env.WALLET_CONFIG;
  if (process.env.WALLET_CONFIG_FILE) return readFileSync(process.env.WALLET_CONFIG_FILE, 'utf8');
  const secretId = process.env.WALLET_SECRET_ID;
  if (!secretId) return null;
  const out = await new SecretsManagerClient({ region: process.env.AWS_REGION }).send(new GetSecretValueCommand({ SecretId: secretId }));
  return out.SecretString ?? null;
}

async function resolve(): Promise<WalletConfig> {
  const raw = await readRaw();
  if (raw === null) return NONE;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    logger.error('Wallet settings ignored: they are not JSON');
    return NONE;
  }
  const parsed = walletConfigSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  logger.error('Wallet settings ignored: they do not match docs/operations.md', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
  return NONE;
}

let config: Promise<WalletConfig> | undefined;

/** The wallet settings; a read that fails (Secrets Manager unreachable, a file gone) is retried on the next call. */
export function walletConfig(): Promise<WalletConfig> {
  config ??= resolve().catch((error: unknown) => {
    config = undefined;
    throw error;
  });
  return config;
}

/** For tests that change the settings between cases. */
export function forgetWalletConfig(): void {
  config = undefined;
}
