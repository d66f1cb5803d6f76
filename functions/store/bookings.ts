/**
 * Bookings through the payment path. A checkout writes a `pending_payment` booking with its checkout
 * session item (one transaction, both with a ttl). Confirmation is one conditional transaction: the
 * booking moves from `pending_payment` to `reservation` with its reference, payment and list index keys,
 * together with the reference guard, the day-sheet entries, the search tokens and the counters, so a
 * booking is confirmed, referenced, listed and counted exactly once or not at all.
 */
import { searchTokensOf, type Searchable } from '../../shared/booking';
import type { Cents } from '../../shared/money';
import type { PaymentType } from '../../shared/pricing';
import { checkoutSessionItem, type CheckoutSession } from './checkout-sessions';
import { keys } from './keys';
import { getItem, transact, updateIf, updateItem, type Item, type TransactItem } from './table';


export type BookingStatus = 'pending_payment' | 'reservation' | 'checkin' | 'checkout' | 'expired' | 'payment_failed';

export const CONFIRMED_STATUSES: readonly BookingStatus[] = ['reservation', 'checkin', 'checkout'];

export interface Payment {
  type: PaymentType;
  amountPaidCents: Cents;
  balanceDueCents: Cents;
  currency: string;
  paymentIntent: string | null;
  sessionId: string;
  paidAt: string;
}

export interface Booking {
  id: string;
  status: BookingStatus;
  customerId: string;
  /** The signed-in user who booked, if any; their own-bookings list reads it. */
  userId: string | null;
  /** The customer's details as given at checkout (shown on the booking and the receipt). */
  customer: { name: string; email: string; contactNumber: string };
  carRegistration: string;
  dropOffDate: string;
  dropOffTime: string;
  pickUpDate: string;
  pickUpTime: string;
  departureFlight: string | null;
  returnFlight: string | null;
  parkingBayNumber: string | null;
  days: number;
  shuttleService: boolean;
  carWash: boolean;
  parkingCents: Cents;
  carWashCents: Cents;
  totalCents: Cents;
  paymentType: PaymentType;
  /** What the checkout session charges: the total, or the deposit. */
  amountDueNowCents: Cents;
  checkoutSessionId: string;
  createdAt: string;
  updatedAt: string;
  bookingReference?: string;
  confirmedAt?: string;
  payment?: Payment;
  endedAt?: string;
  receiptSentAt?: string;
  /** Set while one caller sends the receipt (see claimReceipt). */
  receiptClaimedAt?: string;
}

type BookingItem = Item & Booking & { ttl?: number };

/**
 * Pending bookings outlive their session by a week: a delayed payment method (a bank debit) can report
 * success days after checkout. They are never listed or counted; DynamoDB removes them afterwards.
 */
export const PENDING_GRACE_SECONDS = 7 * 24 * 60 * 60;

function toBooking(item: BookingItem): Booking {
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...rest } = item as BookingItem & Record<string, unknown>;
  return rest as unknown as Booking;
}

export async function getBooking(id: string, consistent = false): Promise<Booking | null> {
  const item = await getItem<BookingItem>(keys.booking(id), consistent);
  return item ? toBooking(item) : null;
}

export const isConfirmed = (b: Pick<Booking, 'status'>) => CONFIRMED_STATUSES.includes(b.status);

/** The pending booking and the session that pays for it, together or not at all. */
export async function createPendingBooking(booking: Booking, session: CheckoutSession): Promise<void> {
  const item: BookingItem = { ...keys.booking(booking.id), type: 'booking', ...booking, ttl: session.expiresAt + PENDING_GRACE_SECONDS };
  await transact([
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: checkoutSessionItem(session), ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
}

export interface Confirmation {
  booking: Booking;
  reference: string;
  payment: Payment;
  confirmedAt: string;
  /** The NZ date the booking was created on, for the daily counter. */
  createdNzDate: string;
  /** True when this is the customer's first confirmed booking (counts a unique customer). */
  firstForCustomer: boolean;
}

export type ConfirmOutcome = 'confirmed' | 'not-pending' | 'reference-taken' | 'customer-changed' | 'conflict';

function dayEntry(kind: 'dropoff' | 'pickup', b: Booking, reference: string) {
  const date = kind === 'dropoff' ? b.dropOffDate : b.pickUpDate;
  const time = kind === 'dropoff' ? b.dropOffTime : b.pickUpTime;
  const key = kind === 'dropoff' ? keys.dayDropOff(date, time, b.id) : keys.dayPickUp(date, time, b.id);
  return {
    Put: {
      Item: {
        ...key,
        type: 'day_sheet_entry',
        kind,
        date,
        time,
        bookingId: b.id,
        bookingReference: reference,
        customerName: b.customer.name,
        contactNumber: b.customer.contactNumber,
        carRegistration: b.carRegistration,
        carWash: b.carWash,
        flight: (kind === 'dropoff' ? b.departureFlight : b.returnFlight) ?? null,
      },
    },
  };
}

export function bookingSearchTokens(b: Booking, reference: string): string[] {
  const s: Searchable = { ...b.customer, carRegistration: b.carRegistration, bookingReference: reference };
  return searchTokensOf(s);
}

/** Positions in the confirmation transaction, to read which condition failed. */
const BOOKING_ITEM = 0;
const REFERENCE_ITEM = 1;
const CUSTOMER_ITEM = 2;

/**
 * The single conditional write that confirms a booking. Only a `pending_payment` booking can be
 * confirmed, a reference is never reused, and a customer is counted once; when a condition fails the
 * outcome says which, and nothing is written.
 */
export async function confirmPendingBooking(c: Confirmation): Promise<ConfirmOutcome> {
  const b = c.booking;
  // Signed in: listed under the user. Not signed in: under the customer, which an account may claim later.
  const ownList = b.userId ? keys.bookingByUser(b.userId, b.dropOffDate, b.dropOffTime, b.id) : keys.bookingByCustomer(b.customerId, b.dropOffDate, b.dropOffTime, b.id);
  const monthList = keys.bookingByMonth(b.createdAt, b.id);
  const items: TransactItem[] = [
    {
      Update: {
        Key: keys.booking(b.id),
        UpdateExpression:
          'SET #status = :reservation, bookingReference = :ref, payment = :payment, confirmedAt = :at, updatedAt = :at, gsi2pk = :g2pk, gsi2sk = :g2sk' +
          (ownList ? ', gsi1pk = :g1pk, gsi1sk = :g1sk' : '') +
          ' REMOVE #ttl',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':reservation': 'reservation',
          ':pending': 'pending_payment',
          ':ref': c.reference,
          ':payment': c.payment,
          ':at': c.confirmedAt,
          ':g2pk': monthList.gsi2pk,
          ':g2sk': monthList.gsi2sk,
          ...(ownList ? { ':g1pk': ownList.gsi1pk, ':g1sk': ownList.gsi1sk } : {}),
        },
      },
    },
    {
      Put: {
        Item: { ...keys.bookingReference(c.reference), type: 'booking_reference', bookingId: b.id, createdAt: c.confirmedAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    c.firstForCustomer
      ? {
          Update: {
            Key: keys.customer(b.customerId),
            UpdateExpression: 'SET firstConfirmedAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(firstConfirmedAt)',
            ExpressionAttributeValues: { ':at': c.confirmedAt },
          },
        }
      : { ConditionCheck: { Key: keys.customer(b.customerId), ConditionExpression: 'attribute_exists(firstConfirmedAt)' } },
    dayEntry('dropoff', b, c.reference),
    dayEntry('pickup', b, c.reference),
    {
      Update: {
        Key: keys.stats(),
        UpdateExpression: 'SET #type = :type, updatedAt = :at ADD bookings :one, revenueCents :total, customers :newCustomer',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'stats', ':at': c.confirmedAt, ':one': 1, ':total': b.totalCents, ':newCustomer': c.firstForCustomer ? 1 : 0 },
      },
    },
    {
      Update: {
        Key: keys.statsDay(c.createdNzDate),
        UpdateExpression: 'SET #type = :type, #date = :date, updatedAt = :at ADD bookings :one, revenueCents :total',
        ExpressionAttributeNames: { '#type': 'type', '#date': 'date' },
        ExpressionAttributeValues: { ':type': 'stats_day', ':date': c.createdNzDate, ':at': c.confirmedAt, ':one': 1, ':total': b.totalCents },
      },
    },
    ...bookingSearchTokens(b, c.reference).map((token) => ({
      Put: { Item: { ...keys.searchToken('booking', token, b.id), type: 'search_token', kind: 'booking', bookingId: b.id } },
    })),
  ];
  try {
    await transact(items);
    return 'confirmed';
  } catch (error) {
    const e = error as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (e.name !== 'TransactionCanceledException') throw error;
    const codes = (e.CancellationReasons ?? []).map((r) => r.Code);
    if (codes[BOOKING_ITEM] === 'ConditionalCheckFailed') return 'not-pending';
    if (codes[REFERENCE_ITEM] === 'ConditionalCheckFailed') return 'reference-taken';
    if (codes[CUSTOMER_ITEM] === 'ConditionalCheckFailed') return 'customer-changed';
    return 'conflict';
  }
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

/**
 * Takes the right to send a booking's receipt: granted when no receipt was sent and nobody else holds a
 * claim younger than `staleAfterMs` (a sender that crashed mid-send loses it after that), so two callers
 * never send at once and a failed send can be tried again.
 */
export async function claimReceipt(id: string, staleAfterMs: number, now = new Date()): Promise<boolean> {
  return updateIf({
    Key: keys.booking(id),
    UpdateExpression: 'SET receiptClaimedAt = :now',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(receiptSentAt) AND (attribute_not_exists(receiptClaimedAt) OR receiptClaimedAt < :stale)',
    ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': new Date(now.getTime() - staleAfterMs).toISOString() },
  });
}

/** Gives a claim back after a failed send, so the next delivery or visit tries again at once. */
export async function releaseReceiptClaim(id: string): Promise<void> {
  await updateItem({ Key: keys.booking(id), UpdateExpression: 'REMOVE receiptClaimedAt', ConditionExpression: 'attribute_exists(pk)' });
}

export async function markReceiptSent(id: string, messageId: string): Promise<void> {
  await updateItem({
    Key: keys.booking(id),
    UpdateExpression: 'SET receiptSentAt = :at, receiptMessageId = :mid REMOVE receiptClaimedAt',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': new Date().toISOString(), ':mid': messageId },
  });
}
