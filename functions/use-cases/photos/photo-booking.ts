/**
 * Who may touch a booking's photos (docs/product-rules.md, Photos): staff and admins on any paid booking (the yard's check-in
 * and check-out photos) (a cancelled one's photos stay reachable), a customer on
 * their own only (the same check as their booking edit). Anything else is 404, never a hint that it exists.
 */
import type { Booking } from '../../../shared/records';
import { isStaff, type AuthContext } from '../../lib/auth';
import { unauthorized } from '../../domain/errors';
import type { PhotoUploader } from '../../store/photos';
import { ownBooking } from '../account/own-booking';
import { confirmedBooking } from '../admin/booking-detail';

export async function photoBooking(auth: AuthContext, id: string): Promise<Booking> {
  if (!auth.user) throw unauthorized();
  if (!isStaff(auth)) return ownBooking(auth.user, id);
  return confirmedBooking(id);
}

/** The business's side ('admin': staff or an admin, shown as 'staff') or the customer's; never who. */
export function uploaderOf(auth: AuthContext): PhotoUploader {
  return { sub: auth.user!.sub, email: auth.user!.email, role: isStaff(auth) ? 'admin' : 'customer' };
}
