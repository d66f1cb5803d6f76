/**
 * When each travel-day reminder may go, as a pure function of the booking's NZ times and "now":
 * - the day before drop-off, between 09:00 and 20:00 NZ time;
 * - on the return day, between 09:00 and 20:00 and at the latest two hours before the pick-up, so it is waiting
 *   when the traveller lands; a pick-up before 11:00 leaves no such time that day, so it goes the day before,
 *   09:00 to 20:00.
 * A window that has passed is not made up later (a job that was down sends nothing late), no reminder goes for a
 * moment already past (the drop-off, the pick-up), and a window is a pair of
 * instants worked out from NZ wall-clock times, so daylight-saving days are handled by shared/nz-time.ts.
 */
import { addDays, nzInstant, nzToday, type WallClock } from '../../../shared/nz-time';

export type ReminderKind = 'day-before' | 'return-day';
export const REMINDER_KINDS: readonly ReminderKind[] = ['day-before', 'return-day'];

/** NZ daytime, when a reminder may arrive. */
export const REMINDER_HOURS = { from: '09:00', until: '20:00' } as const;
/** The return-day reminder arrives at least this long before the pick-up. */
export const RETURN_LEAD_MINUTES = 120;

export interface ReminderTimes {
  dropOffDate: string;
  dropOffTime: string;
  pickUpDate: string;
  pickUpTime: string;
}

export interface Window {
  start: Date;
  end: Date;
}

const at = (wc: WallClock): Date => {
  const instant = nzInstant(wc);
  if (!instant) throw new Error(`No NZ instant for ${wc.date} ${wc.time}`);
  return instant;
};

const daytime = (date: string): Window => ({ start: at({ date, time: REMINDER_HOURS.from }), end: at({ date, time: REMINDER_HOURS.until }) });

/** The window in which a reminder may be sent, or null when the booking's times do not exist in NZ. */
export function reminderWindow(kind: ReminderKind, b: ReminderTimes): Window | null {
  const dropOff = nzInstant({ date: b.dropOffDate, time: b.dropOffTime });
  const pickUp = nzInstant({ date: b.pickUpDate, time: b.pickUpTime });
  if (!dropOff || !pickUp) return null;
  if (kind === 'day-before') return daytime(addDays(b.dropOffDate, -1));
  const sameDay = daytime(b.pickUpDate);
  const latest = new Date(pickUp.getTime() - RETURN_LEAD_MINUTES * 60_000);
  const end = latest < sameDay.end ? latest : sameDay.end;
  return end > sameDay.start ? { start: sameDay.start, end } : daytime(addDays(b.pickUpDate, -1));
}

/** The moment a reminder is about: the drop-off for the day before, the pick-up for the return day. */
export function reminderMoment(kind: ReminderKind, b: ReminderTimes): Date | null {
  return kind === 'day-before' ? nzInstant({ date: b.dropOffDate, time: b.dropOffTime }) : nzInstant({ date: b.pickUpDate, time: b.pickUpTime });
}

/** Inside its window, and never for a moment already past. */
export function isReminderDue(kind: ReminderKind, b: ReminderTimes, now: Date): boolean {
  const w = reminderWindow(kind, b);
  const moment = reminderMoment(kind, b);
  return !!w && !!moment && now >= w.start && now < w.end && now < moment;
}

/**
 * The day-sheet dates whose entries may have a reminder due now: drop-offs tomorrow (the day-before reminder), and
 * pick-ups today and tomorrow (the return-day reminder of an early pick-up goes the day before).
 */
export function reminderDates(now: Date): { dropOffs: string[]; pickUps: string[] } {
  const today = nzToday(now);
  return { dropOffs: [addDays(today, 1)], pickUps: [today, addDays(today, 1)] };
}
