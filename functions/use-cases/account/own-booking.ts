/**
 * Whether a booking is the caller's: booked while signed in as them, or paid by a customer linked to their
 * account. Its own module so the routes that only need the check (vehicle photos) do not bundle the edit's
 * Stripe and e-mail code.
 */
import type { Booking } from '../../../shared/records';
import type { Caller } from '../../lib/auth';
import { BOOKING_NOT_FOUND, notFound } from '../../domain/errors';
import { linkedCustomerIds } from '../../store/account-customers';
import { getBooking } from '../../store/bookings';

export { BOOKING_NOT_FOUND };

/** The caller's booking, or a 404 that says nothing about whether someone else's exists. */
export async function ownBooking(caller: Caller, id: string): Promise<Booking> {
  const booking = await getBooking(id, true);
  const mine = booking && (booking.userId === caller.sub || (await linkedCustomerIds(caller.sub)).includes(booking.customerId));
  if (!booking || !mine || booking.status === 'pending_payment' || booking.status === 'expired' || booking.status === 'payment_failed') throw notFound(BOOKING_NOT_FOUND);
  return booking;
}
