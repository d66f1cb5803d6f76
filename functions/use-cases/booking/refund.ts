/**
 * Sending a refund line to Stripe until Stripe answers, and settling the line once. The line and its refund
 * request were written together (store/refund-requests.ts), so the refund outlives a crash at any point:
 * - the request that made the change sends it at once (`refund`);
 * - the refund worker (functions/jobs/send-refunds.ts: every minute in AWS, inside `npm start` locally) sends
 *   whatever is still pending, with backoff;
 * - every send uses the line's id as Stripe's idempotency key, so a repeat after a lost answer returns the
 *   refund Stripe already made instead of making another.
 * Before sending, the payment's refunds are listed from Stripe: the line's own refund there (a send whose answer
 * was lost) settles it without sending; otherwise only the headroom is sent (refund-ledger.ts: a refund made
 * in Stripe's dashboard since the decision lowers it, to nothing if it paid it all).
 * A refund larger than what any one payment has left (a booking paid by its checkout and a balance paid online) is
 * split before anything is sent: the line is aimed at the payment with the most room and new pending lines, one per
 * further payment, take the rest, written with their requests in one conditional transaction (`splitLine` in
 * refund-settlement.ts); each is
 * then one Stripe refund, sent, settled and retried as any line is. Every write that settles or splits a line is
 * refund-settlement.ts: this file asks Stripe and decides; that one records.
 * Stripe refusing it (a 4xx: already refunded, disputed, no such payment) settles the line as failed for staff
 * to see; no answer at all (a timeout, an outage, 5xx, 429) is tried again, and after MAX_REFUND_ATTEMPTS the
 * line is failed too, with an error log the 'refund failed' alarm counts.
 */
import type { Booking, LedgerLine } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { stripeClient } from '../../lib/stripe';
import { getBooking } from '../../store/bookings';
import { dropRefundRequest, postponeRefund } from '../../store/refund-requests';
import { headroomCents, refundCounts, type RefundPart, type StripeRefund } from './refund-ledger';
import { listPaymentRefunds, pendingLine, settleFailed, settleSent, splitLine, syncBookingRefunds } from './refund-settlement';
import * as clock from '../../lib/clock';

export const MAX_REFUND_ATTEMPTS = 8;

/** Wait before attempt n (1-based): 2, 4, 8 ... minutes, at most an hour; about 3.5 hours for all eight. */
export const refundRetryDelayMs = (attempt: number): number => Math.min(60 * 60_000, 60_000 * 2 ** attempt);

/** The idempotency key Stripe sees for a line: one line, one refund, however often it is sent. */
export const refundIdempotencyKey = (lineId: string): string => `refund-${lineId}`;

type StripeAnswer = { kind: 'made'; refundId: string; amount: number } | { kind: 'refused'; reason: string } | { kind: 'no-answer'; reason: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why a line failed, as staff read it on the booking: Stripe's own answer, or that it never answered. */
const failureText = (reason: string, refused: boolean): string => (refused ? reason : `Stripe did not answer: ${reason}`);

/** A 4xx from Stripe is its decision (except 409, a concurrent send with the same key, and 429, slow down). */
function isRefusal(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
}

async function askStripe(b: Booking, line: LedgerLine, paymentIntent: string, amount: number): Promise<StripeAnswer> {
  try {
    const stripe = await stripeClient();
    const done = await stripe.refunds.create({ payment_intent: paymentIntent, amount, metadata: { bookingId: b.id, ledgerLine: line.id } }, { idempotencyKey: refundIdempotencyKey(line.id) });
    return { kind: 'made', refundId: done.id, amount: done.amount };
  } catch (error) {
    return isRefusal(error) ? { kind: 'refused', reason: messageOf(error) } : { kind: 'no-answer', reason: messageOf(error) };
  }
}

/** The payment's refunds; or why not: Stripe refusing to list them (no such payment intent) is its answer, as for a send. */
async function listed(paymentIntent: string): Promise<StripeRefund[] | { reason: string; refused: boolean }> {
  try {
    return await listPaymentRefunds(paymentIntent);
  } catch (error) {
    return { reason: messageOf(error), refused: isRefusal(error) };
  }
}

/** `absorbed`: nothing was left to send (a refund made outside the app paid it); settled at $0, not failed. */
export type SendOutcome = 'succeeded' | 'absorbed' | 'failed' | 'retry' | 'settled-elsewhere';

export interface SendOptions {
  /** Sends tried before this one that met no answer. */
  attempts?: number;
  now?: () => Date;
  /** A send kicked by a webhook, outside the worker's schedule: no answer leaves the request as the worker left it. */
  kick?: boolean;
}

/** One send of a pending refund line. */
export async function sendRefund(bookingId: string, lineId: string, options: SendOptions = {}): Promise<SendOutcome> {
  const now = options.now ?? clock.now;
  const b = await getBooking(bookingId, true);
  const found = pendingLine(b, lineId);
  if (!b || !found) {
    await dropRefundRequest(lineId);
    return 'settled-elsewhere';
  }
  const { line } = found;
  // This send's number among those that met no answer (the request counts the ones before).
  const thisTry = (options.attempts ?? 0) + 1;
  // A line aimed at one payment (a balance paid online that was not needed) goes back to that payment.
  const paymentIntent = line.paymentIntent ?? b.payment?.paymentIntent;
  const fail = async (reason: string, refused: boolean): Promise<SendOutcome> => {
    // Another sender settled it meanwhile: that one logs and counts it, so the alarm counts one line once.
    if ((await settleFailed(bookingId, lineId, now, failureText(reason, refused))) !== 'settled') return 'settled-elsewhere';
    // RefundFailures is what the RefundsFailed alarm watches (infra/refund-alarms.ts); staff see the line as failed.
    logger.error('Refund failed', { bookingId, ledgerLine: lineId, amountCents: -line.amountCents, attempts: thisTry, reason, refused });
    countEvent(BUSINESS_METRICS.refundFailed);
    return 'failed';
  };
  const noAnswer = async (reason: string): Promise<SendOutcome> => {
    if (options.kick) return 'retry';
    if (thisTry >= MAX_REFUND_ATTEMPTS) return fail(reason, false);
    logger.warn('Refund not confirmed yet; it will be sent again', { bookingId, ledgerLine: lineId, attempts: thisTry, reason });
    await postponeRefund(lineId, thisTry, new Date(now().getTime() + refundRetryDelayMs(thisTry)));
    return 'retry';
  };
  if (!paymentIntent) return fail('The booking has no payment intent to refund', true);

  // At most twice: a refusal because a refund made outside the app took what was left is sent again, smaller.
  for (let round = 0; round < 2; round++) {
    const refunds = await listed(paymentIntent);
    if (!Array.isArray(refunds)) return refunds.refused ? fail(refunds.reason, true) : noAnswer(refunds.reason);
    const own = refunds.find((r) => r.metadata?.ledgerLine === lineId);
    if (own) {
      // Stripe has it already (an answer that was lost): record it, without sending again.
      await syncBookingRefunds(bookingId, paymentIntent, refunds);
      return refundCounts(own) ? 'succeeded' : 'failed';
    }
    const current = await getBooking(bookingId, true);
    const still = pendingLine(current, lineId);
    if (!current || !still) return 'settled-elsewhere';
    const amount = headroomCents(current, still.index, refunds, paymentIntent);
    // A booking whose balance was paid online has more than one payment: the refund goes where it fits.
    const where = await refundTarget(current, lineId, paymentIntent, refunds, amount);
    if ('split' in where) {
      const added = await splitLine(bookingId, lineId, where.split, now);
      if (added === 'not-pending') return 'settled-elsewhere';
      // The line is aimed at one payment now: this send goes on with it, then the new lines go at once (their
      // requests are written, so the worker sends any that meet no answer here).
      const outcome = await sendRefund(bookingId, lineId, options);
      for (const id of added) await sendNow(bookingId, id);
      return outcome;
    }
    if ('own' in where) {
      if (!refundCounts(where.own)) return fail('Refund failed at Stripe', true);
      return (await settleSent(bookingId, lineId, where.own.amount, where.own.id, now)) === 'settled' ? 'succeeded' : 'settled-elsewhere';
    }
    if ('reason' in where) return where.refused ? fail(where.reason, true) : noAnswer(where.reason);
    if (amount > 0 && where.sendCents === 0) return fail('No payment of the booking has that much left to refund', true);
    if (amount === 0) {
      const settled = await settleSent(bookingId, lineId, 0, null, now);
      if (settled === 'settled') logger.info('Refund not sent: a refund made in Stripe paid it', { bookingId, ledgerLine: lineId, askedCents: -line.amountCents });
      return settled === 'settled' ? 'absorbed' : 'settled-elsewhere';
    }
    const answer = await askStripe(current, still.line, where.paymentIntent, where.sendCents);
    if (answer.kind === 'made') {
      const settled = await settleSent(bookingId, lineId, answer.amount, answer.refundId, now);
      if (settled === 'settled') {
        logger.info('Refund made', { bookingId, ledgerLine: lineId, refundId: answer.refundId, amountCents: answer.amount, askedCents: -line.amountCents });
        countEvent(BUSINESS_METRICS.refundMade);
      }
      // Settled meanwhile by the webhook, from the same refund: made all the same (refund-settlement.ts counted it).
      return 'succeeded';
    }
    if (answer.kind === 'no-answer') return noAnswer(answer.reason);
    // Refused: made meanwhile by another sender, or a dashboard refund took what was left? Then look again.
    const again = await listed(paymentIntent);
    const changed = Array.isArray(again) && (again.some((r) => r.metadata?.ledgerLine === lineId) || headroomCents(current, still.index, again, paymentIntent) < amount);
    if (!changed) return fail(answer.reason, true);
  }
  return fail('Refused twice as Stripe refunds changed', true);
}

type Target = { paymentIntent: string; sendCents: number } | { split: RefundPart[] } | { own: StripeRefund } | { reason: string; refused: boolean };

const countedCents = (list: readonly StripeRefund[]) => list.filter(refundCounts).reduce((sum, r) => sum + r.amount, 0);

/** What Stripe received on the booking's checkout payment (its first): a payment without a `payment` line of its own. */
async function receivedCents(paymentIntent: string): Promise<number | { reason: string; refused: boolean }> {
  try {
    return (await (await stripeClient()).paymentIntents.retrieve(paymentIntent)).amount_received;
  } catch (error) {
    return { reason: messageOf(error), refused: isRefusal(error) };
  }
}

/**
 * Which payment a refund of `amount` goes to. A line aimed at one payment (`paymentIntent` on the line: a balance paid
 * online that was not needed, or one part of a split refund): that one, capped by its room. A booking paid once: its
 * checkout's payment intent, as always. One whose balance was paid online (a `payment` line with its own payment
 * intent) has several: each is listed (the line's own refund found on one of them, from a send whose answer was lost,
 * is settled without sending), and the refund goes to the first, in order, with room for all of it (what Stripe
 * received less its refunds); when none has, it is split across them, the most room first, as far as their rooms go
 * (what no payment has room for is settled lower and held again, as the headroom rule does).
 */
async function refundTarget(b: Booking, lineId: string, first: string, firstRefunds: readonly StripeRefund[], amount: number): Promise<Target> {
  const aimed = (b.ledger ?? []).find((l) => l.id === lineId)?.paymentIntent;
  if (aimed) {
    // `first` is that payment here (sendRefund listed it): what it received less its refunds is the room.
    const line = (b.ledger ?? []).find((l) => l.kind === 'payment' && l.paymentIntent === aimed);
    const paid = line ? line.amountCents : await receivedCents(aimed);
    if (typeof paid !== 'number') return paid;
    return { paymentIntent: aimed, sendCents: Math.max(0, Math.min(amount, paid - countedCents(firstRefunds))) };
  }
  const online = (b.ledger ?? []).filter((l) => l.kind === 'payment' && l.method === 'online' && l.paymentIntent);
  if (online.length === 0) return { paymentIntent: first, sendCents: amount };
  const rooms: RefundPart[] = [];
  const received = await receivedCents(first);
  if (typeof received !== 'number') return received;
  rooms.push({ paymentIntent: first, cents: received - countedCents(firstRefunds) });
  for (const l of online) {
    const list = await listed(l.paymentIntent!);
    if (!Array.isArray(list)) return list;
    const own = list.find((r) => r.metadata?.ledgerLine === lineId);
    if (own) return { own };
    rooms.push({ paymentIntent: l.paymentIntent!, cents: l.amountCents - countedCents(list) });
  }
  const whole = rooms.find((r) => r.cents >= amount);
  if (whole) return { paymentIntent: whole.paymentIntent, sendCents: amount };
  const parts: RefundPart[] = [];
  let left = amount;
  for (const r of [...rooms].filter((r) => r.cents > 0).sort((x, y) => y.cents - x.cents)) {
    if (left === 0) break;
    const cents = Math.min(left, r.cents);
    parts.push({ paymentIntent: r.paymentIntent, cents });
    left -= cents;
  }
  if (parts.length >= 2) return { split: parts };
  return { paymentIntent: parts[0]?.paymentIntent ?? first, sendCents: parts[0]?.cents ?? 0 };
}

/** Right after the change that wrote the line: the first send. Anything but an answer is left to the worker. */
export async function refund(b: Booking, line: LedgerLine): Promise<void> {
  await sendNow(b.id, line.id);
}

async function sendNow(bookingId: string, lineId: string): Promise<void> {
  try {
    await sendRefund(bookingId, lineId);
  } catch (error) {
    // The request and the line are written: the worker sends it. The change itself stands.
    logger.warn('Refund left to the worker', { bookingId, ledgerLine: lineId, error: messageOf(error) });
  }
}
