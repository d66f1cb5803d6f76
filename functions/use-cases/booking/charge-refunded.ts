/**
 * `charge.refunded`: money went back to the card. Refunds the app asked for are on the booking's ledger already
 * (written before Stripe was called); a refund made elsewhere (Stripe's dashboard) is not, so the difference
 * between what Stripe says is refunded and what the ledger knows becomes a ledger line, the amount paid falls and
 * revenue with it. Stripe's figure is cumulative, so a redelivered or late event finds no difference and changes
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { LISTED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import { logAbout, logger } from '../../lib/logger';
import { getBooking } from '../../store/bookings';
import { saveBookingChange } from '../../store/booking-changes';
import { bookingIdOfPayment } from '../../store/checkout-sessions';

export type RefundOutcome = 'recorded' | 'known' | 'unknown-payment';

/** Refunds the ledger accounts for: every refund line not known to have failed. */
export const ledgerRefundedCents = (b: Booking): number => (b.ledger ?? []).filter((l) => l.kind === 'refund' && l.status !== 'failed').reduce((sum, l) => sum - l.amountCents, 0);

const MAX_ATTEMPTS = 6;

export async function recordChargeRefund(charge: Pick<Stripe.Charge, 'id' | 'payment_intent' | 'amount_refunded'>): Promise<RefundOutcome> {
  const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  const bookingId = paymentIntent ? await bookingIdOfPayment(paymentIntent) : null;
  if (!bookingId) {
    logger.warn('A refund for a payment no booking knows', { chargeId: charge.id });
    return 'unknown-payment';
  }
  logAbout({ bookingId });
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const before = await getBooking(bookingId, true);
    if (!before?.payment) return 'unknown-payment';
    const outside = charge.amount_refunded - ledgerRefundedCents(before);
    if (outside <= 0) return 'known';
    const at = new Date().toISOString();
    const line: LedgerLine = { id: randomUUID(), at, by: 'system', kind: 'refund', amountCents: -outside, note: 'Refunded in Stripe', status: 'succeeded' };
    const after: Booking = {
      ...before,
      ledger: [...(before.ledger ?? []), line],
      payment: { ...before.payment, amountPaidCents: before.payment.amountPaidCents - outside },
      updatedAt: at,
    };
    const saved = await saveBookingChange(before, after, { editableStatuses: LISTED_STATUSES, revenueDeltaCents: -outside });
    if (saved === 'changed') {
      logger.info('Refund made outside the app recorded', { bookingId, refundCents: outside });
      return 'recorded';
    }
    // 'stale': the booking changed meanwhile (perhaps by the app's own refund); read it again.
  }
  throw new Error(`Could not record the refund on booking ${bookingId}; asking Stripe to redeliver`);
}
