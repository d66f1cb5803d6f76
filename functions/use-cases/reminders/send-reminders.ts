/**
 * One pass of the travel-day reminders (functions/jobs/send-reminders.ts, every 15 minutes in AWS): the day sheet's
 * entries for the dates that may have a reminder due (reminder-schedule.ts), read by key, never scanned; the
 * bookings they name, read in one BatchGet; then each reminder due now is claimed, sent and marked
 * (store/reminders.ts: at most once). Cancelled bookings have left the day sheet, and a booking read as cancelled
 * (or not yet confirmed) is skipped; a car already dropped off gets no day-before reminder, and only a car checked in
 * gets the return-day one.
 */
import type { Booking, BookingStatus } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { notifier as defaultNotifier, type Notifier } from '../../lib/notifier';
import { getBookings } from '../../store/admin-lists';
import { dayEntries, type DayEntry } from '../../store/day-sheet';
import { claimReminder, markReminderFailed, markReminderSent } from '../../store/reminders';
import { bookingPassUrl } from '../calendar/calendar-email';
import { returnFlightViewOf } from '../flights/flight-notice';
import { reminderNotice } from './reminder-messages';
import { isReminderDue, reminderDates, type ReminderKind } from './reminder-schedule';
import * as clock from '../../lib/clock';

/**
 * The statuses in which each reminder makes sense: the day before drop-off while the car is still to come; "Welcome
 * back: your car is ready today" only for a car that is in the yard (a same-day stay's window opens before its drop-off).
 */
const SENDABLE: Record<ReminderKind, readonly BookingStatus[]> = { 'day-before': ['reservation'], 'return-day': ['checkin'] };

export interface ReminderPassSummary {
  due: number;
  sent: number;
  /** Claimed by an earlier run or another one running now. */
  alreadySent: number;
  failed: number;
}

const timesOf = (b: Pick<Booking, 'dropOffDate' | 'dropOffTime' | 'pickUpDate' | 'pickUpTime'>) => ({ dropOffDate: b.dropOffDate, dropOffTime: b.dropOffTime, pickUpDate: b.pickUpDate, pickUpTime: b.pickUpTime });

/** The entry's own copy of the stay, when it has one (entries written before it existed are checked on the booking). */
function entryMayBeDue(kind: ReminderKind, e: DayEntry, now: Date): boolean {
  if (e.status === 'cancelled') return false;
  if (!e.dropOffAt || !e.pickUpAt) return true;
  const [dropOffDate, dropOffTime] = e.dropOffAt.split('T') as [string, string];
  const [pickUpDate, pickUpTime] = e.pickUpAt.split('T') as [string, string];
  return isReminderDue(kind, { dropOffDate, dropOffTime, pickUpDate, pickUpTime }, now);
}

export async function sendDueReminders(now: Date = clock.now(), notifier: Notifier = defaultNotifier): Promise<ReminderPassSummary> {
  const dates = reminderDates(now);
  const lists = await Promise.all([
    ...dates.dropOffs.map(async (d) => (await dayEntries(d, 'dropoff')).map((e) => ({ kind: 'day-before' as const, e }))),
    ...dates.pickUps.map(async (d) => (await dayEntries(d, 'pickup')).map((e) => ({ kind: 'return-day' as const, e }))),
  ]);
  const candidates = lists.flat().filter(({ kind, e }) => entryMayBeDue(kind, e, now));
  const summary: ReminderPassSummary = { due: 0, sent: 0, alreadySent: 0, failed: 0 };
  if (candidates.length === 0) return summary;
  const bookings = new Map((await getBookings([...new Set(candidates.map((c) => c.e.bookingId))])).map((b) => [b.id, b]));
  for (const { kind, e } of candidates) {
    const booking = bookings.get(e.bookingId);
    // The booking as it is now decides: its status and its times (an entry may lag a change by nothing, but be sure).
    if (!booking || !SENDABLE[kind].includes(booking.status) || !isReminderDue(kind, timesOf(booking), now)) continue;
    summary.due++;
    if (!(await claimReminder(booking.id, kind, now))) {
      summary.alreadySent++;
      continue;
    }
    try {
      const flight = kind === 'return-day' ? (await returnFlightViewOf(booking)).notice : null;
      const sent = await notifier.send(reminderNotice(kind, booking, await bookingPassUrl(booking.id), flight));
      await markReminderSent(booking.id, kind, { at: clock.now(), ...sent });
      summary.sent++;
      logger.info('Reminder sent', { bookingId: booking.id, kind });
    } catch (error) {
      summary.failed++;
      logger.error('Reminder failed', { bookingId: booking.id, kind, error: error instanceof Error ? error.message : String(error) });
      await markReminderFailed(booking.id, kind).catch((e: unknown) => logger.error('Could not mark the reminder failed', { bookingId: booking.id, kind, error: String(e) }));
    }
  }
  return summary;
}
