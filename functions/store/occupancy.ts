/**
 * Yard occupancy: places taken per NZ date, kept as counters so capacity is a condition of the write that takes
 * a place, never a count of bookings. One item per month (`OCCUPANCY` / `MONTH#yyyy-mm`) holds two counters per
 * day: `dDD`, places taken (open checkouts' holds and bookings not cancelled), and `hDD`, the part of that held by
 * checkouts still open. A stay of up to 366 dates touches at most 13 month items, so one transaction (100 items at
 * most) takes, keeps, moves or gives back a whole stay together with the booking change that causes it.
 */
import { holdRoom, stayChange, stayDates } from '../../shared/capacity';

/**
 * How many places unpaid checkouts may hold on a day: the share shared/capacity.ts sets, unless UNPAID_HOLDS_PER_DAY
 * fixes it for a run (as YARD_CAPACITY fixes the capacity). The shared test stacks set it high: many test files check
 * out the same days at once there, which no real day sees; the holds' own tests run a stack without it.
 */
export function unpaidHoldLimit(capacity: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.UNPAID_HOLDS_PER_DAY?.trim();
  if (!raw) return holdRoom(capacity);
  if (!/^\d{1,7}$/.test(raw)) throw new Error(`UNPAID_HOLDS_PER_DAY must be a whole number of places, not "${raw}"`);
  return Number(raw);
}
import { keys, queries } from './keys';
import { query, type TransactItem } from './table';

export interface DayOccupancy {
  date: string;
  /** Places taken: bookings plus checkouts still open. */
  taken: number;
  /** Of `taken`, places held by checkouts not paid yet. */
  held: number;
}

/** A change to one day's counters: +1 takes a place, -1 gives it back. */
interface DayDelta {
  date: string;
  taken: number;
  held: number;
}

const day = (date: string) => date.slice(8, 10);
const month = (date: string) => date.slice(0, 7);

function byMonth(deltas: DayDelta[]): Map<string, DayDelta[]> {
  const months = new Map<string, DayDelta[]>();
  for (const d of deltas) {
    if (d.taken === 0 && d.held === 0) continue;
    const list = months.get(month(d.date)) ?? [];
    list.push(d);
    months.set(month(d.date), list);
  }
  return months;
}

/**
 * The month items' updates for a set of day changes. Every day that takes a place carries the condition that it
 * still has one (`capacity`); a day giving places back has no condition, so a release never fails.
 */
function monthUpdates(deltas: DayDelta[], capacity: number, at: string, holdLimit = Number.MAX_SAFE_INTEGER): TransactItem[] {
  return [...byMonth(deltas)].map(([m, days]): TransactItem => {
    const names: Record<string, string> = { '#type': 'type', '#month': 'month' };
    const values: Record<string, unknown> = { ':type': 'occupancy', ':month': m, ':at': at };
    const adds: string[] = [];
    const conditions: string[] = [];
    const amount = (n: number) => {
      const name = n < 0 ? `:m${-n}` : `:p${n}`;
      values[name] = n;
      return name;
    };
    for (const d of days) {
      const dd = day(d.date);
      if (d.taken !== 0) {
        names[`#d${dd}`] = `d${dd}`;
        adds.push(`#d${dd} ${amount(d.taken)}`);
        if (d.taken > 0) conditions.push(`(attribute_not_exists(#d${dd}) OR #d${dd} <= :room)`);
      }
      if (d.held !== 0) {
        names[`#h${dd}`] = `h${dd}`;
        adds.push(`#h${dd} ${amount(d.held)}`);
        if (d.held > 0 && holdLimit < Number.MAX_SAFE_INTEGER) {
          conditions.push(`(attribute_not_exists(#h${dd}) OR #h${dd} <= :holdRoom)`);
          values[':holdRoom'] = holdLimit - 1;
        }
      }
    }
    if (conditions.some((c) => c.includes(':room'))) values[':room'] = capacity - 1;
    return {
      Update: {
        Key: keys.occupancyMonth(m),
        UpdateExpression: `SET #type = :type, #month = :month, updatedAt = :at ADD ${adds.join(', ')}`,
        ...(conditions.length > 0 ? { ConditionExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

interface Stay {
  dropOffDate: string;
  pickUpDate: string;
}

/**
 * An open checkout takes a place on each date of its stay, as a hold; refused (condition) on a full date, and on a
 * date where unpaid checkouts already hold `holdRoom(capacity)` places (shared/capacity.ts).
 */
export function holdPlaces(stay: Stay, capacity: number, at: string): TransactItem[] {
  return monthUpdates(stayDates(stay.dropOffDate, stay.pickUpDate).map((date) => ({ date, taken: 1, held: 1 })), capacity, at, unpaidHoldLimit(capacity));
}

/** Payment arrived: the hold becomes the booking's place (it stays taken, it is no longer held). */
export function keepHeldPlaces(stay: Stay, at: string): TransactItem[] {
  return monthUpdates(stayDates(stay.dropOffDate, stay.pickUpDate).map((date) => ({ date, taken: 0, held: -1 })), 0, at);
}

/**
 * A checkout that began before capacity was counted had no hold: its payment takes the places without a
 * condition, since the customer has paid; the admin's occupancy shows any day over capacity.
 */
export function takePlacesUnconditionally(stay: Stay, at: string): TransactItem[] {
  return monthUpdates(stayDates(stay.dropOffDate, stay.pickUpDate).map((date) => ({ date, taken: 1, held: 0 })), Number.MAX_SAFE_INTEGER, at);
}

/** A checkout that will not be paid (expired, payment failed) gives its hold back. */
export function releaseHeldPlaces(stay: Stay, at: string): TransactItem[] {
  return monthUpdates(stayDates(stay.dropOffDate, stay.pickUpDate).map((date) => ({ date, taken: -1, held: -1 })), 0, at);
}

/**
 * A booking's stay changes (new dates, or cancelled when `after` is null): dates it leaves give their place
 * back, dates it newly covers must have room.
 */
export function movePlaces(before: Stay | null, after: Stay | null, capacity: number, at: string): TransactItem[] {
  const { added, removed } = stayChange(before, after);
  const deltas: DayDelta[] = [...removed.map((date) => ({ date, taken: -1, held: 0 })), ...added.map((date) => ({ date, taken: 1, held: 0 }))];
  return monthUpdates(deltas, capacity, at);
}

type MonthItem = Record<string, unknown> & { month: string };

/** Places taken on each date from `from` to `to` inclusive (a Query over the months they span). */
export async function readOccupancy(from: string, to: string, consistent = false): Promise<DayOccupancy[]> {
  const months = new Map<string, MonthItem>();
  let lastKey: Record<string, unknown> | undefined;
  do {
    const page = await query<MonthItem>({
      ...queries.occupancyMonths(month(from), month(to)),
      ConsistentRead: consistent,
      ...(lastKey ? { ExclusiveStartKey: lastKey } : {}),
    });
    for (const item of page.items) months.set(item.month, item);
    lastKey = page.lastKey;
  } while (lastKey);
  return stayDates(from, to).map((date) => {
    const item = months.get(month(date));
    const n = (name: string) => Math.max(0, Number(item?.[name] ?? 0));
    return { date, taken: n(`d${day(date)}`), held: n(`h${day(date)}`) };
  });
}

/** The dates among `dates` with no place left at `capacity`, ascending. */
export async function fullDatesAmong(dates: readonly string[], capacity: number, consistent = false): Promise<string[]> {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort();
  const wanted = new Set(sorted);
  const days = await readOccupancy(sorted[0]!, sorted[sorted.length - 1]!, consistent);
  return days.filter((d) => wanted.has(d.date) && d.taken >= capacity).map((d) => d.date);
}

/** The dates among `dates` where unpaid checkouts hold every place they may (`unpaidHoldLimit(capacity)`), ascending. */
export async function holdsFullAmong(dates: readonly string[], capacity: number, consistent = false): Promise<string[]> {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort();
  const wanted = new Set(sorted);
  const days = await readOccupancy(sorted[0]!, sorted[sorted.length - 1]!, consistent);
  return days.filter((d) => wanted.has(d.date) && d.held >= unpaidHoldLimit(capacity)).map((d) => d.date);
}

/** The month items that a recount writes: absolute counters from the bookings and open checkouts given. */
export function recountedMonths(stays: { stay: Stay; held: boolean }[], at: string): Record<string, unknown>[] {
  const counts = new Map<string, Record<string, number>>();
  for (const { stay, held } of stays) {
    for (const date of stayDates(stay.dropOffDate, stay.pickUpDate)) {
      const c = counts.get(month(date)) ?? {};
      c[`d${day(date)}`] = (c[`d${day(date)}`] ?? 0) + 1;
      if (held) c[`h${day(date)}`] = (c[`h${day(date)}`] ?? 0) + 1;
      counts.set(month(date), c);
    }
  }
  return [...counts].map(([m, c]) => ({ ...keys.occupancyMonth(m), type: 'occupancy', month: m, updatedAt: at, ...c }));
}
