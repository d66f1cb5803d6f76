/**
 * Paying twice for one trip: before a checkout opens, a paid booking of the same e-mail and car
 * whose stay overlaps is named (409), unless the request says to go on (`confirm_duplicate`).
 *
 * Who learns what (docs/security.md, "Paying twice"): the answer must not tell a stranger who knows someone's e-mail
 * and number plate when that person's car is at the airport. So an earlier booking is looked for only where the
 * caller already has the right to see it: the bookings of the checkout sessions the request names (the session id is
 * the capability GET /api/checkout/{sessionId} already honours: only the browser that paid has it), and on the
 * dashboard's route the signed-in caller's own bookings (with those of the customer behind the e-mail when it is
 * theirs). Anyone else gets no warning at all, so its absence says nothing either.
 */
import { CONFIRM_DUPLICATE_FIELD, duplicateMessage, isSameTrip, MAX_PAID_SESSIONS, overlapDropOffRange, type Trip } from '../../../shared/duplicate-stay';
import type { Booking } from '../../../shared/records';
import { conflict } from '../../domain/errors';
import { customerByEmail } from '../../store/account-customers';
import { bookingsOfSessions } from '../../store/bookings';
import { ownsEmail, type CheckoutOwner } from '../../store/customers';
import { bookingsDroppingOff } from '../../store/own-bookings';
import { SESSION_ID } from './confirm-payment';

export interface DuplicateScope extends CheckoutOwner {
  /** Checkout sessions this browser paid (the payment page sends what the success page recorded). */
  paidSessions?: readonly string[];
  /**
   * Look through the signed-in owner's bookings (an index Query: only routes granted `table:read`, the dashboard's
   * POST /api/me/checkout; the public POST /api/checkout reads items by key only and relies on the sessions).
   */
  ownersBookings?: boolean;
}

/**
 * A signed-in caller's own bookings in the window, and, when the e-mail's customer is theirs (linked to their account,
 * or their token vouches for the e-mail), that customer's bookings too.
 */
async function ownersBookings(trip: Trip, scope: DuplicateScope): Promise<Booking[]> {
  if (!scope.userId || !scope.ownersBookings) return [];
  const customer = await customerByEmail(trip.email);
  const theirs = customer && (customer.userId === scope.userId || ownsEmail(scope, trip.email)) ? customer : null;
  const { from, to } = overlapDropOffRange(trip);
  return bookingsDroppingOff({ userIds: [scope.userId, theirs?.userId ?? null], customerIds: [theirs?.id ?? null] }, from, to);
}

function sessionsBookings(scope: DuplicateScope): Promise<Booking[]> {
  const ids = [...new Set(scope.paidSessions ?? [])].filter((id) => SESSION_ID.test(id)).slice(0, MAX_PAID_SESSIONS);
  return ids.length ? bookingsOfSessions(ids) : Promise.resolve([]);
}

/** The earliest-made paid booking of the same trip the caller may be told about, or null. */
export async function findDuplicateTrip(trip: Trip, scope: DuplicateScope): Promise<Booking | null> {
  const [owned, proven] = await Promise.all([ownersBookings(trip, scope), sessionsBookings(scope)]);
  const same = [...owned, ...proven].filter((b) => isSameTrip(b, trip) && b.bookingReference);
  same.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return same[0] ?? null;
}

/** Refuses a checkout for a trip already paid for: 409 naming the booking, with the field the page offers to confirm. */
export async function refuseDuplicateTrip(trip: Trip, scope: DuplicateScope): Promise<void> {
  const earlier = await findDuplicateTrip(trip, scope);
  if (!earlier?.bookingReference) return;
  const message = duplicateMessage(earlier.bookingReference);
  throw conflict(message, { [CONFIRM_DUPLICATE_FIELD]: message });
}
