/**
 * Staff cancel any booking still to come or in the yard, by the staff money policy: any
 * refund from $0 to what is held, above the customer terms only with a reason, which the ledger and the
 * booking's history keep.
 */
import { adminMessages } from '../../../shared/admin';
import { cancellationMessages, type AdminCancellation } from '../../../shared/cancellation';
import { dollarsToCents } from '../../../shared/money';
import type { Booking } from '../../../shared/records';
import type { Caller } from '../../lib/auth';
import { conflict } from '../../domain/errors';
import { cancelBooking } from '../booking/cancel-booking';
import { confirmedBooking } from './booking-detail';
import * as clock from '../../lib/clock';

export async function adminCancelBooking(caller: Caller, id: string, req: AdminCancellation, now = clock.now()): Promise<{ booking: Booking; refundCents: number }> {
  const before = await confirmedBooking(id);
  // A booking cancelled meanwhile says so, rather than judging the refund against what its cancellation left paid.
  if (before.status === 'cancelled') throw conflict(cancellationMessages.alreadyCancelled);
  if (req.version !== undefined && req.version !== before.updatedAt) throw conflict(adminMessages.stale);
  const refund = { refundCents: dollarsToCents(req.refund), ...(req.reason ? { reason: req.reason } : {}) };
  const { booking, decision } = await cancelBooking(before, { policy: { actor: 'staff', refund }, by: 'admin', staff: caller.email ?? caller.sub, from: ['reservation', 'checkin', 'payment_review'], versioned: req.version !== undefined, now });
  return { booking, refundCents: decision.refundCents };
}
