/**
 * An admin retries a failed refund line (issue 26): the same line goes back to `pending` with a new request on the
 * refund queue, in the booking's one conditional transaction with the history entry (recorded first, as every refund
 * is), and is then sent at once with the line's own idempotency key (refund.ts); whatever Stripe says then, the worker
 * carries on as for any pending line. Only a failed line of the app's own is retried: a line that is pending or has
 * succeeded is left as it is (a second click, or a retry that raced the first, does nothing), and a refund made in
 * Stripe's dashboard is retried there. What is held does not move: a failed line was still owed, never held again.
 */
import { formatMoney } from '../../../shared/money';
import { LISTED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import { refundRetryMessages } from '../../../shared/refund-lines';
import { adminMessages } from '../../../shared/admin';
import type { Caller } from '../../lib/auth';
import { conflict, notFound } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { saveBookingChange } from '../../store/booking-changes';
import { refundRequestPut } from '../../store/refund-requests';
import { refund } from '../booking/refund';
import { changeTime } from '../booking/refund-sync';
import { confirmedBooking } from './booking-detail';
import * as clock from '../../lib/clock';

export type RetryOutcome = { retried: true; booking: Booking } | { retried: false; booking: Booking };

export async function retryRefund(caller: Caller, id: string, lineId: string, now = clock.now()): Promise<RetryOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await confirmedBooking(id);
    const index = (before.ledger ?? []).findIndex((l) => l.id === lineId && l.kind === 'refund');
    if (index < 0) throw notFound(refundRetryMessages.notFound);
    const line = before.ledger![index]!;
    if (line.outside) throw conflict(refundRetryMessages.outside);
    if (line.status !== 'failed') return { retried: false, booking: before };

    const at = changeTime(before, now);
    const { settledAt: _settled, ...unsettled } = line;
    const pending: LedgerLine = { ...unsettled, status: 'pending' };
    const ledger = [...before.ledger!];
    ledger[index] = pending;
    const after: Booking = { ...before, ledger, updatedAt: at };
    const saved = await saveBookingChange(before, after, {
      editableStatuses: LISTED_STATUSES,
      audit: { by: caller.email ?? caller.sub, changes: [{ field: 'refund', old: `Failed: ${formatMoney(-line.amountCents)}`, new: `Retried: ${formatMoney(-line.amountCents)}` }] },
      // The queue's request is new (the failure removed the old one); it names the retry's time, not the line's.
      alsoWrite: [refundRequestPut(id, { ...pending, at })],
    });
    if (saved !== 'changed') continue; // changed meanwhile: read again (a concurrent retry makes this one a no-op)
    logger.info('Failed refund retried', { bookingId: id, ledgerLine: lineId, amountCents: -line.amountCents });
    await refund(after, pending);
    return { retried: true, booking: (await confirmedBooking(id)) };
  }
  throw conflict(adminMessages.stale);
}
