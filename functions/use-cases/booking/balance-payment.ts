/**
 * Recording a balance paid online, exactly once. The webhook (`checkout.session.completed`) and the return page's
 * check (GET /api/checkout/{sessionId}) may both hold the paid session, in any order and at the same time; each
 * calls recordBalancePayment. The payment is one `payment` ledger line naming its session, written in the booking's
 * one transaction conditional on `updatedAt` (store/booking-changes.ts): a writer that loses re-reads the booking,
 * finds the session's line and stops. The amount is what Stripe took (`amount_total`), never what the booking says
 * now: if the balance changed after the session was made (staff took cash meanwhile), the ledger still matches
 * Stripe, the balance does not go below $0, and the difference is logged for staff.
 */
import type Stripe from 'stripe';
import { maskToken } from '../../../shared/mask';
import { formatMoney } from '../../../shared/money';
import { LISTED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import { logAbout, logger } from '../../lib/logger';
import { saveBookingChange } from '../../store/booking-changes';
import { getBooking } from '../../store/bookings';
import type { CheckoutSession } from '../../store/checkout-sessions';
import { paymentIntentPut } from '../../store/confirmation';
import { changeTime } from './refund-sync';

const MAX_ATTEMPTS = 8;

/** The ledger line of a balance session, if it is recorded. */
export const balanceLineOf = (b: Booking, sessionId: string): LedgerLine | undefined => (b.ledger ?? []).find((l) => l.kind === 'payment' && l.sessionId === sessionId);

export type BalancePaymentResult = { kind: 'recorded'; booking: Booking; recordedNow: boolean } | { kind: 'unpaid' } | { kind: 'unknown' };

function onlineLine(b: Booking, session: Stripe.Checkout.Session, askedCents: number | undefined, at: string): LedgerLine {
  const amountCents = session.amount_total ?? 0;
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const differs = askedCents !== undefined && askedCents !== amountCents;
  return {
    id: `checkout-${session.id}`,
    at,
    by: 'customer',
    kind: 'payment',
    amountCents,
    note: differs ? `Paid online by card (the balance asked was ${formatMoney(askedCents)})` : 'Paid online by card',
    method: 'online',
    sessionId: session.id,
    ...(paymentIntent ? { paymentIntent } : {}),
    ...(differs ? { askedCents } : {}),
  };
}

export async function recordBalancePayment(session: Stripe.Checkout.Session, record: CheckoutSession): Promise<BalancePaymentResult> {
  if (session.payment_status !== 'paid') return { kind: 'unpaid' };
  logAbout({ bookingId: record.bookingId, sessionId: session.id });
  if (session.metadata?.bookingId && session.metadata.bookingId !== record.bookingId) {
    logger.error('Balance session metadata names another booking', { sessionId: maskToken(session.id), claimed: session.metadata.bookingId, recorded: record.bookingId });
    return { kind: 'unknown' };
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const before = await getBooking(record.bookingId, true);
    if (!before?.payment || !LISTED_STATUSES.includes(before.status)) return { kind: 'unknown' };
    if (balanceLineOf(before, session.id)) return { kind: 'recorded', booking: before, recordedNow: false };
    const at = changeTime(before);
    const line = onlineLine(before, session, record.amountCents, at);
    const dueCents = before.payment.balanceDueCents;
    const after: Booking = {
      ...before,
      payment: { ...before.payment, amountPaidCents: before.payment.amountPaidCents + line.amountCents, balanceDueCents: Math.max(0, dueCents - line.amountCents) },
      ledger: [...(before.ledger ?? []), line],
      updatedAt: at,
    };
    const outcome = await saveBookingChange(before, after, {
      editableStatuses: LISTED_STATUSES,
      // Its payment intent -> the booking, as at confirmation: Stripe's refund events for this payment find the booking.
      alsoWrite: line.paymentIntent ? [paymentIntentPut(before.id, line.paymentIntent, at)] : [],
      audit: {
        by: 'Customer (paid online)',
        changes: [
          { field: 'payment', old: null, new: `${formatMoney(line.amountCents)} Online (card)` },
          { field: 'balance_due', old: formatMoney(dueCents), new: formatMoney(after.payment!.balanceDueCents) },
        ],
      },
    });
    if (outcome !== 'changed') continue; // changed meanwhile (perhaps by the other caller recording this very payment)
    logger.info('Balance paid online', { bookingId: before.id, amountCents: line.amountCents, sessionId: maskToken(session.id) });
    // The money is Stripe's fact and is recorded as such; a difference from what was asked is for staff to settle.
    if (line.amountCents > dueCents || before.status === 'cancelled') {
      logger.error('Balance paid online beyond what is due', { bookingId: before.id, status: before.status, dueCents, paidCents: line.amountCents, askedCents: record.amountCents });
    } else if (line.askedCents !== undefined) {
      logger.warn('Balance paid online differs from the balance asked', { bookingId: before.id, askedCents: record.amountCents, paidCents: line.amountCents });
    }
    return { kind: 'recorded', booking: after, recordedNow: true };
  }
  throw new Error(`Could not record the balance payment of booking ${record.bookingId}; asking Stripe to redeliver`);
}
