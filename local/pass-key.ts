/**
 * The local stack's pass signing key (functions/lib/pass-token.ts): made once per data folder and never committed,
 * so pass links and QR codes keep working across restarts of `npm start` as they do across deploys in AWS.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function ensurePassSigningKey(dataDir: string): string {
  const file = path.join(dataDir, 'pass-signing-key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
