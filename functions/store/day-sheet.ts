/**
 * The staff's day sheet: one entry per drop-off and per pick-up under `DAY#<date>`, sorted by time, holding a
 * copy of what the sheet and the admin's date-range lists need (status, both ends of the stay, when it was
 * booked), so a range is filtered, counted and sorted from the entries and only the page shown reads bookings.
 * Entries are written and moved inside the booking's own transactions.
 */
import type { Booking } from '../../shared/records';
import { keys, queries } from './keys';
import { queryAll, query, type TransactItem } from './table';

export type DayKind = 'dropoff' | 'pickup';

export interface DayEntry {
  kind: DayKind;
  date: string;
  time: string;
  bookingId: string;
  bookingReference: string;
  customerName: string;
  contactNumber: string;
  carRegistration: string | null;
  carWash: boolean;
  flight: string | null;
  /** The fields below are absent on entries written before the admin lists existed (read as a reservation). */
  status?: string;
  dropOffAt?: string;
  pickUpAt?: string;
  createdAt?: string;
  parkingBayNumber?: string | null;
  balanceDueCents?: number;
}

/** Where a booking's entry lives: on the sheet, or (cancelled) under the date's cancelled prefix. */
export function dayEntryKey(kind: DayKind, b: Pick<Booking, 'dropOffDate' | 'dropOffTime' | 'pickUpDate' | 'pickUpTime' | 'id' | 'status'>) {
  const [date, time] = kind === 'dropoff' ? [b.dropOffDate, b.dropOffTime] : [b.pickUpDate, b.pickUpTime];
  if (b.status === 'cancelled') return keys.dayCancelled(kind, date, time, b.id);
  return kind === 'dropoff' ? keys.dayDropOff(date, time, b.id) : keys.dayPickUp(date, time, b.id);
}

/** The put of one day-sheet entry, for a booking's transaction. */
export function dayEntry(kind: DayKind, b: Booking, reference: string): TransactItem {
  const entry: DayEntry = {
    kind,
    date: kind === 'dropoff' ? b.dropOffDate : b.pickUpDate,
    time: kind === 'dropoff' ? b.dropOffTime : b.pickUpTime,
    bookingId: b.id,
    bookingReference: reference,
    customerName: b.customer.name,
    contactNumber: b.customer.contactNumber,
    carRegistration: b.carRegistration,
    carWash: b.carWash,
    flight: (kind === 'dropoff' ? b.departureFlight : b.returnFlight) ?? null,
    status: b.status,
    dropOffAt: `${b.dropOffDate}T${b.dropOffTime}`,
    pickUpAt: `${b.pickUpDate}T${b.pickUpTime}`,
    createdAt: b.createdAt,
    parkingBayNumber: b.parkingBayNumber,
    balanceDueCents: b.payment?.balanceDueCents ?? b.totalCents,
  };
  return { Put: { Item: { ...dayEntryKey(kind, b), type: 'day_sheet_entry', ...entry } } };
}

/**
 * One date's drop-offs or pick-ups in time order (every page: bounded by the yard's capacity); `cancelled` reads
 * the cancelled bookings' entries of that date instead (bounded by what was booked for it).
 */
export async function dayEntries(date: string, kind: DayKind, set: 'sheet' | 'cancelled' = 'sheet'): Promise<DayEntry[]> {
  return queryAll<DayEntry>(queries.daySheet(date, kind, set));
}

/** How many drop-offs or pick-ups a date has (a count query: no items are returned). */
export async function countDayEntries(date: string, kind: DayKind): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await query({
      ...queries.daySheet(date, kind),
      Select: 'COUNT',
      ExclusiveStartKey: start,
    });
    total += page.count;
    start = page.lastKey;
  } while (start);
  return total;
}
