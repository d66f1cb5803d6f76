/**
 * Bookings: reading one, and the pending booking a checkout writes with its checkout session item (one
 * transaction, both with a ttl), or ends when its payment will not come. Confirming is confirmation.ts; the
 * receipt claim is receipts.ts.
 */
import type { Booking } from '../../shared/records';
import { checkoutSessionItem, type CheckoutSession } from './checkout-sessions';
import { isRecordId, keys } from './keys';
import { getItem, transact, updateIf, type Item } from './table';

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

/** The pending booking and the session that pays for it, together or not at all. */
export async function createPendingBooking(booking: Booking, session: CheckoutSession): Promise<void> {
  const item: BookingItem = { ...keys.booking(booking.id), type: 'booking', ...booking, ttl: session.expiresAt + PENDING_GRACE_SECONDS };
  await transact([
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: checkoutSessionItem(session), ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
}

/** Ends a booking whose payment will not come (session expired, async payment failed); never a confirmed one. */
export async function endPendingBooking(id: string, status: 'expired' | 'payment_failed'): Promise<boolean> {
  const at = new Date().toISOString();
  return updateIf({
    Key: keys.booking(id),
    UpdateExpression: 'SET #status = :status, endedAt = :at, updatedAt = :at',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status, ':at': at, ':pending': 'pending_payment' },
  });
}

/** The index keys of a confirmed booking: its owner's list by drop-off, and the admin's lists by month and by status. */
export function confirmedIndexKeys(b: Booking) {
  // Signed in: listed under the user. Not signed in: under the customer, which an account may claim later.
  const own = b.userId ? keys.bookingByUser(b.userId, b.dropOffDate, b.dropOffTime, b.id) : keys.bookingByCustomer(b.customerId, b.dropOffDate, b.dropOffTime, b.id);
  return { ...own, ...keys.bookingByMonth(b.createdAt, b.id), ...keys.bookingByStatus(b.status, b.createdAt, b.id) };
}
