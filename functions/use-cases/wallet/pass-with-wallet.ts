/**
 * The pass as the pass routes answer it, with the wallets offered (shared/wallet.ts). A route that calls this declares
 * the need 'wallet' (functions/routes.ts). The Apple Wallet file is apple-pass-file.ts, kept apart so that
 * passkit-generator is bundled into its one route and not into the pass view.
 */
import type { Pass } from '../../../shared/pass';
import type { Booking } from '../../../shared/records';
import { NO_WALLET, type WalletOffers } from '../../../shared/wallet';
import { logger } from '../../lib/logger';
import { siteUrl } from '../../lib/site-url';
import { walletConfig, type WalletConfig } from '../../lib/wallet-config';
import { passLinkFor } from '../booking/pass-link';
import { toPass } from '../pass/pass-view';
import { returnFlightViewOf } from '../flights/flight-notice';
import { googleSaveLink } from './google-save-link';
import * as clock from '../../lib/clock';

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

export async function passWithWallet(b: Booking, now = clock.now()): Promise<Pass> {
  const [link, flight] = await Promise.all([passLinkFor(b.id), returnFlightViewOf(b)]);
  const pass = toPass(b, link, now, flight);
  return { ...pass, wallet: await offers(b, pass) };
}
