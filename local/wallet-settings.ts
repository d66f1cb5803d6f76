/**
 * Wallet passes on the local stack (docs/operations.md, Wallet passes): `.data/wallet.json`, in the shape AWS keeps in
 * the wallet secret (functions/lib/wallet-config.ts), turns them on for `npm start`. Without it, or with WALLET_CONFIG
 * or WALLET_CONFIG_FILE already set in the environment, nothing is changed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export function localWalletSettings(dataDir: string): Record<string, string> {
  if (process.env.WALLET_CONFIG || process.env.WALLET_CONFIG_FILE) return {};
  const file = path.join(dataDir, 'wallet.json');
  return existsSync(file) ? { WALLET_CONFIG_FILE: file } : {};
}
