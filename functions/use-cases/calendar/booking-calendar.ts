/**
 * A booking's calendar file: two events, the drop-off and the pick-up, with the yard's address
 * as LOCATION and the booking pass link in the description and URL. Built with the `ics` library.
 *
 * Time zones: the `ics` library writes no VTIMEZONE, so each NZ wall-clock time is turned into its exact instant
 * (shared/nz-time.ts, daylight saving included) and written in UTC (`DTSTART:...Z`), which every calendar shows in
 * the reader's own zone; a traveller whose phone is on NZ time sees the booked time.
 *
 * Updates: the UIDs are fixed per booking and event, and SEQUENCE grows with each change of the booking (its
 * `calendarSequence`, counted by every change: change-booking.ts), so a change e-mail (METHOD:REQUEST)
 * replaces the events a calendar already holds and a cancellation (METHOD:CANCEL, same UIDs) removes them.
 * A download is METHOD:PUBLISH: a copy to import, not an invitation.
 */
import { createEvents, type EventAttributes } from 'ics';
import { formatAddress, site } from '../../../shared/site';
import { nzInstant } from '../../../shared/nz-time';
import type { Booking } from '../../../shared/records';

export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export type CalendarBooking = Pick<
  Booking,
  'id' | 'bookingReference' | 'status' | 'dropOffDate' | 'dropOffTime' | 'pickUpDate' | 'pickUpTime' | 'departureFlight' | 'returnFlight' | 'calendarSequence'
> & { customer: Pick<Booking['customer'], 'name' | 'email'> };

export interface CalendarFile {
  filename: string;
  contentType: string;
  content: string;
}

/** How long each event blocks in the traveller's calendar: the handover at the yard. */
const EVENT_MINUTES = 30;
const MAIL_DOMAIN = site.email.split('@')[1]!;

/** The event's UID: the same for every version of the booking, so updates and cancellations find it. */
export const calendarUid = (bookingId: string, kind: 'dropoff' | 'pickup') => `${bookingId}-${kind}@${MAIL_DOMAIN}`;

/** Grows with every change of the booking (change-booking.ts counts them); 0 for the booking as confirmed. */
export const calendarSequence = (b: Pick<Booking, 'calendarSequence'>): number => b.calendarSequence ?? 0;

export function calendarFilename(b: Pick<Booking, 'bookingReference' | 'id'>): string {
  return `${(b.bookingReference ?? b.id.slice(0, 8)).replace(/[^A-Za-z0-9-]/g, '')}-parking.ics`;
}

function instantOf(date: string, time: string): number {
  const at = nzInstant({ date, time });
  if (!at) throw new Error(`No NZ instant for ${date} ${time}`);
  return at.getTime();
}

export function bookingCalendar(b: CalendarBooking, { passUrl, method }: { passUrl: string; method: CalendarMethod }): CalendarFile {
  const reference = b.bookingReference ?? '';
  const location = `${site.brand}, ${formatAddress()}`;
  const cancelled = method === 'CANCEL' || b.status === 'cancelled';
  const sequence = calendarSequence(b);
  const footer = [`Your booking pass: ${passUrl}`, `${site.brand}, ${formatAddress()}`, `Questions? Call ${site.phone}.`];
  const common = {
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: EVENT_MINUTES },
    location,
    url: passUrl,
    sequence,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: site.brand, email: site.email },
    // An invitation names whom it is for; a download for importing names no one.
    ...(method === 'PUBLISH' ? {} : { attendees: [{ name: b.customer.name, email: b.customer.email, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }] }),
  } satisfies Partial<EventAttributes>;
  const events: EventAttributes[] = [
    {
      ...common,
      uid: calendarUid(b.id, 'dropoff'),
      start: instantOf(b.dropOffDate, b.dropOffTime),
      title: `Drop off your car at ${site.brand} (${reference})`,
      description: [
        `Booking ${reference}: drop off your car at the yard and take the free shuttle to the terminal.`,
        ...(b.departureFlight ? [`Departure flight: ${b.departureFlight}`] : []),
        ...footer,
      ].join('\n'),
    },
    {
      ...common,
      uid: calendarUid(b.id, 'pickup'),
      start: instantOf(b.pickUpDate, b.pickUpTime),
      title: `Pick up your car from ${site.brand} (${reference})`,
      description: [
        `Booking ${reference}: when you land, tell us on your booking pass ("I've landed") and the free shuttle takes you to your car.`,
        ...(b.returnFlight ? [`Return flight: ${b.returnFlight}`] : []),
        ...footer,
      ].join('\n'),
    },
  ];
  const { error, value } = createEvents(events, { productId: `-//${site.brand}//Bookings//EN`, method, calName: site.brand });
  if (error || !value) throw error ?? new Error('The calendar file could not be built');
  return { filename: calendarFilename(b), contentType: `text/calendar; charset=utf-8; method=${method}`, content: value };
}
