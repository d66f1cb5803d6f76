/**
 * Keeping the ledger true to Stripe's refunds. On `charge.refunded`, `refund.created` and
 * `refund.updated` the payment intent's refunds are listed from Stripe (every page) and applied by id
 * (refund-ledger.ts): the app's own pending lines are settled, refunds made outside the app are recorded once,
 * refunds that failed later are undone. The write is the booking's one conditional transaction (on `updatedAt`),
 * re-read and re-applied when something else changed the booking meanwhile, so redelivered, reordered and
 * concurrent events record each refund once. The webhook's entry point is refund-events.ts.
 */
import { LISTED_STATUSES, type Booking } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { stripeClient } from '../../lib/stripe';
import { getBooking } from '../../store/bookings';
import { saveBookingChange } from '../../store/booking-changes';
import { settledRefundRequestDeletes } from '../../store/refund-requests';
import { syncLedger, type LedgerEdit, type StripeRefund } from './refund-ledger';
import { withdrawSupersededSession } from './balance-session';
import * as clock from '../../lib/clock';

/** Every refund of a payment intent, all pages (Stripe lists 100 at most a page). */
export async function listPaymentRefunds(paymentIntent: string): Promise<StripeRefund[]> {
  const stripe = await stripeClient();
  const all = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }).autoPagingToArray({ limit: 10_000 });
  return all.map((r) => ({ id: r.id, amount: r.amount, status: r.status, metadata: (r.metadata as Record<string, string> | null) ?? null, created: r.created }));
}

/** A change's time: after the one it follows, so `updatedAt` always moves (it is the booking's version). */
export const changeTime = (b: Pick<Booking, 'updatedAt'>, now = clock.now()): string => new Date(Math.max(now.getTime(), Date.parse(b.updatedAt) + 1)).toISOString();

/** Saves a ledger-only change: the booking (conditional on `updatedAt`), its counters, and the settled lines' requests. */
export async function saveLedgerEdit(before: Booking, after: Booking, revenueDeltaCents: number, settledLineIds: readonly string[]): Promise<'changed' | 'stale'> {
  const alsoWrite = settledRefundRequestDeletes(settledLineIds);
  const outcome = await saveBookingChange(before, after, { editableStatuses: LISTED_STATUSES, revenueDeltaCents, alsoWrite });
  if (outcome !== 'changed') return 'stale';
  // A refund made in Stripe's dashboard moves a live booking's total: the balance session asked the old amount.
  await withdrawSupersededSession(before, after);
  return 'changed';
}

/** A ledger edit that keeps finding the booking changed under it is read and applied again this many times. */
export const LEDGER_EDIT_TRIES = 8;

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
      if ((await saveLedgerEdit(before, after, edit.revenueDeltaCents, edit.settledLineIds)) !== 'changed') return stale();
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
