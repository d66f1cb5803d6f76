/**
 * Sending a refund line to Stripe until Stripe answers, and settling the line once. The line and its refund
 * request were written together (store/refund-requests.ts), so the refund outlives a crash at any point:
 * - the request that made the change sends it at once (`refund`);
 * - the refund worker (functions/jobs/send-refunds.ts: every minute in AWS, inside `npm start` locally) sends
 *   whatever is still pending, with backoff;
 * - every send uses the line's id as Stripe's idempotency key, so a repeat after a lost answer returns the
 *   refund Stripe already made instead of making another.
 * Stripe refusing it (a 4xx: already refunded, disputed, no such payment) settles the line as failed for staff
 * to see; no answer at all (a timeout, an outage, 5xx, 429) is tried again, and after MAX_REFUND_ATTEMPTS the
 * line is failed too, with an error log the 'refund failed' alarm counts.
 */
import type { Booking, LedgerLine } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { stripeClient } from '../../lib/stripe';
import { getBooking } from '../../store/bookings';
import { dropRefundRequest, postponeRefund, settleRefund } from '../../store/refund-requests';

export const MAX_REFUND_ATTEMPTS = 8;

/** Wait before attempt n (1-based): 2, 4, 8 ... minutes, at most an hour; about 3.5 hours for all eight. */
export const refundRetryDelayMs = (attempt: number): number => Math.min(60 * 60_000, 60_000 * 2 ** attempt);

/** The idempotency key Stripe sees for a line: one line, one refund, however often it is sent. */
export const refundIdempotencyKey = (lineId: string): string => `refund-${lineId}`;

type StripeAnswer = { kind: 'made'; refundId: string } | { kind: 'refused'; reason: string } | { kind: 'no-answer'; reason: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A 4xx from Stripe is its decision (except 409, a concurrent send with the same key, and 429, slow down). */
function isRefusal(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

async function askStripe(b: Booking, line: LedgerLine): Promise<StripeAnswer> {
  const paymentIntent = b.payment?.paymentIntent;
  if (!paymentIntent) return { kind: 'refused', reason: 'The booking has no payment intent to refund' };
  try {
    const stripe = await stripeClient();
    const done = await stripe.refunds.create({ payment_intent: paymentIntent, amount: -line.amountCents, metadata: { bookingId: b.id, ledgerLine: line.id } }, { idempotencyKey: refundIdempotencyKey(line.id) });
    return { kind: 'made', refundId: done.id };
  } catch (error) {
    return isRefusal(error) ? { kind: 'refused', reason: messageOf(error) } : { kind: 'no-answer', reason: messageOf(error) };
  }
}

export type SendOutcome = 'succeeded' | 'failed' | 'retry' | 'settled-elsewhere';

/** One send of a pending refund line; `attempts` is how many sends before this one met no answer. */
export async function sendRefund(bookingId: string, lineId: string, attempts = 0, now: () => Date = () => new Date()): Promise<SendOutcome> {
  const b = await getBooking(bookingId, true);
  const index = b?.ledger?.findIndex((l) => l.id === lineId) ?? -1;
  const line = index >= 0 ? b!.ledger![index]! : null;
  if (!b || !line || line.status !== 'pending') {
    await dropRefundRequest(lineId);
    return 'settled-elsewhere';
  }
  const answer = await askStripe(b, line);
  const at = now().toISOString();
  if (answer.kind === 'made') {
    const settled = await settleRefund(b.id, index, line.id, 'succeeded', answer.refundId, at);
    if (settled === 'settled') {
      logger.info('Refund made', { bookingId, ledgerLine: lineId, refundId: answer.refundId, amountCents: -line.amountCents });
      countEvent(BUSINESS_METRICS.refundMade);
    }
    return settled === 'settled' ? 'succeeded' : 'settled-elsewhere';
  }
  const tried = attempts + 1;
  if (answer.kind === 'refused' || tried >= MAX_REFUND_ATTEMPTS) {
    // Counted by the 'refund failed' alarm (infra/jobs.ts); staff see the line as failed.
    logger.error('Refund failed', { bookingId, ledgerLine: lineId, amountCents: -line.amountCents, attempts: tried, reason: answer.reason, refused: answer.kind === 'refused' });
    const settled = await settleRefund(b.id, index, line.id, 'failed', null, at);
    if (settled === 'settled') countEvent(BUSINESS_METRICS.refundFailed);
    return settled === 'settled' ? 'failed' : 'settled-elsewhere';
  }
  logger.warn('Refund not confirmed yet; it will be sent again', { bookingId, ledgerLine: lineId, attempts: tried, reason: answer.reason });
  await postponeRefund(lineId, tried, new Date(now().getTime() + refundRetryDelayMs(tried)));
  return 'retry';
}

/** Right after the change that wrote the line: the first send. Anything but an answer is left to the worker. */
export async function refund(b: Booking, line: LedgerLine, _index?: number): Promise<void> {
  try {
    await sendRefund(b.id, line.id);
  } catch (error) {
    // The request and the line are written: the worker sends it. The change itself stands.
    logger.warn('Refund left to the worker', { bookingId: b.id, ledgerLine: line.id, error: messageOf(error) });
  }
}
