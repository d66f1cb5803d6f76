/**
 * When the tracker first sees a return flight land, each traveller on it whose car is still in the yard's care is
 * told where to go, by e-mail and (where SMS is on and a number is set) text, without pressing anything. At most
 * once per booking: the message is claimed like a reminder (`REMINDER#<bookingId>` / `KIND#landed`,
 * store/reminders.ts) before it is sent, so a second pass, or two at once, send nothing. The tracker calls this
 * before it stores the landing: a pass that dies in between asks again next time and finds the claim.
 */
import type { Booking } from '../../../shared/records';
import { logger } from '../../lib/logger';
import type { Notifier } from '../../lib/notifier';
import { getBookings } from '../../store/admin-lists';
import { pickupSettings } from '../../store/yard-settings';
import type { FlightArrivalRecord } from '../../store/flight-tracking';
import { claimReminder, markReminderFailed, markReminderSent } from '../../store/reminders';
import { bookingPassUrl } from '../calendar/calendar-email';
import { landedNotice } from '../reminders/reminder-messages';
import { returnFlightView } from './flight-notice';
import { stopOfTerminal } from '../../../shared/flights';
import * as clock from '../../lib/clock';

export const LANDED_MESSAGE = 'landed';

const IN_CARE: readonly Booking['status'][] = ['reservation', 'checkin'];

export interface LandedMessages {
  sent: number;
  alreadySent: number;
  failed: number;
}

/** `landed`: the flight's record as the provider now gives it (its `actualOn` set). */
export async function tellLanded(bookingIds: readonly string[], landed: FlightArrivalRecord, notifier: Notifier, now: Date = clock.now()): Promise<LandedMessages> {
  const result: LandedMessages = { sent: 0, alreadySent: 0, failed: 0 };
  if (bookingIds.length === 0) return result;
  const [bookings, settings] = await Promise.all([getBookings([...bookingIds]), pickupSettings()]);
  for (const booking of bookings) {
    // The booking as it is now: still on this flight and date, and its car still to be collected.
    if (!IN_CARE.includes(booking.status) || booking.returnFlight !== landed.flight || booking.pickUpDate !== landed.date) continue;
    const view = returnFlightView(booking, landed, settings);
    if (!view.landed || !view.notice) continue;
    if (!(await claimReminder(booking.id, LANDED_MESSAGE, now))) {
      result.alreadySent++;
      continue;
    }
    try {
      const sent = await notifier.send(landedNotice(booking, view.notice, stopOfTerminal(landed.terminal), await bookingPassUrl(booking.id)));
      await markReminderSent(booking.id, LANDED_MESSAGE, { at: clock.now(), ...sent });
      result.sent++;
      logger.info('Landing message sent', { bookingId: booking.id, flight: landed.flight });
    } catch (error) {
      result.failed++;
      logger.error('Landing message failed', { bookingId: booking.id, error: error instanceof Error ? error.message : String(error) });
      await markReminderFailed(booking.id, LANDED_MESSAGE).catch((e: unknown) => logger.error('Could not mark the landing message failed', { bookingId: booking.id, error: String(e) }));
    }
  }
  return result;
}
