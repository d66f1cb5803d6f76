/**
 * A Stripe refund event (`charge.refunded`, `refund.created`, `refund.updated`): the payment's booking is synced with
 * Stripe's refunds (refund-settlement.ts), then any of the app's lines still waiting to be sent are sent (an outside refund
 * may have lowered them to nothing), so the booking does not wait for the worker. Apart from refund-settlement.ts because
 * sending (refund.ts) itself syncs first.
 */
import type Stripe from 'stripe';
import { logAbout, logger } from '../../lib/logger';
import { bookingIdOfPayment } from '../../store/checkout-sessions';
import { sendRefund } from './refund';
import { syncBookingRefunds, type SyncOutcome } from './refund-settlement';

/** The payment intent a refund or charge event names. */
const intentOf = (v: string | Stripe.PaymentIntent | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** A `charge.refunded`, `refund.created` or `refund.updated` event: sync the payment's booking with Stripe's refunds. */
export async function syncRefundsOfPayment(object: { id: string; payment_intent?: string | Stripe.PaymentIntent | null }): Promise<SyncOutcome> {
  const paymentIntent = intentOf(object.payment_intent);
  const bookingId = paymentIntent ? await bookingIdOfPayment(paymentIntent) : null;
  if (!paymentIntent || !bookingId) {
    logger.warn('A refund for a payment no booking knows', { objectId: object.id });
    return 'unknown-payment';
  }
  logAbout({ bookingId });
  const { outcome, booking } = await syncBookingRefunds(bookingId, paymentIntent);
  // Lines still waiting: send them now (an outside refund may have made them smaller, or unnecessary).
  for (const line of booking?.ledger ?? []) {
    if (line.kind === 'refund' && line.status === 'pending') {
      try {
        await sendRefund(bookingId, line.id, { kick: true });
      } catch (error) {
        logger.warn('Refund left to the worker', { bookingId, ledgerLine: line.id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return outcome;
}
