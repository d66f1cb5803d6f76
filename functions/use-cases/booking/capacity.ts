/**
 * Capacity answers for the use cases: whether a stay (or the dates an edit adds) still has room, and the
 * conflict that names the first full date. The occupancy counters' conditions are the authority; these reads
 * only fail early and explain a refusal.
 */
import { capacityMessages, START_GATE_SECONDS, startAllowance, stayChange, stayDates } from '../../../shared/capacity';
import { nzNow } from '../../../shared/nz-time';
import { conflict, DomainError } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { fullDatesAmong, holdsFullAmong, readOccupancy, unpaidHoldLimit, type DayOccupancy } from '../../store/occupancy';
import { spendBudgets } from '../../store/rate-limits';
import { sessionExpiry } from './checkout-session-params';
import { yardCapacity } from '../../store/yard-settings';
import * as clock from '../../lib/clock';

interface Stay {
  dropOffDate: string;
  pickUpDate: string;
}

/** The field a full date's message goes under: the request's own name for the drop-off or pick-up date. */
type FieldFor = (date: string) => string;

/** The 409 for a stay with no room: the first full date among `dates` (re-read), or the first date asked for. */
export async function fullStay(dates: readonly string[], options: { capacity?: number; fieldFor?: FieldFor } = {}): Promise<DomainError> {
  const cap = options.capacity ?? (await yardCapacity()).capacity;
  const [first] = await fullDatesAmong(dates, cap, true);
  return fullConflict(first ?? dates[0]!, options.fieldFor);
}

/** 409 'Sorry, we are full on ...' for one date, the message also under the field it concerns. */
function fullConflict(date: string, fieldFor: FieldFor = () => 'quote.dropOffDate'): DomainError {
  const message = capacityMessages.full(date);
  return conflict(message, { [fieldFor(date)]: message });
}

/**
 * 409 for a date whose places unpaid checkouts hold as many as they may: when to try again is when a checkout
 * opened now would expire, by which time every hold open now has been paid or given back (NZ time, next minute).
 */
function holdsConflict(date: string, now: Date): DomainError {
  const seconds = sessionExpiry(now);
  const time = nzNow(new Date(Math.ceil(seconds / 60) * 60 * 1000)).time;
  const message = capacityMessages.holdsFull(date, time);
  return conflict(message, { 'quote.dropOffDate': message });
}

/** A stay's room as read: the capacity it was checked against and each date's occupancy. */
export interface StayRoom {
  capacity: number;
  days: DayOccupancy[];
}

/** The stay's dates as the occupancy counters stand (one read), refused when one is full or held up by unpaid checkouts. */
export async function checkedRoom(stay: Stay, now = clock.now()): Promise<StayRoom> {
  const { capacity } = await yardCapacity();
  const dates = stayDates(stay.dropOffDate, stay.pickUpDate);
  const days = await readOccupancy(dates[0]!, dates[dates.length - 1]!);
  const full = days.find((d) => d.taken >= capacity);
  if (full) throw fullConflict(full.date);
  const held = days.find((d) => d.held >= unpaidHoldLimit(capacity));
  if (held) throw holdsConflict(held.date, now);
  return { capacity, days };
}

/** Refuses a new stay that has a full date, or a date held up by unpaid checkouts; answers the capacity it checked against, for the hold. */
export async function roomForStay(stay: Stay, now = clock.now()): Promise<number> {
  return (await checkedRoom(stay, now)).capacity;
}

/**
 * A checkout's turn to start when a date of its stay has few places left (shared/capacity.ts, startAllowance): a
 * burst for the last places lets a few start at a time and tells the others to try again in a few seconds (429,
 * `Retry-After`), before anything is written or a payment session opened, so that every checkout answers in its time
 * limit. A start that then fails still counts: the window is short.
 */
export async function admitCheckoutStart({ capacity, days }: StayRoom, now = clock.now()): Promise<void> {
  const tightest = days.reduce<DayOccupancy | null>((a, b) => (!a || b.taken > a.taken ? b : a), null);
  const allowance = tightest ? startAllowance(capacity - tightest.taken) : null;
  if (!tightest || allowance === null) return;
  const outcome = await spendBudgets([{ scope: 'checkout-start', subject: `date-${tightest.date}`, limit: allowance, windowSeconds: START_GATE_SECONDS }], now);
  if (!outcome.ok) {
    logger.warn('Checkout start refused: a burst for the last places', { date: tightest.date, placesLeft: capacity - tightest.taken, allowance });
    const message = capacityMessages.startsBusy(tightest.date);
    throw new DomainError('too-many-requests', message, { 'quote.dropOffDate': message }, outcome.retryAfterSeconds);
  }
}

/** The 409 for a hold the counters refused: a date that filled meanwhile, else one whose holds are all taken (re-read). */
export async function refusedHold(dates: readonly string[], capacity: number, now = clock.now()): Promise<DomainError> {
  const [full, held] = await Promise.all([fullDatesAmong(dates, capacity, true), holdsFullAmong(dates, capacity, true)]);
  if (full.length > 0 || held.length === 0) return fullConflict(full[0] ?? dates[0]!);
  return holdsConflict(held[0]!, now);
}

/** The 409 for an edit whose new dates have no room (the change was refused as full), under the snake_case date fields (docs/product-rules.md, Field names). */
export function fullEdit(before: Stay, after: Stay): Promise<DomainError> {
  const fieldFor: FieldFor = (date) => (date >= after.pickUpDate ? 'pick_up_date' : 'drop_off_date');
  return fullStay(stayChange(before, after).added, { fieldFor });
}
