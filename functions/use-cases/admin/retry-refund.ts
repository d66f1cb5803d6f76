/**
 * An admin retries a failed refund line: the same line goes back to `pending` with a new request on the
 * refund queue (the failure removed the old one; the new one names the retry's time, not the line's:
 * store/refund-requests.ts), in the booking's one conditional transaction with the history entry (recorded first, as every refund
 * is), and is then sent at once with the line's own idempotency key (refund.ts); whatever Stripe says then, the worker
 * carries on as for any pending line. Only a failed line of the app's own is retried: a line that is pending or has
 * succeeded is left as it is (a second click, or a retry that raced the first, does nothing), and a refund made in
 * Stripe's dashboard is retried there. What is held does not move: a failed line was still owed, never held again.
 * A line still to hand back in the yard is instead recorded as handed back by the caller (no Stripe call).
 */
import { formatMoney } from '../../../shared/money';
import { LISTED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import { isYardRefund, refundRetryMessages } from '../../../shared/refund-lines';
import { paymentMethodLabels, type PaymentMethod } from '../../../shared/balance';
import { adminMessages } from '../../../shared/admin';
import type { Caller } from '../../lib/auth';
import { conflict, notFound } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { changeTime, saveBookingChange } from '../../store/booking-changes';
import { refund } from '../booking/refund';
import { confirmedBooking } from './booking-detail';
import * as clock from '../../lib/clock';

export type RetryOutcome = { retried: true; booking: Booking } | { retried: false; booking: Booking };

/**
 * Money to hand back in the yard (a customer's cancellation of what was paid there): the caller records it as handed
 * back now, by its method. Nothing goes to Stripe. A line already handed back is left as it is. Null when the booking
 * changed meanwhile (read it again).
 */
async function recordHandedBack(caller: Caller, before: Booking, index: number, now: Date): Promise<RetryOutcome | null> {
  const line = before.ledger![index]!;
  if (line.status !== 'pending') return { retried: false, booking: before };
  const at = changeTime(before, now);
  const by = caller.email ?? caller.sub;
  const ledger = [...before.ledger!];
  ledger[index] = { ...line, status: 'succeeded', takenBy: by, settledAt: at };
  const after: Booking = { ...before, ledger, updatedAt: at };
  const saved = await saveBookingChange(before, after, {
    editableStatuses: LISTED_STATUSES,
    audit: { by, changes: [{ field: 'refund', old: `To hand back: ${formatMoney(-line.amountCents)}`, new: `Handed back: ${formatMoney(-line.amountCents)} ${paymentMethodLabels[line.method as PaymentMethod]}` }] },
  });
  if (saved !== 'changed') return null;
  logger.info('Refund handed back in the yard', { bookingId: before.id, ledgerLine: line.id, amountCents: -line.amountCents, method: line.method });
  return { retried: true, booking: after };
}

export async function retryRefund(caller: Caller, id: string, lineId: string, now = clock.now()): Promise<RetryOutcome> {
  return retryOnStale<RetryOutcome>(
    { tries: 3 },
    async () => {
      const before = await confirmedBooking(id);
      const index = (before.ledger ?? []).findIndex((l) => l.id === lineId && l.kind === 'refund');
      if (index < 0) throw notFound(refundRetryMessages.notFound);
      const line = before.ledger![index]!;
      if (line.outside) throw conflict(refundRetryMessages.outside);
      if (isYardRefund(line)) {
        return (await recordHandedBack(caller, before, index, now)) ?? stale();
      }
      if (line.status !== 'failed') return { retried: false, booking: before };

      const at = changeTime(before, now);
      const { settledAt: _settled, failure: _failure, ...unsettled } = line;
      const pending: LedgerLine = { ...unsettled, status: 'pending' };
      const ledger = [...before.ledger!];
      ledger[index] = pending;
      const after: Booking = { ...before, ledger, updatedAt: at };
      const saved = await saveBookingChange(before, after, {
        editableStatuses: LISTED_STATUSES,
        audit: { by: caller.email ?? caller.sub, changes: [{ field: 'refund', old: `Failed: ${formatMoney(-line.amountCents)}`, new: `Retried: ${formatMoney(-line.amountCents)}` }] },
      });
      if (saved !== 'changed') return stale(); // changed meanwhile: read again (a concurrent retry makes this one a no-op)
      logger.info('Failed refund retried', { bookingId: id, ledgerLine: lineId, amountCents: -line.amountCents });
      await refund(after, pending);
      return { retried: true, booking: (await confirmedBooking(id)) };
    },
    () => {
      throw conflict(adminMessages.stale);
    },
  );
}
