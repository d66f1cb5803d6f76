/** Staff cancel any booking still to come or in the yard, refunding $0 up to what was paid (issue 14). */
import { adminMessages } from '../../../shared/admin';
import { cancellationMessages, type AdminCancellation } from '../../../shared/cancellation';
import { dollarsToCents } from '../../../shared/money';
import type { Booking } from '../../../shared/records';
import type { Caller } from '../../lib/auth';
import { badRequest, conflict } from '../../lib/errors';
import { cancelBooking } from '../booking/cancel-booking';
import { confirmedBooking } from './booking-detail';

export async function adminCancelBooking(caller: Caller, id: string, req: AdminCancellation, now = new Date()): Promise<{ booking: Booking; refundCents: number }> {
  const before = await confirmedBooking(id);
  // A booking cancelled meanwhile says so, rather than judging the refund against what its cancellation left paid.
  if (before.status === 'cancelled') throw conflict(cancellationMessages.alreadyCancelled);
  if (req.version !== undefined && req.version !== before.updatedAt) throw conflict(adminMessages.stale);
  const paid = before.payment?.amountPaidCents ?? 0;
  const refundCents = dollarsToCents(req.refund);
  if (refundCents > paid) throw badRequest(cancellationMessages.refundTooLarge(paid), { refund: cancellationMessages.refundTooLarge(paid) });
  const booking = await cancelBooking(before, { refundCents, by: 'admin', staff: caller.email ?? caller.sub, from: ['reservation', 'checkin', 'payment_review'], now });
  return { booking, refundCents };
}
