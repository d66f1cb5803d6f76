/**
 * The terms' late-night rule: "Drop-off between 19:00 and 05:00 needs 24 hours' notice", so a
 * team member is ready to receive the car. A drop-off from 19:00 up to (not including) 05:00 on New Zealand's wall
 * clock must be booked at least 24 real hours ahead; a drop-off at 05:00 is a day-time one. Real elapsed time,
 * like the lead time, so a daylight-saving change in between neither adds nor takes away an hour of notice.
 * Customers' quotes, checkouts and drop-off moves keep to it; staff may book a late-night drop-off at short notice
 * (they are the ones told).
 */
import { formatTime12 } from './format';
import { nzInstant, type WallClock } from './nz-time';
import { site } from './site';

export const LATE_NIGHT_FROM = '19:00';
export const LATE_NIGHT_UNTIL = '05:00';
export const LATE_NIGHT_NOTICE_HOURS = 24;

/** The last half-hour slot before the late-night window: the latest day-time drop-off the pickers offer. */
const LAST_DAY_SLOT = '18:30';

/** In the pickers' own 12-hour times (7:00 PM, not 19:00), so the rule reads as the times the traveller chooses from. */
export const lateNightMessage = `Drop-off between ${formatTime12(LATE_NIGHT_FROM)} and ${formatTime12(LATE_NIGHT_UNTIL)} needs 24 hours' notice. Please choose a drop-off time from ${formatTime12(LATE_NIGHT_UNTIL)} to ${formatTime12(LAST_DAY_SLOT)}, a later date, or call us on ${site.phone}.`;

/** True for a wall-clock time ("HH:MM") in the late-night window, 19:00 to 04:59. */
export function isLateNight(time: string): boolean {
  return time >= LATE_NIGHT_FROM || time < LATE_NIGHT_UNTIL;
}

/** True unless the drop-off is a late-night one less than 24 real hours from now (or does not exist in NZ). */
export function meetsLateNightNotice(dropOff: WallClock, now: Date): boolean {
  if (!isLateNight(dropOff.time)) return true;
  const instant = nzInstant(dropOff);
  return instant !== null && instant.getTime() - now.getTime() >= LATE_NIGHT_NOTICE_HOURS * 3_600_000;
}
