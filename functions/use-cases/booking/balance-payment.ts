/**
 * Recording a balance paid online, exactly once. The webhook (`checkout.session.completed`) and the return page's
 * check (GET /api/checkout/{sessionId}) may both hold the paid session, in any order and at the same time; each
 * calls recordBalancePayment. The payment is one `payment` ledger line naming its session, written in the booking's
 * one transaction conditional on `updatedAt` (store/booking-changes.ts): a writer that loses re-reads the booking,
 * finds the session's line and stops. The line's amount is what Stripe took (`amount_total`), so the ledger matches
 * Stripe.
 *
 * What the booking keeps of it is the money policy's (shared/money-policy.ts, balancePaymentDecision): never more
 * than is due as the booking stands when the payment arrives. A payment for a session that is no longer the booking's
 * (superseded by a staff payment or an edit, a second session paid in another tab, one paid as the booking was
 * cancelled) is kept up to the balance due and the rest refunded at once, through the durable refund path (a pending
 * refund line to that payment, with its request, in the same transaction; then sent, and the worker sends what is
 * left), with a line that says why. A booking held for payment review keeps it whole for staff. Either way staff are
 * told: an error log line and a business metric. The customer is told too, once, by the writer that recorded the
 * payment: a payment kept whole gets its receipt ('Payment received', with the pass); one not needed, all or part, is
 * said as such on the return page and the pass (returnedPayments) and in an e-mail naming what was kept and what goes
 * back.
 */
import type Stripe from 'stripe';
import { maskToken } from '../../../shared/mask';
import { balancePaymentDecision, lateBalanceText, type BalancePaymentDecision, type BalancePaymentStanding } from '../../../shared/money-policy';
import { formatMoney } from '../../../shared/money';
import { returnedPaymentText } from '../../../shared/returned-payment';
import { site } from '../../../shared/site';
import { sendEmail } from '../../lib/email';
import { CONFIRMED_STATUSES, LISTED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import { logAbout, logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { changeTime, saveBookingChange, type FieldChange } from '../../store/booking-changes';
import { getBooking } from '../../store/bookings';
import type { CheckoutSession } from '../../store/checkout-sessions';
import { paymentIntentPut } from '../../store/confirmation';
import { withdrawSupersededSession } from './balance-session';
import { sendPaymentReceipt } from './payment-receipt';
import { refund } from './refund';
import { balanceRefundLineId, returnedPaymentOf } from './returned-payments';

const MAX_ATTEMPTS = 8;

/** The ledger line of a balance session, if it is recorded. */
export const balanceLineOf = (b: Booking, sessionId: string): LedgerLine | undefined => (b.ledger ?? []).find((l) => l.kind === 'payment' && l.sessionId === sessionId);


export type BalancePaymentResult = { kind: 'recorded'; booking: Booking; recordedNow: boolean } | { kind: 'unpaid' } | { kind: 'unknown' };

const paymentIntentOf = (session: Stripe.Checkout.Session) => (typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id);

function onlineLine(session: Stripe.Checkout.Session, askedCents: number | undefined, at: string): LedgerLine {
  const amountCents = session.amount_total ?? 0;
  const paymentIntent = paymentIntentOf(session);
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

const standingOf = (b: Booking): BalancePaymentStanding => (CONFIRMED_STATUSES.includes(b.status) ? 'on' : b.status === 'payment_review' ? 'review' : 'cancelled');

/** The booking with the payment recorded as the policy decided: the payment line, and the refund line of what it does not keep. */
function withPayment(before: Booking, line: LedgerLine, d: BalancePaymentDecision, at: string): { after: Booking; refundLine: LedgerLine | null } {
  const payment = before.payment!;
  const refundLine: LedgerLine | null =
    d.refundCents > 0 && d.reason
      ? { id: balanceRefundLineId(line.sessionId!), at, by: 'system', kind: 'refund', amountCents: -d.refundCents, note: lateBalanceText[d.reason], status: 'pending', ...(line.paymentIntent ? { paymentIntent: line.paymentIntent } : {}) }
      : null;
  const after: Booking = {
    ...before,
    payment: { ...payment, amountPaidCents: payment.amountPaidCents + d.keptCents, balanceDueCents: Math.max(0, payment.balanceDueCents - d.keptCents) },
    ledger: [...(before.ledger ?? []), line, ...(refundLine ? [refundLine] : [])],
    updatedAt: at,
  };
  return { after, refundLine };
}

function historyOf(line: LedgerLine, d: BalancePaymentDecision, dueBefore: number, dueAfter: number): FieldChange[] {
  return [
    { field: 'payment', old: null, new: `${formatMoney(line.amountCents)} Online (card)` },
    ...(d.refundCents > 0 ? [{ field: 'refund', old: null, new: `${formatMoney(d.refundCents)} (${lateBalanceText[d.reason!]})` }] : []),
    ...(dueBefore !== dueAfter ? [{ field: 'balance_due', old: formatMoney(dueBefore), new: formatMoney(dueAfter) }] : []),
  ];
}

export async function recordBalancePayment(session: Stripe.Checkout.Session, record: CheckoutSession): Promise<BalancePaymentResult> {
  if (session.payment_status !== 'paid') return { kind: 'unpaid' };
  logAbout({ bookingId: record.bookingId, sessionId: session.id });
  if (session.metadata?.bookingId && session.metadata.bookingId !== record.bookingId) {
    logger.error('Balance session metadata names another booking', { sessionId: maskToken(session.id), claimed: session.metadata.bookingId, recorded: record.bookingId });
    return { kind: 'unknown' };
  }
  return retryOnStale<BalancePaymentResult>(
    { tries: MAX_ATTEMPTS },
    async () => {
      const before = await getBooking(record.bookingId, true);
      if (!before?.payment || !LISTED_STATUSES.includes(before.status)) return { kind: 'unknown' };
      if (balanceLineOf(before, session.id)) return { kind: 'recorded', booking: before, recordedNow: false };
      const at = changeTime(before);
      const line = onlineLine(session, record.amountCents, at);
      const current = before.balanceCheckout?.state === 'open' && before.balanceCheckout.sessionId === session.id;
      const dueBefore = before.payment.balanceDueCents;
      const decision = balancePaymentDecision(standingOf(before), dueBefore, line.amountCents);
      const { after, refundLine } = withPayment(before, line, decision, at);
      const outcome = await saveBookingChange(before, after, {
        editableStatuses: LISTED_STATUSES,
        // Its payment intent -> the booking, as at confirmation: Stripe's refund events for this payment find the booking.
        alsoWrite: line.paymentIntent ? [paymentIntentPut(before.id, line.paymentIntent, at)] : [],
        audit: { by: 'Customer (paid online)', changes: historyOf(line, decision, dueBefore, after.payment!.balanceDueCents) },
      });
      if (outcome !== 'changed') return stale(); // changed meanwhile (perhaps by the other caller recording this very payment)
      logger.info('Balance paid online', { bookingId: before.id, amountCents: line.amountCents, keptCents: decision.keptCents, sessionId: maskToken(session.id), current });
      tellStaff(before, session, record, decision, current);
      // The payment moved what is due: the booking's other open session (if any) no longer fits.
      await withdrawSupersededSession(before, after, session.id);
      if (refundLine) {
        countEvent(BUSINESS_METRICS.refundRequested);
        await refund(after, refundLine);
        // As the booking stands after the first send: the return page and the e-mail say whether the refund is made.
        const sent = (await getBooking(before.id, true)) ?? after;
        await tellCustomer(sent, session.id);
        return { kind: 'recorded', booking: sent, recordedNow: true };
      }
      // Only the caller that recorded the payment sends its receipt: the webhook and the return page's check never both.
      // A payment refunded whole (the booking cancelled meanwhile) is not a payment received.
      if (decision.keptCents > 0) await sendPaymentReceipt(after, line);
      return { kind: 'recorded', booking: after, recordedNow: true };
    },
    () => {
      throw new Error(`Could not record the balance payment of booking ${record.bookingId}; asking Stripe to redeliver`);
    },
  );
}

/** A payment the booking did not keep whole, or kept beyond its balance for review: an error line and a metric, for the alarms. */
function tellStaff(before: Booking, session: Stripe.Checkout.Session, record: CheckoutSession, d: BalancePaymentDecision, current: boolean): void {
  const facts = { bookingId: before.id, reference: before.bookingReference, status: before.status, dueCents: before.payment!.balanceDueCents, paidCents: session.amount_total, askedCents: record.amountCents, sessionId: maskToken(session.id), current };
  if (d.refundCents > 0) {
    logger.error('Balance payment refunded', { ...facts, reason: d.reason, refundCents: d.refundCents, keptCents: d.keptCents });
    countEvent(BUSINESS_METRICS.balancePaymentRefunded);
  } else if (d.heldForReview) {
    logger.error('Payment held for review', { ...facts, reviewReason: 'balance' });
    countEvent(BUSINESS_METRICS.paymentHeldForReview);
  } else if (!current) {
    // Kept whole and within what is due: the customer paid what they owed, through a session that was not the latest.
    logger.warn('Balance paid through a session that was no longer the booking\'s; kept, within what is due', facts);
  }
}

/** The e-mail to the customer whose payment was not needed (`b` after the refund's first send: it says whether it is made). */
async function tellCustomer(b: Booking, sessionId: string): Promise<void> {
  try {
    const payment = returnedPaymentOf(b, sessionId);
    if (!payment) return;
    const reference = b.bookingReference ?? b.id;
    await sendEmail({
      to: [b.customer.email],
      subject: `Your payment for ${reference} was not needed | ${site.brand}`,
      text: `Hi ${b.customer.name},\n\n${returnedPaymentText(reference, payment)}\n\n${site.brand}`,
    });
  } catch (error) {
    // The payment and its refund are recorded; only the e-mail is lost, and staff were alerted about the payment.
    logger.error('Could not send the payment-not-needed e-mail', { bookingId: b.id, sessionId: maskToken(sessionId), error: String(error) });
  }
}
