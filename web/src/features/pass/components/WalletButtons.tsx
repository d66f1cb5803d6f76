/**
 * "Add to Apple Wallet" and "Save to Google Wallet", each only where the server offers it (pass.wallet: the operator
 * has configured that wallet, and the booking is not cancelled). The Apple pass is a download from the API; the
 * Google link opens Google's own page with the pass in its signed JWT.
 */
import type { WalletOffers } from '@shared/wallet';

export function WalletButtons({ wallet, passApi }: { wallet: WalletOffers; passApi: string }) {
  if (!wallet.apple && !wallet.google_save_url) return null;
  return (
    <div className="pass-wallets" aria-label="Add to a phone wallet" role="group">
      {wallet.apple && (
        <a className="btn btn-outline pass-wallet" href={`${passApi}/wallet.pkpass`} download>
          Add to Apple Wallet
        </a>
      )}
      {wallet.google_save_url && (
        <a className="btn btn-outline pass-wallet" href={wallet.google_save_url} target="_blank" rel="noopener noreferrer">
          Save to Google Wallet
        </a>
      )}
    </div>
  );
}
