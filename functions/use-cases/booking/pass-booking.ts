/**
 * The booking a pass token opens (functions/lib/pass-token.ts), for the guest routes under /api/pass/{token}/: a
 * token that does not verify and a booking that does not exist (or was never paid) get the same 404, so the answer
 * never tells whether a booking exists.
 */
import { isListed, type Booking } from '../../../shared/records';
import { notFound } from '../../domain/errors';
import { bookingIdFromPassToken } from '../../lib/pass-token';
import { getBooking } from '../../store/bookings';

export const PASS_NOT_FOUND = 'Booking not found';

export async function passBooking(token: string): Promise<Booking> {
  const id = await bookingIdFromPassToken(token);
  const booking = id ? await getBooking(id, true) : null;
  if (!booking || !isListed(booking)) throw notFound(PASS_NOT_FOUND);
  return booking;
}
