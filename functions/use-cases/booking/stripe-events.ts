/**
 * What each Stripe event means for a booking. Paid sessions are confirmed (once, see confirm-payment.ts), or, for a
 * balance session, recorded on the booking's ledger (once, balance-payment.ts);
 * sessions that will never be paid end their pending booking; every refund event brings the booking's ledger
 * in line with Stripe's list of the payment's refunds (refund-sync.ts); every other event type is acknowledged
 * and ignored, so Stripe does not retry it.
 */
import { maskToken } from '../../../shared/mask';
import type Stripe from 'stripe';
import { logger } from '../../lib/logger';
import { getCheckoutSession } from '../../store/checkout-sessions';
import { recordBalancePayment } from './balance-payment';
import { syncRefundsOfPayment } from './refund-events';
import { confirmAndNotify, endUnpaidSession } from './confirm-payment';

export async function handleStripeEvent(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A completed session with a delayed payment method is not paid yet; async_payment_succeeded follows.
      if (session.payment_status !== 'paid') return;
      const record = await getCheckoutSession(session.id);
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
