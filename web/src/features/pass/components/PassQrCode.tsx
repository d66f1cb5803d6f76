/**
 * The pass's QR code: the pass's own address, which the yard's scanner reads and the server verifies. Drawn as an
 * SVG image by uqr (already used for the TOTP code), which this lazily loaded page alone pulls in. A plain image of
 * the SVG, so it scales crisply and large enough to scan from a phone held up to the yard's camera.
 */
import { qrImageUrl } from '../qr-image';

export const QR_HINT = 'Show this code at the yard office when you drop off and pick up.';

export function PassQrCode({ value, reference }: { value: string; reference: string }) {
  const src = qrImageUrl(value);
  return <img className="pass-qr" src={src} alt={`QR code for booking ${reference}: show it at the yard`} width={240} height={240} />;
}
