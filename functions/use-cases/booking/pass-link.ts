/**
 * A booking's pass link (functions/lib/pass-token.ts): the signed token and the address the e-mails, the success
 * page and the QR code carry. A route or job that calls it declares the need 'pass:sign'.
 */
import { passTokenFor, passUrl } from '../../lib/pass-token';
import { siteUrl } from '../../lib/site-url';

export interface PassLink {
  token: string;
  url: string;
}

export async function passLinkFor(bookingId: string): Promise<PassLink> {
  const token = await passTokenFor(bookingId);
  return { token, url: passUrl(siteUrl(), token) };
}
