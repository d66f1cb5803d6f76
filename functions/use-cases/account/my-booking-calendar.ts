/**
 * The calendar file of a booking from the traveller's dashboard: their own booking (account/own-booking.ts: another's
 * answers 404 as a missing one does), its file as the pass and the payment-success page give it (calendar/calendar-file.ts).
 */
import type { Caller } from '../../lib/auth';
import { notFound } from '../../domain/errors';
import { isRecordId } from '../../store/keys';
import { calendarMessages, fileFor } from '../calendar/calendar-file';
import type { CalendarFile } from '../calendar/booking-calendar';
import { ownBooking } from './own-booking';

export async function myBookingCalendar(caller: Caller, id: string): Promise<CalendarFile> {
  if (!isRecordId(id)) throw notFound(calendarMessages.notFound);
  return fileFor(await ownBooking(caller, id));
}
