/**
 * Parking bays: a booking with a bay holds it from drop-off to pick-up. Each such booking has an entry under
 * `BAY#<bay>` keyed by its drop-off, so the bookings that could overlap a stay are one bounded query (a stay is
 * at most 365 days, so only entries dropped off within the year before can still be there). A bay's lock item
 * carries a version that every assignment bumps in its transaction, so two staff giving the same bay to two
 * bookings at once cannot both succeed.
 */
import { addDays } from '../../shared/nz-time';
import { MAX_STAY_DAYS } from '../../shared/quote';
import type { Booking } from '../../shared/records';
import { keys, queries } from './keys';
import { getItem, query, type TransactItem } from './table';

/** Statuses that no longer hold a bay: the car has left, or never comes. */
const RELEASED = new Set(['checkout', 'cancelled', 'expired', 'payment_failed']);

type Stay = Pick<Booking, 'id' | 'dropOffDate' | 'dropOffTime' | 'pickUpDate' | 'pickUpTime'>;
const dropOffAt = (b: Stay) => `${b.dropOffDate}T${b.dropOffTime}`;
const pickUpAt = (b: Stay) => `${b.pickUpDate}T${b.pickUpTime}`;

export function bayEntryPut(b: Booking): TransactItem {
  return {
    Put: {
      Item: {
        ...keys.bayEntry(b.parkingBayNumber!, dropOffAt(b), b.id),
        type: 'bay_entry',
        bookingId: b.id,
        bookingReference: b.bookingReference ?? null,
        dropOffAt: dropOffAt(b),
        pickUpAt: pickUpAt(b),
        status: b.status,
      },
    },
  };
}

export function bayEntryDelete(b: Booking): TransactItem {
  return { Delete: { Key: keys.bayEntry(b.parkingBayNumber!, dropOffAt(b), b.id) } };
}

/** The reference (or id) of another booking holding `bay` during `stay`, or null when the bay is free. */
export async function bayClash(bay: string, stay: Stay): Promise<string | null> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await query<{ bookingId: string; bookingReference: string | null; pickUpAt: string; status: string }>({
      ...queries.bayBookings(bay, addDays(stay.dropOffDate, -(MAX_STAY_DAYS + 1)), pickUpAt(stay)),
      ExclusiveStartKey: start,
    });
    // Entries in range dropped off before this pick-up; those still there after this drop-off overlap. A car that is
    // checked in holds its bay until it is checked out, even past its booked pick-up (an overstay).
    const clash = page.items.find((e) => e.bookingId !== stay.id && !RELEASED.has(e.status) && (e.status === 'checkin' || e.pickUpAt > dropOffAt(stay)));
    if (clash) return clash.bookingReference ?? clash.bookingId;
    start = page.lastKey;
  } while (start);
  return null;
}

/**
 * The first bay free for the whole stay among the yard's numbered bays 1..capacity (docs/yard.md), the booking's
 * own first when it has one. Ten bays are asked at a time, each one bounded Query; null when every bay is taken.
 */
export async function freeBay(stay: Stay & Pick<Booking, 'parkingBayNumber'>, capacity: number): Promise<string | null> {
  if (stay.parkingBayNumber && !(await bayClash(stay.parkingBayNumber, stay))) return stay.parkingBayNumber;
  for (let from = 1; from <= capacity; from += 10) {
    const bays = Array.from({ length: Math.min(10, capacity - from + 1) }, (_, i) => String(from + i));
    const clashes = await Promise.all(bays.map((bay) => bayClash(bay, stay)));
    const free = bays.find((_, i) => clashes[i] === null);
    if (free) return free;
  }
  return null;
}

export async function readBayVersion(bay: string): Promise<number> {
  return (await getItem<{ version?: number }>(keys.bayLock(bay), true))?.version ?? 0;
}

/** Bumps the bay's version if it is still the one read: the transaction fails if another assignment came first. */
export function bayLockBump(bay: string, seen: number, at: string): TransactItem {
  return {
    Update: {
      Key: keys.bayLock(bay),
      UpdateExpression: 'SET #type = :type, version = :next, updatedAt = :at',
      ConditionExpression: seen === 0 ? 'attribute_not_exists(version)' : 'version = :seen',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'bay_lock', ':next': seen + 1, ':at': at, ...(seen === 0 ? {} : { ':seen': seen }) },
    },
  };
}
