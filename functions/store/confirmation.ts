/**
 * Confirming a paid booking: one conditional transaction moves it from `pending_payment` to `reservation` with
 * its reference, payment and list index keys, together with the reference guard, the day-sheet entries, the
 * search tokens, the counters and the stay's places, so a booking is confirmed, referenced, listed and counted exactly once or not
 * at all.
 */
import type { Booking, Payment } from '../../shared/records';
import { confirmedIndexKeys } from './bookings';
import { confirmedCounterUpdates, countedMoney } from './counters';
import { bayEntryPut } from './bays';
import { alreadyConfirmedCheck, firstConfirmedUpdate } from './customers';
import { dayEntry } from './day-sheet';
import { keys } from './keys';
import { keepHeldPlaces, takePlacesUnconditionally } from './occupancy';
import { bookingTokenPuts } from './search-tokens';
import { cancellationCodes, transact, type TransactItem } from './table';

export interface Confirmation {
  booking: Booking;
  reference: string;
  payment: Payment;
  confirmedAt: string;
  /** The NZ date the booking was created on, for the daily counter. */
  createdNzDate: string;
  /** True when this is the customer's first confirmed booking (counts a unique customer). */
  firstForCustomer: boolean;
  /**
   * With firstForCustomer: the items that give the customer the booking's details (customer-changes.ts,
   * firstConfirmationItems), the customer's own update first. Without them only `firstConfirmedAt` is set.
   */
  firstCustomerItems?: TransactItem[];
  /** With firstForCustomer and no firstCustomerItems: the customer's place in the admin's customer list (customers.ts). */
  customerListed?: { gsi2pk: string; gsi2sk: string };
  /** `payment_review` when the payment did not match what the booking asked: paid and kept, but held for staff. */
  status?: 'reservation' | 'payment_review';
  /**
   * The status the booking was read in: `pending_payment`, or an ended checkout (`expired`, `payment_failed`)
   * whose payment arrived late and is kept for review. The write is conditional on it.
   */
  from?: 'pending_payment' | 'expired' | 'payment_failed';
}

/** Payment intent -> booking, for `charge.refunded` (written at confirmation; the re-index adds it to older bookings). */
export function paymentIntentPut(bookingId: string, paymentIntent: string, confirmedAt: string): TransactItem {
  return { Put: { Item: { ...keys.paymentIntent(paymentIntent), type: 'payment_intent', bookingId, createdAt: confirmedAt } } };
}

export type ConfirmOutcome = 'confirmed' | 'not-pending' | 'reference-taken' | 'customer-changed' | 'conflict';

/** Positions in the confirmation transaction, to read which condition failed. */
const BOOKING_ITEM = 0;
const REFERENCE_ITEM = 1;
const CUSTOMER_ITEM = 2;

/**
 * The single conditional write that confirms a booking. Only a booking still in the status it was read in
 * (`from`: pending, or an ended checkout whose payment came late) can be confirmed, a reference is never
 * reused, and a customer is counted once; when a condition fails the outcome says which, and nothing is written.
 */
export async function confirmPendingBooking(c: Confirmation): Promise<ConfirmOutcome> {
  const b = c.booking;
  const status = c.status ?? 'reservation';
  const from = c.from ?? 'pending_payment';
  const confirmed: Booking = { ...b, status, bookingReference: c.reference, payment: c.payment };
  const index = confirmedIndexKeys({ ...b, status });
  const [customerItem, ...customerExtras]: TransactItem[] = c.firstForCustomer
    ? (c.firstCustomerItems ?? [firstConfirmedUpdate(b.customerId, c.confirmedAt, c.customerListed)])
    : [alreadyConfirmedCheck(b.customerId)];
  const items: TransactItem[] = [
    {
      Update: {
        Key: keys.booking(b.id),
        UpdateExpression:
          'SET #status = :reservation, bookingReference = :ref, payment = :payment, confirmedAt = :at, updatedAt = :at, gsi2pk = :g2pk, gsi2sk = :g2sk' +
          ', gsi1pk = :g1pk, gsi1sk = :g1sk, gsi3pk = :g3pk, gsi3sk = :g3sk' +
          ' REMOVE #ttl',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':reservation': status,
          ':pending': from,
          ':ref': c.reference,
          ':payment': c.payment,
          ':at': c.confirmedAt,
          ':g2pk': index.gsi2pk,
          ':g2sk': index.gsi2sk,
          ':g1pk': index.gsi1pk,
          ':g1sk': index.gsi1sk,
          ':g3pk': index.gsi3pk,
          ':g3sk': index.gsi3sk,
        },
      },
    },
    {
      Put: {
        Item: { ...keys.bookingReference(c.reference), type: 'booking_reference', bookingId: b.id, createdAt: c.confirmedAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    customerItem!,
    dayEntry('dropoff', confirmed, c.reference),
    dayEntry('pickup', confirmed, c.reference),
    // A bay chosen by staff when booking for a customer was checked free when the checkout started.
    ...(b.parkingBayNumber ? [bayEntryPut(confirmed)] : []),
    ...confirmedCounterUpdates(b.totalCents, c.firstForCustomer, c.createdNzDate, c.confirmedAt, b.createdAt, status, countedMoney({ status, payment: c.payment })),
    ...bookingTokenPuts(b, c.reference),
    ...(c.payment.paymentIntent ? [paymentIntentPut(b.id, c.payment.paymentIntent, c.confirmedAt)] : []),
    // The checkout's hold becomes the booking's place; a checkout begun before places were held, or one that
    // ended and gave its hold back before this payment came, takes them now (paid: the car may come).
    ...(b.placesHeld && from === 'pending_payment' ? keepHeldPlaces(b, c.confirmedAt) : takePlacesUnconditionally(b, c.confirmedAt)),
    ...customerExtras,
  ];
  try {
    await transact(items);
    return 'confirmed';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[BOOKING_ITEM] === 'ConditionalCheckFailed') return 'not-pending';
    if (codes[REFERENCE_ITEM] === 'ConditionalCheckFailed') return 'reference-taken';
    if (codes[CUSTOMER_ITEM] === 'ConditionalCheckFailed') return 'customer-changed';
    return 'conflict';
  }
}
