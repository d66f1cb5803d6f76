/**
 * Settling refund lines: every write that moves one of the app's refund lines out of `pending` (or splits it, or
 * applies Stripe's refund list to the ledger) is here, so a line is settled in one place whoever gets there first:
 * - the sender (refund.ts) settles its line as sent (`settleSent`: made, or absorbed at $0 by a refund made in
 *   Stripe's dashboard) or failed (`settleFailed`: refused by Stripe, or never answered), or splits it across the
 *   booking's payments before sending (`splitLine`);
 * - Stripe's word (`syncBookingRefunds`: `charge.refunded`, `refund.*`, and a send that finds its own refund listed)
 *   lists the payment intent's refunds (every page) and applies them by id (refund-ledger.ts): the app's own pending
 *   lines are settled, refunds made outside the app are recorded once, refunds that failed later are undone.
 * Each is the booking's one conditional transaction (on `updatedAt`, store/booking-changes.ts, which also removes a
 * settled line's refund request), re-read and re-applied when something else changed the booking meanwhile, so a
 * line is settled once however many senders and redelivered, reordered or concurrent events race. The ledger
 * arithmetic is refund-ledger.ts; the webhook's entry point is refund-events.ts.
 */
import { LISTED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import { isYardRefund } from '../../../shared/refund-lines';
import { logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { stripeClient } from '../../lib/stripe';
import { getBooking } from '../../store/bookings';
import { changeTime, saveBookingChange } from '../../store/booking-changes';
import { settleLine, splitRefundLine, syncLedger, type LedgerEdit, type RefundPart, type StripeRefund } from './refund-ledger';
import { withdrawSupersededSession } from './balance-session';

/** Every refund of a payment intent, all pages (Stripe lists 100 at most a page). */
export async function listPaymentRefunds(paymentIntent: string): Promise<StripeRefund[]> {
  const stripe = await stripeClient();
  const all = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }).autoPagingToArray({ limit: 10_000 });
  return all.map((r) => ({ id: r.id, amount: r.amount, status: r.status, metadata: (r.metadata as Record<string, string> | null) ?? null, created: r.created }));
}

/** A ledger edit that keeps finding the booking changed under it is read and applied again this many times. */
const LEDGER_EDIT_TRIES = 8;

/** The line if it is one of the app's refunds to the card still waiting to be sent. */
export const pendingLine = (b: Booking | null, lineId: string): { index: number; line: LedgerLine } | null => {
  const index = b?.ledger?.findIndex((l) => l.id === lineId) ?? -1;
  const line = index >= 0 ? b!.ledger![index]! : null;
  // A line to hand back in the yard is never the worker's to send.
  return line && line.kind === 'refund' && line.status === 'pending' && !isYardRefund(line) ? { index, line } : null;
};

/**
 * Saves a ledger-only change: the booking (conditional on `updatedAt`) and its counters; the store removes the refund
 * requests of the lines it settles and writes those of the lines it adds.
 */
async function saveLedgerEdit(before: Booking, after: Booking, revenueDeltaCents: number): Promise<'changed' | 'stale'> {
  const outcome = await saveBookingChange(before, after, { editableStatuses: LISTED_STATUSES, revenueDeltaCents });
  if (outcome !== 'changed') return 'stale';
  // A refund made in Stripe's dashboard moves a live booking's total: the balance session asked the old amount.
  await withdrawSupersededSession(before, after);
  return 'changed';
}

/** An edit of one pending line: the booking it makes and what it does to revenue, with the caller's answer; or just the answer (nothing to write). */
type LineEdit<T> = { booking: Booking; revenueDeltaCents: number; result: T } | { result: T };

/**
 * Reads the booking, finds the line still pending (`not-pending` when it is not: settled meanwhile), applies `edit`
 * at the change's time and saves it; read again when the booking changed under it. `doing` names the edit in the
 * error of a booking that kept changing.
 */
async function editPendingLine<T>(bookingId: string, lineId: string, now: () => Date, doing: string, edit: (b: Booking, found: { index: number; line: LedgerLine }, at: string) => LineEdit<T>): Promise<T | 'not-pending'> {
  return retryOnStale<T | 'not-pending'>(
    { tries: LEDGER_EDIT_TRIES },
    async () => {
      const b = await getBooking(bookingId, true);
      const found = pendingLine(b, lineId);
      if (!b || !found) return 'not-pending';
      const at = changeTime(b, now());
      const change = edit(b, found, at);
      if (!('booking' in change)) return change.result;
      return (await saveLedgerEdit(b, { ...change.booking, updatedAt: at }, change.revenueDeltaCents)) === 'changed' ? change.result : stale();
    },
    () => {
      throw new Error(`Could not ${doing} refund line ${lineId} on booking ${bookingId}`);
    },
  );
}

/** Records what Stripe refunded for the line (`sentCents`, 0 when nothing was sent) on the line if it is still pending. */
export async function settleSent(bookingId: string, lineId: string, sentCents: number, refundId: string | null, now: () => Date): Promise<'settled' | 'not-pending'> {
  return editPendingLine(bookingId, lineId, now, 'settle', (b, { index }, at) => ({ ...settleLine(b, index, sentCents, refundId, at), result: 'settled' as const }));
}

/** Stripe refused the line, or never answered: failed with why, still owed to the customer (what is held does not change). */
export async function settleFailed(bookingId: string, lineId: string, now: () => Date, reason: string): Promise<'settled' | 'not-pending'> {
  return editPendingLine(bookingId, lineId, now, 'fail', (b, { index, line }, at) => {
    const ledger = [...b.ledger!];
    ledger[index] = { ...line, status: 'failed', settledAt: at, failure: reason };
    return { booking: { ...b, ledger }, revenueDeltaCents: 0, result: 'settled' as const };
  });
}

/**
 * Splits a pending line across payments (refund-ledger.ts, splitRefundLine) in the booking's conditional transaction,
 * which also writes each new line's refund request (store/refund-requests.ts): a crash after it leaves every part
 * queued, a crash before it leaves the line as it was, to be split again the same way. The new lines' ids; none when
 * another sender split it first (the line is aimed already).
 */
export async function splitLine(bookingId: string, lineId: string, parts: readonly RefundPart[], now: () => Date): Promise<string[] | 'not-pending'> {
  const added = await editPendingLine<string[]>(bookingId, lineId, now, 'split', (b, { index, line }, at) => {
    if (line.paymentIntent) return { result: [] };
    const split = splitRefundLine(b.ledger!, index, parts, at);
    return { booking: { ...b, ledger: split.ledger }, revenueDeltaCents: 0, result: split.added };
  });
  if (added !== 'not-pending' && added.length > 0) logger.info('Refund split across the booking\'s payments', { bookingId, ledgerLine: lineId, parts: parts.map((p) => p.cents), lines: [lineId, ...added] });
  return added;
}

export type SyncOutcome = 'synced' | 'known' | 'unknown-payment';

/** Applies Stripe's refunds to the booking; `refunds` when the caller has just listed them. */
export async function syncBookingRefunds(bookingId: string, paymentIntent: string, listed?: StripeRefund[]): Promise<{ outcome: SyncOutcome; booking: Booking | null }> {
  const refunds = listed ?? (await listPaymentRefunds(paymentIntent));
  return retryOnStale<{ outcome: SyncOutcome; booking: Booking | null }>(
    { tries: LEDGER_EDIT_TRIES },
    async () => {
      const before = await getBooking(bookingId, true);
      if (!before?.payment) return { outcome: 'unknown-payment', booking: null };
      const at = changeTime(before);
      const edit = syncLedger(before, refunds, at);
      if (!edit.changed) return { outcome: 'known', booking: before };
      const after: Booking = { ...edit.booking, updatedAt: at };
      // Stale: the booking changed meanwhile (a cancellation, the worker settling a line); apply to what it is now.
      if ((await saveLedgerEdit(before, after, edit.revenueDeltaCents)) !== 'changed') return stale();
      logEdit(bookingId, edit);
      return { outcome: 'synced', booking: after };
    },
    () => {
      throw new Error(`Could not apply Stripe's refunds to booking ${bookingId}; asking Stripe to redeliver`);
    },
  );
}

/** Logs what an edit changed, and counts the app's own refunds it settled as made or failed (once: the write is conditional). */
function logEdit(bookingId: string, edit: LedgerEdit): void {
  const failedLines = new Set(edit.failed.map((f) => f.lineId));
  // The app's pending lines Stripe's list settled as made (the webhook got there before the sender did).
  const made = edit.settledLineIds.filter((id) => !failedLines.has(id)).length;
  if (made) countEvent(BUSINESS_METRICS.refundMade, made);
  for (const r of edit.recorded) logger.info('Refund made outside the app recorded', { bookingId, refundId: r.refundId, refundCents: r.amountCents });
  for (const f of edit.failed) {
    // An outside refund that failed only gives the money back to the business; the app's own failing means the customer is still owed it.
    if (f.outside) logger.warn('Refund made outside the app failed at Stripe', { bookingId, refundId: f.refundId, amountCents: f.amountCents });
    else {
      logger.error('Refund failed', { bookingId, ledgerLine: f.lineId, refundId: f.refundId, amountCents: f.amountCents, reason: 'failed at Stripe after it was made' });
      countEvent(BUSINESS_METRICS.refundFailed);
    }
  }
}
