/**
 * POST /api/checkout/{sessionId}/cancel: the traveller left the payment step (went back, or cancelled on the
 * payment page), so their checkout ends now instead of holding its places for 31 minutes. The session id is the
 * capability: only the person who started the checkout was given it (the answer to their POST, the payment page's
 * address), and an id this app did not create names nothing. The Stripe session is expired first, so it can no
 * longer be paid, and then the places go back through the same path as `checkout.session.expired`.
 */
import type Stripe from 'stripe';
import { paymentMessages } from '../../../shared/booking';
import { maskToken } from '../../../shared/mask';
import { conflict, notFound, providerFailed } from '../../domain/errors';
import { logAbout, logger } from '../../lib/logger';
import { stripeClient } from '../../lib/stripe';
import { getBooking } from '../../store/bookings';
import { getCheckoutSession } from '../../store/checkout-sessions';
import { SESSION_ID, endUnpaidSession } from './confirm-payment';

export const endCheckoutMessages = {
  paid: 'This checkout has been paid, so it cannot be cancelled here. Your booking is confirmed.',
} as const;

export interface EndedCheckout {
  status: 'ended';
}

/** Expires the Stripe session; an already expired one is fine, a paid one is a 409. */
async function expireSession(sessionId: string): Promise<Pick<Stripe.Checkout.Session, 'id' | 'metadata'>> {
  const stripe = await stripeClient();
  try {
    return await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    // Stripe refuses to expire a session that is not open: find out which it is.
    const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
    if (session?.status === 'expired') return session;
    if (session?.status === 'complete') throw conflict(endCheckoutMessages.paid);
    logger.error('Could not expire a checkout session the traveller left', { sessionId: maskToken(sessionId), error: String(error) });
    throw providerFailed(paymentMessages.checkoutFailed);
  }
}

export async function endCheckout(sessionId: string): Promise<EndedCheckout> {
  if (!SESSION_ID.test(sessionId)) throw notFound(paymentMessages.sessionNotFound);
  logAbout({ sessionId });
  const record = await getCheckoutSession(sessionId);
  if (!record) throw notFound(paymentMessages.sessionNotFound);
  logAbout({ bookingId: record.bookingId });
  const booking = await getBooking(record.bookingId, true);
  if (!booking) throw notFound(paymentMessages.sessionNotFound);
  if (booking.status === 'expired' || booking.status === 'payment_failed') return { status: 'ended' };
  if (booking.status !== 'pending_payment') throw conflict(endCheckoutMessages.paid);
  const session = await expireSession(sessionId);
  await endUnpaidSession(session, 'expired');
  logger.info('Checkout ended by the traveller', { bookingId: booking.id, sessionId: maskToken(sessionId) });
  return { status: 'ended' };
}
