/**
 * Bookings: reading one, and the pending booking a checkout writes with its checkout session item (one
 * transaction, both with a ttl), or ends when its payment will not come. Confirming is confirmation.ts; the
 * receipt claim is receipts.ts.
 */
import type { Booking } from '../../shared/records';
import { checkoutSessionItem, type CheckoutSession } from './checkout-sessions';
import { isRecordId, keys } from './keys';
import { holdPlaces, releaseHeldPlaces } from './occupancy';
import { batchGet, getItem, transactRetrying, type Item } from './table';
import * as clock from '../lib/clock';
import { rethrow, stale } from '../lib/retry-on-stale';

type BookingItem = Item & Booking & { ttl?: number };

/**
 * Pending bookings outlive their session by a week: a delayed payment method (a bank debit) can report
 * success days after checkout. They are never listed or counted; DynamoDB removes them afterwards.
 */
export const PENDING_GRACE_SECONDS = 7 * 24 * 60 * 60;

export function toBooking(item: BookingItem): Booking {
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, gsi3pk: _e, gsi3sk: _f, ...rest } = item as BookingItem & Record<string, unknown>;
  return rest as unknown as Booking;
}

export async function getBooking(id: string, consistent = false): Promise<Booking | null> {
  if (!isRecordId(id)) return null;
  const item = await getItem<BookingItem>(keys.booking(id), consistent);
  return item ? toBooking(item) : null;
}

/** The bookings the given checkout sessions made (sessions this app did not create name none): two BatchGets. */
export async function bookingsOfSessions(sessionIds: readonly string[]): Promise<Booking[]> {
  if (sessionIds.length === 0) return [];
  const sessions = await batchGet<Item & { bookingId: string }>(sessionIds.map((id) => keys.checkoutSession(id)));
  const bookingIds = [...new Set(sessions.flatMap((s) => (s && isRecordId(s.bookingId) ? [s.bookingId] : [])))];
  if (bookingIds.length === 0) return [];
  const items = await batchGet<BookingItem>(bookingIds.map((id) => keys.booking(id)));
  return items.flatMap((item) => (item ? [toBooking(item)] : []));
}

/** `busy`: other checkouts' holds kept colliding with this one until it had to stop (its time, or its tries, ran out). */
export type PendingOutcome = 'created' | 'full' | 'busy';

/** Transactions on a shared counter item (a month of occupancy) that collide are tried again this many times. */
const MAX_CONFLICT_RETRIES = 8;

/**
 * The pending booking and the session that pays for it, together or not at all. With a capacity, the same
 * transaction holds a place on every date of the stay; `full` when a date has none left (nothing is written).
 * A clash with another checkout's hold on the same month (no condition failed) is tried again while `mayRetry` says
 * there is time, else `busy` (nothing written).
 */
export async function createPendingBooking(booking: Booking, session: CheckoutSession, capacity?: number, mayRetry: () => boolean = () => true): Promise<PendingOutcome> {
  const held = capacity !== undefined;
  const item: BookingItem = { ...keys.booking(booking.id), type: 'booking', ...booking, ...(held ? { placesHeld: true } : {}), ttl: session.expiresAt + PENDING_GRACE_SECONDS };
  const items = [
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: checkoutSessionItem(session), ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(held ? holdPlaces(booking, capacity, booking.createdAt) : []),
  ];
  return transactRetrying<PendingOutcome>(
    items,
    MAX_CONFLICT_RETRIES + 1,
    'created',
    async (codes, error, attempt) => {
      if (codes.slice(2).includes('ConditionalCheckFailed')) return 'full';
      // The booking's id is new to this request: if it exists, this request's own earlier try (an SDK retry after a
      // lost answer) wrote it, and it is created.
      if (codes.slice(0, 2).includes('ConditionalCheckFailed') && (await pendingBookingExists(booking.id, session.sessionId))) return 'created';
      if (codes.slice(0, 2).includes('ConditionalCheckFailed')) throw error;
      if (attempt < MAX_CONFLICT_RETRIES && !mayRetry()) return 'busy';
      return stale(error);
    },
    () => 'busy',
  );
}

/** Whether the pending booking for this checkout session was written (a consistent read, after an unclear outcome). */
export async function pendingBookingExists(bookingId: string, sessionId: string): Promise<boolean> {
  const item = await getItem<BookingItem>(keys.booking(bookingId), true);
  return item?.checkoutSessionId === sessionId;
}

/**
 * Ends a booking whose payment will not come (session expired, async payment failed), giving back the places its
 * checkout held; never a confirmed one. False when it was no longer pending.
 */
export async function endPendingBooking(booking: Booking, status: 'expired' | 'payment_failed'): Promise<boolean> {
  const at = clock.now().toISOString();
  const items = [
    {
      Update: {
        Key: keys.booking(booking.id),
        UpdateExpression: 'SET #status = :status, endedAt = :at, updatedAt = :at',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':at': at, ':pending': 'pending_payment' },
      },
    },
    ...(booking.placesHeld ? releaseHeldPlaces(booking, at) : []),
  ];
  return transactRetrying(items, MAX_CONFLICT_RETRIES + 1, true, (codes, error) => (codes[0] === 'ConditionalCheckFailed' ? false : stale(error)), rethrow);
}

/** The index keys of a confirmed booking: its owner's list by drop-off, and the admin's lists by month and by status. */
export function confirmedIndexKeys(b: Booking) {
  // Signed in: listed under the user. Not signed in: under the customer, which an account may claim later.
  const own = b.userId ? keys.bookingByUser(b.userId, b.dropOffDate, b.dropOffTime, b.id) : keys.bookingByCustomer(b.customerId, b.dropOffDate, b.dropOffTime, b.id);
  return { ...own, ...keys.bookingByMonth(b.createdAt, b.id), ...keys.bookingByStatus(b.status, b.createdAt, b.id) };
}
