/** One booking for the admin's edit dialog, with its history (newest first). */
import type { AdminBookingDetail } from '../../../shared/admin';
import { adminMessages } from '../../../shared/admin';
import { isListed, type Booking } from '../../../shared/records';
import { notFound } from '../../lib/errors';
import { bookingHistory } from '../../store/audit';
import { getBooking } from '../../store/bookings';
import { toCustomerBooking } from '../account/my-bookings';

const UUID = /^[0-9a-f-]{36}$/i;

/** A paid booking (cancelled ones too) by id, or 404 (unknown ids, pending and ended bookings alike). */
export async function confirmedBooking(id: string): Promise<Booking> {
  const booking = UUID.test(id) ? await getBooking(id, true) : null;
  if (!booking || !isListed(booking)) throw notFound(adminMessages.bookingNotFound);
  return booking;
}

export async function adminBookingDetail(id: string): Promise<AdminBookingDetail> {
  const [booking, history] = await Promise.all([confirmedBooking(id), UUID.test(id) ? bookingHistory(id) : []]);
  return { booking: toCustomerBooking(booking), history };
}
