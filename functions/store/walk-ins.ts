/**
 * A walk-in paid in the yard: the booking is written confirmed, with nothing paid yet, in one
 * transaction with everything a paid checkout's confirmation writes (reference guard, day-sheet entries, search
 * tokens, bay entry and lock, counters) and the stay's places taken only where the yard has room, so it is booked,
 * listed and counted exactly once or not at all. The payment is then recorded as any yard payment is.
 */
import type { Booking } from '../../shared/records';
import { bayEntryPut, bayLockBump } from './bays';
import { confirmedIndexKeys } from './bookings';
import { confirmedCounterUpdates, countedMoney } from './counters';
import { alreadyConfirmedCheck, firstConfirmedUpdate } from './customers';
import { dayEntry } from './day-sheet';
import { keys } from './keys';
import { movePlaces } from './occupancy';
import { bookingTokenPuts } from './search-tokens';
import { rethrow, stale } from '../lib/retry-on-stale';
import { transactRetrying, type TransactItem } from './table';

export interface YardBooking {
  /** Confirmed (status reservation, reference and payment set). */
  booking: Booking & { bookingReference: string };
  /** The NZ date it is created on, for the daily counter. */
  createdNzDate: string;
  firstForCustomer: boolean;
  /** With firstForCustomer: the customer's place in the admin's customer list, which the first paid booking gives. */
  customerListed?: { gsi2pk: string; gsi2sk: string };
  capacity: number;
  /** The bay's lock version read before its clash check (when a bay is given). */
  bayVersion?: number;
}

export type YardBookingOutcome = 'created' | 'full' | 'reference-taken' | 'bay-busy' | 'customer-changed';

export async function createYardBooking(y: YardBooking): Promise<YardBookingOutcome> {
  const b = y.booking;
  const at = b.createdAt;
  const items: TransactItem[] = [
    { Put: { Item: { ...keys.booking(b.id), type: 'booking', ...b, ...confirmedIndexKeys(b) }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: { ...keys.bookingReference(b.bookingReference), type: 'booking_reference', bookingId: b.id, createdAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
    y.firstForCustomer ? firstConfirmedUpdate(b.customerId, at, y.customerListed) : alreadyConfirmedCheck(b.customerId),
  ];
  const lockIndex = b.parkingBayNumber ? items.length : -1;
  if (b.parkingBayNumber) items.push(bayLockBump(b.parkingBayNumber, y.bayVersion ?? 0, at), bayEntryPut(b));
  items.push(
    dayEntry('dropoff', b, b.bookingReference),
    dayEntry('pickup', b, b.bookingReference),
    ...confirmedCounterUpdates(b.totalCents, y.firstForCustomer, y.createdNzDate, at, at, b.status, countedMoney(b)),
    ...bookingTokenPuts(b, b.bookingReference),
  );
  const placesStart = items.length;
  items.push(...movePlaces(null, b, y.capacity, at));
  return transactRetrying<YardBookingOutcome>(
    items,
    5,
    'created',
    (codes, error) => {
      if (codes[1] === 'ConditionalCheckFailed') return 'reference-taken';
      if (codes[2] === 'ConditionalCheckFailed') return 'customer-changed';
      if (lockIndex >= 0 && codes[lockIndex] === 'ConditionalCheckFailed') return 'bay-busy';
      if (codes.slice(placesStart).includes('ConditionalCheckFailed')) return 'full';
      if (codes[0] === 'ConditionalCheckFailed') throw error;
      // No condition failed: another transaction touched a shared item (the counters) at the same moment.
      return stale(error);
    },
    rethrow,
  );
}
