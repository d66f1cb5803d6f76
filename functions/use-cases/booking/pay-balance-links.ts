/**
 * The links an e-mail that states a balance gives for paying it online: the booking's pass (its signed token, so it
 * works without signing in; the pass page offers Pay balance) and, when the booking belongs to an account, the
 * dashboard. None when nothing is due. A missing signing key leaves the links out rather than the e-mail unsent.
 */
import type { Booking } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { passTokenFor, passUrl } from '../../lib/pass-token';
import { siteUrl } from '../../lib/site-url';
import type { PayBalanceLinks } from './receipt-email';

export async function payBalanceLinks(b: Booking): Promise<PayBalanceLinks | undefined> {
  if ((b.payment?.balanceDueCents ?? 0) <= 0 || b.status === 'cancelled') return undefined;
  try {
    const site = siteUrl();
    return { passUrl: passUrl(site, await passTokenFor(b.id)), dashboardUrl: b.userId ? `${site}/customer-dashboard` : null };
  } catch (error) {
    logger.error('No pay-balance link for the e-mail', { bookingId: b.id, error: String(error) });
    return undefined;
  }
}
