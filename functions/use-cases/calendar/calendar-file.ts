/**
 * The calendar file a traveller downloads (METHOD:PUBLISH): from the pass (its signed token) and from the
 * payment-success page (its checkout session id, the same key that page already holds); from their dashboard (their
 * own booking) it is account/my-booking-calendar.ts, so this folder never reaches into the account's (which reaches
 * into booking's, which sends calendar e-mails from here). Each answers 404 with one message whether the key is wrong or the booking missing, so none tells a caller
 * whether a booking exists; a booking that is cancelled or not yet confirmed has no events to add (409).
 */
import { isConfirmed, type Booking } from '../../../shared/records';
import { BOOKING_NOT_FOUND, conflict, notFound } from '../../domain/errors';
import { bookingIdFromPassToken } from '../../lib/pass-token';
import { isRecordId } from '../../store/keys';
import { getBooking } from '../../store/bookings';
import { getCheckoutSession } from '../../store/checkout-sessions';
import { bookingCalendar, type CalendarFile } from './booking-calendar';
import { bookingPassUrl } from './calendar-email';

export const calendarMessages = {
  notFound: BOOKING_NOT_FOUND,
  cancelled: 'This booking is cancelled, so there is nothing to add to your calendar.',
  notConfirmed: 'This booking is not confirmed yet, so there is nothing to add to your calendar.',
} as const;

/** A Stripe Checkout session id's shape (as confirm-payment.ts checks it), without bundling the payment code here. */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,240}$/;

/** Paid bookings only: a pending or ended checkout is answered as if it did not exist. */
const exists = (b: Booking | null): b is Booking => !!b && !['pending_payment', 'expired', 'payment_failed'].includes(b.status);

/** The file of a booking the caller may see. */
export async function fileFor(b: Booking): Promise<CalendarFile> {
  if (b.status === 'cancelled') throw conflict(calendarMessages.cancelled);
  if (!isConfirmed(b)) throw conflict(calendarMessages.notConfirmed);
  return bookingCalendar(b, { passUrl: await bookingPassUrl(b.id), method: 'PUBLISH' });
}

export async function passBookingCalendar(token: string): Promise<CalendarFile> {
  const id = await bookingIdFromPassToken(token);
  const booking = id && isRecordId(id) ? await getBooking(id, true) : null;
  if (!exists(booking)) throw notFound(calendarMessages.notFound);
  return fileFor(booking);
}

export async function checkoutBookingCalendar(sessionId: string): Promise<CalendarFile> {
  const session = SESSION_ID.test(sessionId) ? await getCheckoutSession(sessionId) : null;
  const booking = session ? await getBooking(session.bookingId, true) : null;
  if (!exists(booking)) throw notFound(calendarMessages.notFound);
  return fileFor(booking);
}
