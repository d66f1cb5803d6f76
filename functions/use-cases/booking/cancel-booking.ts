/**
 * Cancelling a paid booking (design: 'Money after a booking is paid'; issue 14): the booking becomes
 * `cancelled`, leaves the day sheet and its bay, its status and revenue counters move (revenue keeps only what
 * was not refunded), and its ledger records the refund and what was kept, all in the booking's one
 * transaction; then the refund is asked of Stripe once (the ledger line's id is the idempotency key) and the
 * customer is told by e-mail. A second request finds the booking cancelled; two at once cannot both land.
 */
import { randomUUID } from 'node:crypto';
import { statusLabels, type StatusFilter } from '../../../shared/admin';
import { cancellationMessages } from '../../../shared/cancellation';
import { formatMoney, type Cents } from '../../../shared/money';
import type { Booking, BookingStatus, LedgerLine } from '../../../shared/records';
import { site } from '../../../shared/site';
import { sendEmail } from '../../lib/email';
import { conflict } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { saveBookingChange } from '../../store/booking-changes';
import { bookingEmail } from './receipt-email';
import { refund } from './refund';

export interface CancelRequest {
  refundCents: Cents;
  by: 'customer' | 'admin';
  /** The staff member's e-mail for the booking's history. */
  staff?: string;
  /** The statuses this caller may cancel from. */
  from: readonly BookingStatus[];
  now?: Date;
}

export async function cancelBooking(before: Booking, req: CancelRequest): Promise<Booking> {
  if (before.status === 'cancelled') throw conflict(cancellationMessages.alreadyCancelled);
  if (!req.from.includes(before.status)) throw conflict(cancellationMessages.notCancellable);
  const paid = before.payment?.amountPaidCents ?? 0;
  const at = (req.now ?? new Date()).toISOString();
  const ledger: LedgerLine[] = [...(before.ledger ?? [])];
  const refundLine: LedgerLine | null =
    req.refundCents > 0 ? { id: randomUUID(), at, by: req.by, kind: 'refund', amountCents: -req.refundCents, note: 'Booking cancelled', status: 'pending' } : null;
  if (refundLine) ledger.push(refundLine);
  if (paid - req.refundCents > 0) ledger.push({ id: randomUUID(), at, by: req.by, kind: 'kept', amountCents: paid - req.refundCents, note: 'Booking cancelled: not refunded' });
  const after: Booking = {
    ...before,
    status: 'cancelled',
    cancelledAt: at,
    ...(before.payment ? { payment: { ...before.payment, amountPaidCents: paid - req.refundCents, balanceDueCents: 0 } } : {}),
    ledger,
    updatedAt: at,
  };
  const outcome = await saveBookingChange(before, after, {
    editableStatuses: req.from,
    revenueDeltaCents: paid - req.refundCents - before.totalCents,
    ...(req.staff ? { audit: { by: req.staff, changes: [{ field: 'status', old: statusLabels[before.status as StatusFilter] ?? before.status, new: statusLabels.cancelled }, { field: 'refund', old: null, new: formatMoney(req.refundCents) }] } } : {}),
  });
  if (outcome !== 'changed') throw conflict(cancellationMessages.stale);
  logger.info('Booking cancelled', { bookingId: before.id, by: req.by, refundCents: req.refundCents });

  if (refundLine) await refund(after, refundLine, ledger.indexOf(refundLine));
  try {
    await sendEmail(
      bookingEmail(after, {
        subject: `Booking cancelled: ${after.bookingReference} | ${site.brand}`,
        intro: 'Your booking has been cancelled.',
        change: [
          { label: 'Refund to your card', value: formatMoney(req.refundCents) },
          ...(paid - req.refundCents > 0 ? [{ label: 'Kept (cancellation terms)', value: formatMoney(paid - req.refundCents) }] : []),
        ],
      }),
    );
  } catch (error) {
    logger.error('Cancellation e-mail failed', { bookingId: before.id, error: error instanceof Error ? error.message : String(error) });
  }
  return after;
}
