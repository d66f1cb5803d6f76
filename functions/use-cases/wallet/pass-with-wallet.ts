/**
 * The pass as the pass routes answer it, with the wallets offered (shared/wallet.ts), and the Apple Wallet file a
 * pass token downloads. A route that calls these declares the need 'wallet' (functions/routes.ts).
 */
import type { Pass } from '../../../shared/pass';
import type { Booking } from '../../../shared/records';
import { NO_WALLET, walletMessages, type WalletOffers } from '../../../shared/wallet';
import { conflict, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { siteUrl } from '../../lib/site-url';
import { walletConfig, type WalletConfig } from '../../lib/wallet-config';
import { passLinkFor } from '../booking/pass-link';
import { bookingForPassToken } from '../pass/pass-booking';
import { toPass } from '../pass/pass-view';
import { applePass, type ApplePassFile } from './apple-pass';
import { googleSaveLink } from './google-save-link';

/** A wallet that cannot be read or signed with is left out and logged: the pass itself must still open. */
async function offers(b: Booking, pass: Pass): Promise<WalletOffers> {
  if (b.status === 'cancelled') return NO_WALLET;
  let config: WalletConfig;
  try {
    config = await walletConfig();
  } catch (error) {
    logger.error('Wallet settings not read', { error: error instanceof Error ? error.message : String(error) });
    return NO_WALLET;
  }
  let google: string | null = null;
  if (config.google) {
    try {
      google = await googleSaveLink(pass, b.id, config.google, siteUrl());
    } catch (error) {
      logger.error('Google Wallet link not signed', { error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { apple: !!config.apple, google_save_url: google };
}

export async function passWithWallet(b: Booking, now = new Date()): Promise<Pass> {
  const pass = toPass(b, await passLinkFor(b.id), now);
  return { ...pass, wallet: await offers(b, pass) };
}

/** The Apple Wallet pass of the booking a token signs: the pass's 404 for a bad token, 404 too where none is offered. */
export async function applePassForToken(token: string, now = new Date()): Promise<ApplePassFile> {
  const b = await bookingForPassToken(token);
  const { apple } = await walletConfig();
  if (!apple) throw notFound(walletMessages.appleNotOffered);
  if (b.status === 'cancelled') throw conflict(walletMessages.cancelled);
  return applePass(toPass(b, await passLinkFor(b.id), now), b.id, apple);
}
