/**
 * What makes this install's Cognito emulator its own: an RSA key it signs tokens with (cognito-local ships one
 * private key to everyone, so anyone could forge its tokens) and a secret its IAM-only operations (Admin*, pool
 * management, ListUsers) require, as Cognito requires AWS credentials for them. Both are made at first start in the
 * data folder, readable by the user only, and never leave it: the emulator reads them from there, and the local
 * tools (provisioning, `npm run admin`, the tests) send the secret in ADMIN_SECRET_HEADER.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The header the emulator's gate (local/cognito/http-gate.cjs) checks on every IAM-only operation. */
export const ADMIN_SECRET_HEADER = 'x-runway-local-admin-secret';

export interface CognitoSecretFiles {
  /** PKCS #8 PEM of the token signing key. */
  signingKeyFile: string;
  adminSecretFile: string;
}

export function cognitoSecretFiles(dataDir: string): CognitoSecretFiles {
  const dir = path.join(path.resolve(dataDir), 'secrets');
  return { signingKeyFile: path.join(dir, 'cognito-signing-key.pem'), adminSecretFile: path.join(dir, 'cognito-admin-secret') };
}

function writePrivate(file: string, content: string): void {
  // `wx`: two starts racing never overwrite each other's key.
  try {
    writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
}

/** Makes the key and the secret when missing (first start) and returns where they are. */
export function ensureCognitoSecrets(dataDir: string): CognitoSecretFiles {
  const files = cognitoSecretFiles(dataDir);
  const dir = path.dirname(files.signingKeyFile);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (!existsSync(files.signingKeyFile)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writePrivate(files.signingKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  }
  if (!existsSync(files.adminSecretFile)) writePrivate(files.adminSecretFile, randomBytes(32).toString('base64url'));
  chmodSync(files.signingKeyFile, 0o600);
  chmodSync(files.adminSecretFile, 0o600);
  return files;
}

/** The admin secret of the stack whose data folder this is. */
export function readAdminSecret(dataDir: string): string {
  return readFileSync(cognitoSecretFiles(dataDir).adminSecretFile, 'utf8').trim();
}
