/**
 * Who may touch a booking's photos (design: 'Vehicle photos'): admins on any paid booking (a cancelled one's photos stay reachable), a customer on
 * their own only (the same check as their booking edit). Anything else is 404, never a hint that it exists.
 */
import { isListed, type Booking } from '../../../shared/records';
import type { AuthContext } from '../../lib/auth';
import { notFound, unauthorized } from '../../lib/errors';
import { getBooking } from '../../store/bookings';
import type { PhotoUploader } from '../../store/photos';
import { BOOKING_NOT_FOUND, ownBooking } from '../account/own-booking';

export async function photoBooking(auth: AuthContext, id: string): Promise<Booking> {
  if (!auth.user) throw unauthorized();
  if (!auth.admin) return ownBooking(auth.user, id);
  const booking = /^[0-9a-f-]{36}$/i.test(id) ? await getBooking(id, true) : null;
  if (!booking || !isListed(booking)) throw notFound(BOOKING_NOT_FOUND);
  return booking;
}

export function uploaderOf(auth: AuthContext): PhotoUploader {
  return { sub: auth.user!.sub, email: auth.user!.email, role: auth.admin ? 'admin' : 'customer' };
}
