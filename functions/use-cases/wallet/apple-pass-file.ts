/** The Apple Wallet pass of the booking a token signs (GET /api/pass/{token}/wallet.pkpass). */
import { walletMessages } from '../../../shared/wallet';
import { conflict, notFound } from '../../domain/errors';
import { walletConfig } from '../../lib/wallet-config';
import { passLinkFor } from '../booking/pass-link';
import { bookingForPassToken } from '../pass/pass-booking';
import { toPass } from '../pass/pass-view';
import { applePass, type ApplePassFile } from './apple-pass';
import * as clock from '../../lib/clock';

/** The pass's 404 for a bad token; 404 too where Apple Wallet is not configured; 409 for a cancelled booking. */
export async function applePassForToken(token: string, now = clock.now()): Promise<ApplePassFile> {
  const b = await bookingForPassToken(token);
  const { apple } = await walletConfig();
  if (!apple) throw notFound(walletMessages.appleNotOffered);
  if (b.status === 'cancelled') throw conflict(walletMessages.cancelled);
  return applePass(toPass(b, await passLinkFor(b.id), now), b.id, apple);
}
