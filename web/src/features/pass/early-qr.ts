/**
 * The shell's early script draws the QR code into the skeleton's square as soon as the pass's answer is in, while the
 * app's code is still downloading: the code the traveller opened the pass for paints about a second sooner
 * on a phone. It sets a CSS variable on <html>, outside the root React hydrates, so the pre-rendered markup stays as
 * the build wrote it; pass.css shows it as the square's background, and the page's own image later takes the square's
 * place at the same size. Anything unexpected leaves the grey square for the page to fill.
 */
import { EARLY_QR_PROPERTY } from './early-qr-property';
import { qrImageUrl } from './qr-image';

export async function drawEarlyQr(response: Promise<Response>): Promise<void> {
  try {
    // A copy: the page reads the answer itself (takeEarlyRequest).
    const res = (await response).clone();
    if (!res.ok) return;
    const pass = (await res.json()) as { pass_url?: unknown; status?: unknown } | null;
    // A cancelled pass has no QR code.
    if (typeof pass?.pass_url !== 'string' || pass.status === 'cancelled') return;
    document.documentElement.style.setProperty(EARLY_QR_PROPERTY, `url("${qrImageUrl(pass.pass_url)}")`);
  } catch {
    // The page draws it once its code runs.
  }
}
