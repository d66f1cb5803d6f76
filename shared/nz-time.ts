/**
 * New Zealand wall-clock time. Every date and time the product shows or accepts is a Pacific/Auckland
 * wall-clock value ("YYYY-MM-DD", "HH:MM"); instants are used only for the lead-time rule, where real
 * elapsed time is what matters. The platform's Intl time-zone data does the conversion (in browsers and in Lambda's
 * Node alike), so the first page load carries no date library.
 */
import { site } from './site';

export const NZ_TZ = site.timeZone;
export const LEAD_TIME_HOURS = 4;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface WallClock {
  date: string; // YYYY-MM-DD
  time: string; // HH:MM
}

/** True for a real calendar date in YYYY-MM-DD form (31/02 is not). */
export function isCalendarDate(date: string): boolean {
  const m = DATE_RE.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isClockTime(time: string): boolean {
  return TIME_RE.test(time);
}

/** Minutes since an arbitrary epoch, reading the wall clock as if no time zone existed. */
export function wallClockMinutes({ date, time }: WallClock): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, mo - 1, d, h, mi) / MINUTE;
}

let nzFormat: Intl.DateTimeFormat | undefined;

/** The NZ wall clock at an instant (to the minute). */
function wallClockAt(ms: number): WallClock {
  // Built once: constructing a formatter costs far more than using it.
  nzFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: NZ_TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const p: Record<string, string> = {};
  for (const part of nzFormat.formatToParts(ms)) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** NZ's offset from UTC at an instant, in minutes (720 in winter, 780 in summer). */
function offsetMinutesAt(ms: number): number {
  return wallClockMinutes(wallClockAt(ms)) - Math.floor(ms / MINUTE);
}

/** The current New Zealand date and time. */
export function nzNow(now: Date): WallClock {
  return wallClockAt(now.getTime());
}

export function nzToday(now: Date): string {
  return nzNow(now).date;
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant of an NZ wall-clock time, or null when that time does not exist (the hour skipped when
 * daylight saving starts). A time that happens twice (when it ends) resolves to its first occurrence.
 */
export function nzInstant(wc: WallClock): Date | null {
  const key = `${wc.date}T${wc.time}`;
  let ms = instantCache.get(key);
  if (ms === undefined) {
    ms = resolveInstant(wc);
    // Each resolution costs about 0.1 ms of Intl formatting, and the slot pickers ask for 48 a day on every render.
    if (instantCache.size >= INSTANT_CACHE_LIMIT) instantCache.clear();
    instantCache.set(key, ms);
  }
  return ms === null ? null : new Date(ms);
}

const INSTANT_CACHE_LIMIT = 5_000;
const instantCache = new Map<string, number | null>();

function resolveInstant(wc: WallClock): number | null {
  if (!isCalendarDate(wc.date) || !isClockTime(wc.time)) return null;
  // The offsets in force a day either side are the only ones this wall-clock time can have; each gives a candidate
  // instant, and the earliest that reads back as the same wall clock wins (an hour that happens twice resolves to its
  // first occurrence; an hour skipped reads back as another time and has none).
  const wall = wallClockMinutes(wc) * MINUTE;
  const offsets = new Set([offsetMinutesAt(wall - DAY), offsetMinutesAt(wall + DAY)]);
  const candidates = [...offsets].map((o) => wall - o * MINUTE).sort((a, b) => a - b);
  for (const instant of candidates) {
    const back = wallClockAt(instant);
    if (back.date === wc.date && back.time === wc.time) return instant;
  }
  return null;
}

export function existsInNz(wc: WallClock): boolean {
  return nzInstant(wc) !== null;
}

/** The earliest allowed drop-off instant: now plus the lead time. */
export function earliestDropOff(now: Date): Date {
  return new Date(now.getTime() + LEAD_TIME_HOURS * 60 * MINUTE);
}

/** True when the drop-off is at least the lead time after now (real elapsed time). */
export function meetsLeadTime(dropOff: WallClock, now: Date): boolean {
  const instant = nzInstant(dropOff);
  return instant !== null && instant.getTime() >= earliestDropOff(now).getTime();
}

/**
 * Days charged: started 24-hour periods between drop-off and pick-up on the wall clock, at least 1.
 * 09:00 to 09:00 the next day is one day even across a daylight-saving change.
 * Returns 0 when pick-up is not after drop-off (no cost can be computed).
 */
export function chargeableDays(dropOff: WallClock, pickUp: WallClock): number {
  const minutes = wallClockMinutes(pickUp) - wallClockMinutes(dropOff);
  if (minutes < 1) return 0;
  return Math.max(1, Math.ceil(minutes / (24 * 60)));
}

export function isAfter(a: WallClock, b: WallClock): boolean {
  return wallClockMinutes(a) > wallClockMinutes(b);
}
