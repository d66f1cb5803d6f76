/** Money back to the card for a refund line already written on the booking's ledger. */
import type { Booking, LedgerLine } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { stripeClient } from '../../lib/stripe';
import { markRefund } from '../../store/booking-changes';

/** Asks Stripe for the refund once (the ledger line's id is the idempotency key) and records its answer. */
export async function refund(b: Booking, line: LedgerLine, index: number): Promise<void> {
  const paymentIntent = b.payment?.paymentIntent;
  try {
    if (!paymentIntent) throw new Error('The booking has no payment intent to refund');
    const stripe = await stripeClient();
    const done = await stripe.refunds.create({ payment_intent: paymentIntent, amount: -line.amountCents, metadata: { bookingId: b.id, ledgerLine: line.id } }, { idempotencyKey: `refund-${line.id}` });
    await markRefund(b.id, index, line.id, 'succeeded', done.id);
  } catch (error) {
    // The line stays visible as failed for staff to retry; the change itself stands.
    logger.error('Refund failed', { bookingId: b.id, ledgerLine: line.id, error: error instanceof Error ? error.message : String(error) });
    await markRefund(b.id, index, line.id, 'failed', null);
  }
}
