/**
 * Check-out in the yard: the admin edit's move to Check-out (functions/use-cases/admin/edit-booking.ts),
 * so the rules are the same wherever a car leaves: any late fee is charged, money due refuses it unless an admin
 * lets the car go with a reason, and the status rules apply. A repeated tap finds the car gone and answers as the first did.
 */
import type { CheckOut, YardBooking } from '../../../shared/yard';
import type { Caller } from '../../lib/auth';
import { adminMessages } from '../../../shared/admin';
import { DomainError } from '../../domain/errors';
import { getBooking } from '../../store/bookings';
import { adminEditBooking } from '../admin/edit-booking';
import { confirmedBooking } from '../admin/booking-detail';
import { yardView } from './yard-booking';
import * as clock from '../../lib/clock';

export async function checkOut(caller: Caller, id: string, req: CheckOut, now = clock.now()): Promise<YardBooking> {
  const before = await confirmedBooking(id);
  if (before.status === 'checkout') return yardView(before, now);
  try {
    const { booking } = await adminEditBooking(caller, id, { status: 'checkout', version: req.version, ...(req.checkout_override ? { checkout_override: req.checkout_override } : {}), ...(req.status_override ? { status_override: req.status_override } : {}) }, now);
    return await yardView(booking, now);
  } catch (error) {
    if (error instanceof DomainError && error.message === adminMessages.stale) {
      const after = await getBooking(id, true);
      if (after?.status === 'checkout') return yardView(after, now);
    }
    throw error;
  }
}
