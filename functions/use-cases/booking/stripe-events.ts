/**
 * What each Stripe event means for a booking. Paid sessions are confirmed (once, see confirm-payment.ts), or, for a
 * balance session, recorded on the booking's ledger (once, balance-payment.ts);
 * sessions that will never be paid end their pending booking; every refund event brings the booking's ledger
 * in line with Stripe's list of the payment's refunds (refund-settlement.ts); every other event type is acknowledged
 * and ignored, so Stripe does not retry it.
 */
import { maskToken } from '../../../shared/mask';
import type Stripe from 'stripe';
import { logger } from '../../lib/logger';
import { getCheckoutSession, type CheckoutSession } from '../../store/checkout-sessions';
import { recordBalancePayment } from './balance-payment';
import { syncRefundsOfPayment } from './refund-events';
import { confirmAndNotify, endUnpaidSession } from './confirm-payment';

/**
 * A balance session paid without its `CHECKOUT#` item (the request that made it stopped before recording it, or was
 * told the booking changed and could not expire it): the session's own metadata, which only this app sets, names the
 * booking. It was never the booking's session, so the payment is kept only up to what is due (balance-payment.ts).
 */
function unrecordedBalanceSession(session: Stripe.Checkout.Session): CheckoutSession | null {
  const { purpose, bookingId, amountCents } = session.metadata ?? {};
  if (purpose !== 'balance' || !bookingId) return null;
  logger.warn('Paid balance session without its record; recorded from its metadata', { sessionId: maskToken(session.id), bookingId });
  return { sessionId: session.id, bookingId, createdAt: new Date(session.created * 1000).toISOString(), expiresAt: session.expires_at, purpose: 'balance', ...(amountCents ? { amountCents: Number(amountCents) } : {}) };
}

export async function handleStripeEvent(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A completed session with a delayed payment method is not paid yet; async_payment_succeeded follows.
      if (session.payment_status !== 'paid') return;
      const record = (await getCheckoutSession(session.id)) ?? unrecordedBalanceSession(session);
      if (record?.purpose === 'balance') {
        const paid = await recordBalancePayment(session, record);
        if (paid.kind !== 'recorded') logger.warn('Paid balance session recorded nothing', { eventId: event.id, sessionId: maskToken(session.id), result: paid.kind });
        return;
      }
      const result = await confirmAndNotify(session);
      if (result.kind !== 'confirmed') logger.warn('Paid session did not confirm a booking', { eventId: event.id, sessionId: maskToken(session.id), result: result.kind });
      // The booking stands; failing the delivery makes Stripe send the event again, and with it the receipt.
      if (result.kind === 'confirmed' && result.receipt === 'failed') throw new Error(`Receipt for booking ${result.booking.id} not sent; asking Stripe to redeliver`);
      return;
    }
    case 'checkout.session.async_payment_failed':
      await endUnpaidSession(event.data.object, 'payment_failed');
      return;
    case 'checkout.session.expired':
      await endUnpaidSession(event.data.object, 'expired');
      return;
    case 'charge.refunded':
    case 'refund.created':
    case 'refund.updated':
      await syncRefundsOfPayment(event.data.object);
      return;
    default:
      logger.info('Stripe event ignored', { eventId: event.id, type: event.type });
  }
}
