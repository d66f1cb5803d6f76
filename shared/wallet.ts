/**
 * Wallet passes: which wallets the pass page offers, as the pass view answers it. Each is offered
 * only where the operator has configured it (docs/operations.md, Wallet passes) and never for a cancelled booking.
 */
import * as z from 'zod';

export const walletOffersSchema = z.object({
  /** GET /api/pass/{token}/wallet.pkpass answers an Apple Wallet pass. */
  apple: z.boolean(),
  /** The "Save to Google Wallet" link (its JWT carries the pass), or null when not offered. */
  google_save_url: z.string().nullable(),
});
export type WalletOffers = z.infer<typeof walletOffersSchema>;

export const NO_WALLET: WalletOffers = { apple: false, google_save_url: null };

export const walletMessages = {
  appleNotOffered: 'Apple Wallet passes are not offered for this booking.',
  cancelled: 'This booking is cancelled, so there is no pass to add to a wallet.',
} as const;
