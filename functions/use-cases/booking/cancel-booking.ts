/**
 * Cancelling a paid booking (docs/product-rules.md, 'Money after payment'): the booking becomes
 * `cancelled` through the one booking change (change-booking.ts), so the money policy, customer's or staff's,
 * decides the refund and what is kept and why; the booking leaves the day sheet and its bay, its counters move,
 * its ledger records the refund and what was kept, all in one transaction; then the refund is asked of Stripe
 * once and the customer is told by e-mail. A second request finds the booking cancelled; two at once cannot
 * both land.
 */
import { statusLabels, type StatusFilter } from '../../../shared/admin';
import { cancellationMessages } from '../../../shared/cancellation';
import type { MoneyDecision, Policy } from '../../../shared/money-policy';
import type { Booking, BookingStatus } from '../../../shared/records';
import { site } from '../../../shared/site';
import { withCalendar } from '../calendar/calendar-email';
import { sendEmail } from '../../lib/email';
import { conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { changeBooking, refundHistoryValue } from './change-booking';
import { bookingEmail } from './receipt-email';
import * as clock from '../../lib/clock';
import { getBooking } from '../../store/bookings';

export interface CancelRequest {
  policy: Policy;
  by: 'customer' | 'admin';
  /** The staff member's e-mail for the booking's history. */
  staff?: string;
  /** The statuses this caller may cancel from. */
  from: readonly BookingStatus[];
  /** The caller named the version its decision was made on: a change meanwhile refuses the cancellation as stale. */
  versioned?: boolean;
  now?: Date;
}

/**
 * A cancellation that names no version (a customer's always: the terms decide, whatever the booking holds now; a
 * staff member's when they named none) reads the booking again and decides afresh when another write lands between
 * its read and its save (a balance checkout opened in another tab, a payment, the refund worker), rather than
 * telling the person to try again. One that named the version it was decided on is refused as stale instead.
 */
const ATTEMPTS_WHEN_UNVERSIONED = 4;

export async function cancelBooking(first: Booking, req: CancelRequest): Promise<{ booking: Booking; decision: MoneyDecision }> {
  const stale409 = () => conflict(cancellationMessages.stale);
  return retryOnStale(
    { tries: req.versioned ? 1 : ATTEMPTS_WHEN_UNVERSIONED },
    async (attempt) => {
      const before = attempt === 0 ? first : await getBooking(first.id, true);
      if (!before) throw stale409();
      const done = await cancelOnce(before, req);
      return done === 'stale' ? stale() : done;
    },
    () => {
      throw stale409();
    },
  );
}

async function cancelOnce(before: Booking, req: CancelRequest): Promise<{ booking: Booking; decision: MoneyDecision } | 'stale'> {
  if (before.status === 'cancelled') throw conflict(cancellationMessages.alreadyCancelled);
  if (!req.from.includes(before.status)) throw conflict(cancellationMessages.notCancellable);
  const now = req.now ?? clock.now();
  const at = now.toISOString();
  const proposed: Booking = { ...before, status: 'cancelled', cancelledAt: at };
  const audit = req.staff
    ? {
        by: req.staff,
        changes: (d: MoneyDecision) => [
          { field: 'status', old: statusLabels[before.status as StatusFilter] ?? before.status, new: statusLabels.cancelled },
          { field: 'refund', old: null, new: refundHistoryValue(d) },
        ],
      }
    : undefined;
  const done = await changeBooking(before, { proposed, policy: req.policy, by: req.by, save: { editableStatuses: req.from }, ...(audit ? { audit } : {}), now });
  if (done.outcome !== 'changed') return 'stale';
  const { booking: after, decision } = done;
  logger.info('Booking cancelled', { bookingId: before.id, by: req.by, refundCents: decision.refundCents });
  try {
    await sendEmail(await withCalendar(bookingEmail(after, { subject: `Booking cancelled: ${after.bookingReference} | ${site.brand}`, intro: 'Your booking has been cancelled.', cancellation: decision }), after, 'CANCEL'));
  } catch (error) {
    logger.error('Cancellation e-mail failed', { bookingId: before.id, error: error instanceof Error ? error.message : String(error) });
  }
  return { booking: after, decision };
}
