/**
 * The counters recounted from the bookings, as absolute values, exactly as the app's transactions keep them
 * (functions/store/counters.ts):
 * - `STATS`/`BOOKINGS`: every listed booking counts once in `bookings`, its month `m#<yyyy-mm>`, its status `s#<status>`
 *   and `m#<yyyy-mm>#<status>` (month of creation); `customers` counts customers with a listed booking; `revenueCents`
 *   is each booking's current total (less refunds made in Stripe's dashboard), except a cancelled one, which keeps only what was not refunded (the
 *   cancellation's revenue change is `paid - refund - total`, and its `payment.amountPaidCents` becomes `paid - refund`:
 *   functions/use-cases/booking/cancel-booking.ts).
 * - `collectedCents` is what listed bookings hold (paid less refunded), `dueCents` what bookings not cancelled have
 *   left to pay at pick-up (`countedMoney`).
 * - `STATS`/`DAY#<NZ date>`: the bookings created that NZ date (a cancelled one stays counted, as live) and their
 *   revenue as above. Live transactions add a booking's total when it is confirmed and never follow later changes; a
 *   recount states the day's revenue as it stands now, so the days add up to the all-time revenue.
 * - Customers with a listed booking but no `firstConfirmedAt` get their first booking's confirmation time.
 */
import type { Cents } from '../../shared/money';
import { nzToday } from '../../shared/nz-time';
import { isListed, type Booking } from '../../shared/records';
import { counterNames, countedMoney } from '../store/counters';
import { keys } from '../store/keys';
import { seenOf, type Seen } from '../store/maintenance';
import type { Item } from '../store/table';

/**
 * What a listed booking adds to revenue now: its current total (a refund made outside the app, a `system` line from
 * `charge.refunded`, lowers a live booking's total as a part refund does); a cancelled one, what was kept (its amount
 * paid, which both the cancellation and any later outside refund lower).
 */
export function revenueOf(b: Booking): Cents {
  return b.status === 'cancelled' ? (b.payment?.amountPaidCents ?? 0) : b.totalCents;
}

export interface CounterChange {
  name: string;
  before: number;
  after: number;
}

export interface CounterRecount {
  /** The attributes of `STATS`/`BOOKINGS`. */
  stats: Record<string, number>;
  /** By NZ date of creation. */
  days: Map<string, { bookings: number; revenueCents: Cents }>;
  /** Customers whose first confirmed booking is not recorded: when it was confirmed. */
  firstConfirmed: Map<string, string>;
}

const add = (to: Record<string, number>, name: string, n: number) => {
  to[name] = (to[name] ?? 0) + n;
};

export function recountCounters(bookings: Iterable<Booking>, customers: ReadonlyMap<string, { firstConfirmedAt?: string }>): CounterRecount {
  const stats: Record<string, number> = { bookings: 0, revenueCents: 0, collectedCents: 0, dueCents: 0, customers: 0 };
  const days = new Map<string, { bookings: number; revenueCents: Cents }>();
  const firstOf = new Map<string, string>();
  for (const b of bookings) {
    if (!isListed(b)) continue;
    const revenue = revenueOf(b);
    add(stats, 'bookings', 1);
    add(stats, 'revenueCents', revenue);
    const money = countedMoney(b);
    add(stats, 'collectedCents', money.collectedCents);
    add(stats, 'dueCents', money.dueCents);
    add(stats, counterNames.status(b.status), 1);
    add(stats, counterNames.month(b.createdAt), 1);
    add(stats, counterNames.statusMonth(b.status, b.createdAt), 1);
    const date = nzToday(new Date(b.createdAt));
    const day = days.get(date) ?? { bookings: 0, revenueCents: 0 };
    days.set(date, { bookings: day.bookings + 1, revenueCents: day.revenueCents + revenue });
    const confirmedAt = b.confirmedAt ?? b.payment?.paidAt ?? b.createdAt;
    const first = firstOf.get(b.customerId);
    if (!first || confirmedAt < first) firstOf.set(b.customerId, confirmedAt);
  }
  stats.customers = firstOf.size;
  const firstConfirmed = new Map([...firstOf].filter(([id]) => customers.has(id) && !customers.get(id)!.firstConfirmedAt));
  return { stats, days, firstConfirmed };
}

/** The names on `STATS`/`BOOKINGS` that are counters (the rest: keys, type, updatedAt). */
export const isStatsCounter = (name: string) => ['bookings', 'revenueCents', 'collectedCents', 'dueCents', 'customers'].includes(name) || /^[sm]#/.test(name);

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/** Counters that differ (a missing one reads 0), the totals first, then by name. */
export function counterChanges(before: Record<string, unknown> | null, after: Record<string, unknown>, isCounter: (name: string) => boolean): CounterChange[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after)].filter(isCounter));
  const order = (n: string) => ['bookings', 'revenueCents', 'collectedCents', 'dueCents', 'customers'].indexOf(n);
  return [...names]
    .map((name) => ({ name, before: num(before?.[name]), after: num(after[name]) }))
    .filter((c) => c.before !== c.after)
    .sort((a, b) => {
      const [oa, ob] = [order(a.name), order(b.name)];
      if (oa >= 0 || ob >= 0) return (oa < 0 ? 99 : oa) - (ob < 0 ? 99 : ob);
      return a.name < b.name ? -1 : 1;
    });
}

/**
 * The `STATS`/`BOOKINGS` item to put: what it held (anything that is not a counter is kept), every counter it had
 * set to 0 (a status or month with no bookings now still reads, as 0), then the recount.
 */
export function recountedStatsItem(before: Item | null, counts: Record<string, number>, at: string): Item {
  const zeros = Object.fromEntries(Object.keys(before ?? {}).filter(isStatsCounter).map((name) => [name, 0]));
  return { ...before, ...zeros, ...counts, ...keys.stats(), type: 'stats', updatedAt: at };
}

export interface CounterWrite {
  item: Item;
  seen: Seen;
  changes: CounterChange[];
}

const isDayCounter = (name: string) => name === 'bookings' || name === 'revenueCents';

/** The `STATS`/`DAY#<date>` items whose counts differ from the recount (a day with none now is set to 0). */
export function recountedDayItems(found: ReadonlyMap<string, Item>, days: ReadonlyMap<string, { bookings: number; revenueCents: Cents }>, at: string): CounterWrite[] {
  const dates = [...new Set([...found.keys(), ...days.keys()])].sort();
  return dates.flatMap((date) => {
    const before = found.get(date) ?? null;
    const counts = days.get(date) ?? { bookings: 0, revenueCents: 0 };
    const changes = counterChanges(before, counts, isDayCounter);
    if (changes.length === 0) return [];
    return [{ item: { ...before, ...keys.statsDay(date), type: 'stats_day', date, ...counts, updatedAt: at }, seen: seenOf(before), changes }];
  });
}
