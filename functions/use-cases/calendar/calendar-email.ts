/**
 * Puts the booking's calendar file on a booking e-mail: the confirmation and a change as METHOD:REQUEST (the
 * traveller's calendar adds or updates the two events), a cancellation as METHOD:CANCEL (it removes them).
 * The file carries the pass link, so the sender needs 'pass:sign'. Without the file the e-mail still matters more
 * than the attachment: a failure to build it is logged and the e-mail goes without it.
 */
import type { Booking } from '../../../shared/records';
import type { OutgoingEmail } from '../../lib/email';
import { logger } from '../../lib/logger';
import { passTokenFor, passUrl } from '../../lib/pass-token';
import { siteUrl } from '../../lib/site-url';
import { bookingCalendar, type CalendarMethod } from './booking-calendar';

/** The booking's pass address (what the calendar events link to). */
export async function bookingPassUrl(bookingId: string): Promise<string> {
  return passUrl(siteUrl(), await passTokenFor(bookingId));
}

export async function withCalendar(email: OutgoingEmail, booking: Booking, method: Exclude<CalendarMethod, 'PUBLISH'>): Promise<OutgoingEmail> {
  try {
    const file = bookingCalendar(booking, { passUrl: await bookingPassUrl(booking.id), method });
    return { ...email, attachments: [...(email.attachments ?? []), { filename: file.filename, contentType: file.contentType, content: file.content }] };
  } catch (error) {
    logger.error('Calendar file not attached', { bookingId: booking.id, error: error instanceof Error ? error.message : String(error) });
    return email;
  }
}
