/**
 * The yard's occupancy recounted from the bookings (functions/store/occupancy.ts): a booking in reservation,
 * checkin, checkout or payment_review (OCCUPYING_STATUSES) takes a place on each date of its stay; a pending booking whose checkout held places
 * (`placesHeld`) holds one while its checkout session is still open (its `expiresAt` is in the future). A pending
 * booking whose session has expired holds none in the recount: its hold has lapsed (reindex.ts marks it so).
 * Month items are written whole with `recountedMonths`; a month item with no stays now is written empty.
 */
import { OCCUPYING_STATUSES } from '../../shared/records';
import { keys } from '../store/keys';
import { seenOf, type Seen } from '../store/maintenance';
import { recountedMonths } from '../store/occupancy';
import type { Item } from '../store/table';
import type { ScannedBooking } from './reindex-snapshot';

type Stays = Parameters<typeof recountedMonths>[0];

export interface OccupancyStays {
  stays: Stays;
  /** Pending bookings marked as holding places whose checkout has expired. */
  lapsed: ScannedBooking[];
}

export function occupancyStays(bookings: Iterable<ScannedBooking>, sessions: ReadonlyMap<string, number>, nowSeconds: number): OccupancyStays {
  const stays: Stays = [];
  const lapsed: ScannedBooking[] = [];
  for (const s of bookings) {
    const b = s.booking;
    const stay = { dropOffDate: b.dropOffDate, pickUpDate: b.pickUpDate };
    if (OCCUPYING_STATUSES.includes(b.status)) stays.push({ stay, held: false });
    else if (b.status === 'pending_payment' && b.placesHeld === true) {
      const expiresAt = sessions.get(b.checkoutSessionId);
      if (expiresAt !== undefined && expiresAt > nowSeconds) stays.push({ stay, held: true });
      else lapsed.push(s);
    }
  }
  return { stays, lapsed };
}

export interface DayCount {
  taken: number;
  held: number;
}

export interface OccupancyChange {
  date: string;
  before: DayCount;
  after: DayCount;
}

export interface MonthWrite {
  month: string;
  item: Item;
  seen: Seen;
  changes: OccupancyChange[];
}

const DAY_COUNTER = /^([dh])(\d\d)$/;

function dayCounts(item: Record<string, unknown> | null, month: string): Map<string, DayCount> {
  const days = new Map<string, DayCount>();
  for (const [name, value] of Object.entries(item ?? {})) {
    const m = DAY_COUNTER.exec(name);
    if (!m || typeof value !== 'number') continue;
    const date = `${month}-${m[2]}`;
    const day = days.get(date) ?? { taken: 0, held: 0 };
    if (m[1] === 'd') day.taken = value;
    else day.held = value;
    days.set(date, day);
  }
  return days;
}

/** The month items whose day counters differ from the recount (a counter missing reads 0). */
export function recountedOccupancy(found: readonly Item[], stays: Stays, at: string): MonthWrite[] {
  const recounted = new Map(recountedMonths(stays, at).map((item) => [String(item.month), item as Item]));
  const existing = new Map(found.map((item) => [String(item.month ?? String(item.sk).replace(/^MONTH#/, '')), item]));
  const months = [...new Set([...existing.keys(), ...recounted.keys()])].sort();
  return months.flatMap((month) => {
    const before = existing.get(month) ?? null;
    const item = recounted.get(month) ?? { ...keys.occupancyMonth(month), type: 'occupancy', month, updatedAt: at };
    const [was, now] = [dayCounts(before, month), dayCounts(item, month)];
    const zero = { taken: 0, held: 0 };
    const changes = [...new Set([...was.keys(), ...now.keys()])]
      .sort()
      .map((date) => ({ date, before: was.get(date) ?? zero, after: now.get(date) ?? zero }))
      .filter((c) => c.before.taken !== c.after.taken || c.before.held !== c.after.held);
    return changes.length === 0 ? [] : [{ month, item, seen: seenOf(before), changes }];
  });
}
