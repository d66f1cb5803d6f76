/**
 * Paying twice for one trip: what makes an earlier booking the same trip as a new checkout, and
 * the warning's words. Pure, so the server and the tests share one rule.
 */
import { addDays } from './nz-time';
import { MAX_STAY_DAYS } from './quote';
import type { Booking, BookingStatus } from './records';

/** The request field that says "I know, book it anyway", and the field the 409 names so the page can offer it. */
export const CONFIRM_DUPLICATE_FIELD = 'confirm_duplicate';
/** At most this many paid checkouts of the tab are sent as proof (the page keeps the latest). */
export const MAX_PAID_SESSIONS = 10;

export const duplicateMessage = (reference: string) => `You already have ${reference} for these dates`;

/** Paid and not yet over: a booking picked up (`checkout`) or cancelled no longer holds the trip. */
const HOLDING_TRIP: readonly BookingStatus[] = ['reservation', 'checkin'];

export interface Trip {
  email: string;
  carRegistration: string;
  dropOffDate: string;
  dropOffTime: string;
  pickUpDate: string;
  pickUpTime: string;
}

/** A registration as the product stores and searches it: capitals, no spaces ('abc 123' is ABC123). */
export const registrationIdentity = (registration: string): string => registration.replace(/\s+/g, '').toUpperCase();
const emailIdentity = (email: string): string => email.trim().toLowerCase();

/** True when a booking is a paid, live booking of the same e-mail and car whose stay overlaps the trip's. */
export function isSameTrip(b: Pick<Booking, 'status' | 'customer' | 'carRegistration' | 'dropOffDate' | 'dropOffTime' | 'pickUpDate' | 'pickUpTime'>, trip: Trip): boolean {
  if (!HOLDING_TRIP.includes(b.status)) return false;
  if (emailIdentity(b.customer.email) !== emailIdentity(trip.email)) return false;
  if (registrationIdentity(b.carRegistration ?? '') !== registrationIdentity(trip.carRegistration)) return false;
  // NZ wall-clock times of one zone compare as text; a stay that ends when the other starts does not overlap.
  return `${b.dropOffDate}T${b.dropOffTime}` < `${trip.pickUpDate}T${trip.pickUpTime}` && `${b.pickUpDate}T${b.pickUpTime}` > `${trip.dropOffDate}T${trip.dropOffTime}`;
}

/**
 * The drop-off dates an overlapping booking can have: from a longest stay before the trip's drop-off to the trip's
 * pick-up (a stay is at most MAX_STAY_DAYS chargeable days, so one more calendar day covers its times).
 */
export function overlapDropOffRange(trip: Pick<Trip, 'dropOffDate' | 'pickUpDate'>): { from: string; to: string } {
  return { from: addDays(trip.dropOffDate, -(MAX_STAY_DAYS + 1)), to: trip.pickUpDate };
}
