/**
 * Yard capacity rules both sides need: which NZ dates a stay occupies, the message for a full date, and the
 * availability answer the date pickers read. The server decides with its own counters (functions/store/occupancy.ts);
 * the browser only uses this to warn early and to mark full days. No zod here: the quote card imports it on the
 * first load of `/` (the API schemas are in availability.ts).
 */
import { addDays } from './nz-time';
import { toDateInput } from './date-input';

/** The yard's places when the site configuration says nothing else. */
export const DEFAULT_CAPACITY = 300;
/**
 * Unpaid checkouts may hold at most this share of the yard's places on any day (rounded up), and never fewer than
 * MIN_HOLD_ROOM: a place held for an unpaid checkout is off sale for up to 31 minutes, so holds alone must not be able to
 * fill a day (docs/capacity.md, 'Holds are bounded'). 300 places: 15 holds a day.
 */
export const HOLD_SHARE = 0.05;
export const MIN_HOLD_ROOM = 3;

/** How many places unpaid checkouts may hold on one day of a yard of `capacity`. */
export const holdRoom = (capacity: number): number => Math.max(MIN_HOLD_ROOM, Math.ceil(capacity * HOLD_SHARE));

/** The longest availability range one request may ask for (a year and a few days either side). */
export const MAX_AVAILABILITY_DAYS = 370;

/** Every NZ date from drop-off to pick-up inclusive: the dates a stay takes a place on. */
export function stayDates(dropOffDate: string, pickUpDate: string): string[] {
  const dates: string[] = [];
  for (let d = dropOffDate; d <= pickUpDate; d = addDays(d, 1)) dates.push(d);
  return dates;
}

export const capacityMessages = {
  full: (date: string) => `Sorry, we are full on ${toDateInput(date)}. Please choose other dates.`,
  /** Unpaid checkouts hold all the places they may on a date; `time` (NZ, HH:MM) is when every one of them will have ended. */
  holdsFull: (date: string, time: string) =>
    `Too many travellers are paying for ${toDateInput(date)} right now, so we cannot hold a place for you yet. Please try again after ${time}.`,
  /** A date with few places left has as many checkouts starting as it lets start at once (a burst for the last places). */
  startsBusy: (date: string) =>
    `Many travellers are booking ${toDateInput(date)} right now and only a few places are left. Please try again in a few seconds.`,
  availabilityRange: `Choose an availability range of at most ${MAX_AVAILABILITY_DAYS} days, with From on or before To.`,
  capacityInvalid: 'Capacity must be a whole number of places from 0 to 100000.',
  capacityFixed: 'Capacity is set by YARD_CAPACITY for this run; change it there.',
} as const;

/**
 * A burst of checkouts for the last few places of a date:
 * when a date of the stay has at most START_GATE_ROOM places left, at most STARTS_PER_PLACE checkouts per place left
 * may start for it in each START_GATE_SECONDS window; the others are told to try again in a few seconds (429 with
 * `Retry-After`) before anything is written or any payment session opened. Without it every checkout of a burst did
 * all the work of a winner (the customer record, a Stripe session, the hold's transaction, then the session's expiry)
 * only to be told the date was full, and on a small machine they ran past their time limit (docs/capacity.md).
 */
export const START_GATE_ROOM = 10;
export const STARTS_PER_PLACE = 3;
export const START_GATE_SECONDS = 10;

/** How many checkouts may start for a date with `room` places left in one window; null: no gate (room enough). */
export function startAllowance(room: number): number | null {
  if (room > START_GATE_ROOM) return null;
  return Math.max(1, room) * STARTS_PER_PLACE;
}

/** Days between two calendar dates, counting both ends. */
export function daysInclusive(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** The first date of a stay that the availability marks full, or null. */
export function firstFullDate(dates: readonly string[], fullDates: ReadonlySet<string> | readonly string[]): string | null {
  const full = fullDates instanceof Set ? fullDates : new Set(fullDates as readonly string[]);
  return dates.find((d) => full.has(d)) ?? null;
}

/** Dates added and removed when a stay moves (either side may be null: a new booking, a cancellation). */
export function stayChange(before: { dropOffDate: string; pickUpDate: string } | null, after: { dropOffDate: string; pickUpDate: string } | null): { added: string[]; removed: string[] } {
  const was = new Set(before ? stayDates(before.dropOffDate, before.pickUpDate) : []);
  const now = new Set(after ? stayDates(after.dropOffDate, after.pickUpDate) : []);
  return { added: [...now].filter((d) => !was.has(d)), removed: [...was].filter((d) => !now.has(d)) };
}
