/**
 * The booking a pass token opens. A token that does not verify, a booking that no longer exists and one that was
 * never paid all answer the same 404, so the pass routes say nothing about which bookings exist.
 */
import { passMessages } from '../../../shared/pass';
import { isListed, type Booking } from '../../../shared/records';
import { notFound } from '../../domain/errors';
import { bookingIdFromPassToken } from '../../lib/pass-token';
import { getBooking } from '../../store/bookings';

export async function bookingForPassToken(token: string): Promise<Booking> {
  const id = await bookingIdFromPassToken(token);
  const booking = id ? await getBooking(id, true) : null;
  if (!booking || !isListed(booking)) throw notFound(passMessages.notFound);
  return booking;
}
