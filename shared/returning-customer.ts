/**
 * Returning customers: what a signed-in person need not type again. The booking details come from
 * their profile (name, phone), their account (e-mail) and their last booking (the car, and the name, phone and e-mail
 * it was booked under when the profile lacks them, as a new profile is made from the latest customer record, docs/accounts.md);
 * "Book again" starts from a past booking's car, times of day and car wash, with new dates and no flights (another
 * trip). Suggestions only: what the person typed is never replaced, and the server checks everything at checkout.
 * Pure, so tests/unit/returning-customer.test.ts holds the rules.
 */
import { choicesFromFlags, type AddOnFlags, type AddOnId } from './add-ons';
import type { CustomerDetails } from './booking';
import type { CustomerBooking } from './customer-bookings';
import type { Profile } from './profile';
import { splitName } from './profile';
import { DEFAULT_TIME, isOnGrid } from './slots';

export type KnownDetails = Partial<CustomerDetails>;

/** What a booking needs for these rules (the dashboard's booking, or its parts). */
export type PastBooking = Pick<CustomerBooking, 'car_registration' | 'created_at' | 'customer' | 'drop_off_time' | 'pick_up_time' | 'car_wash'> & AddOnFlags;

export interface ReturningSources {
  profile: Pick<Profile, 'first_name' | 'last_name' | 'phone'> | null;
  /** The signed-in account's e-mail. */
  accountEmail: string | null;
  bookings: readonly PastBooking[];
}

const newestFirst = <T extends Pick<PastBooking, 'created_at'>>(bookings: readonly T[]): T[] => [...bookings].sort((a, b) => b.created_at.localeCompare(a.created_at));

/** The car of the most recently made booking that names one (cancelled ones too: the car is still theirs). */
export function lastRegistration(bookings: readonly Pick<PastBooking, 'car_registration' | 'created_at'>[]): string | undefined {
  return newestFirst(bookings).find((b) => b.car_registration?.trim())?.car_registration?.trim().toUpperCase();
}

const given = (v: string | null | undefined): string | undefined => (v?.trim() ? v.trim() : undefined);

/** The details known for a signed-in person: the profile and account first, the last booking's customer record after. */
export function knownDetails({ profile, accountEmail, bookings }: ReturningSources): KnownDetails {
  const last = newestFirst(bookings)[0];
  const recorded = last ? splitName(last.customer.name) : { first: '', last: '' };
  // The profile's name is used whole or not at all: half of it beside half of an older booking's would be nobody's.
  const profileName = given(profile?.first_name) && given(profile?.last_name);
  const known: KnownDetails = {
    firstName: profileName ? given(profile?.first_name) : given(recorded.first),
    lastName: profileName ? given(profile?.last_name) : given(recorded.last),
    email: given(accountEmail) ?? given(last?.customer.email),
    contactNumber: given(profile?.phone) ?? given(last?.customer.contact_number),
    carRegistration: lastRegistration(bookings),
  };
  return Object.fromEntries(Object.entries(known).filter(([, v]) => v !== undefined)) as KnownDetails;
}

const FIELDS = ['firstName', 'lastName', 'email', 'contactNumber', 'carRegistration'] as const;

/**
 * The form with the known details in the fields left blank; a field with anything typed in it stays as typed, and so
 * does the one the person is in (`inUse`): text that appears under the caret would mix with what they type next.
 */
export function prefillCustomer(typed: CustomerDetails, known: KnownDetails, inUse?: keyof CustomerDetails): CustomerDetails {
  const out = { ...typed };
  for (const f of FIELDS) if (f !== inUse && !typed[f].trim() && known[f]) out[f] = known[f];
  return out;
}

/** Which fields a prefill filled (the page says so, and the person checks them). */
export const filledFields = (before: CustomerDetails, after: CustomerDetails): (keyof CustomerDetails)[] => FIELDS.filter((f) => before[f] !== after[f]);

/** "Book again": the same car, times of day, car wash and services; the dates are new and the flights are another trip's. */
export interface BookAgain {
  carRegistration: string;
  dropOffTime: string;
  pickUpTime: string;
  addOns: Record<AddOnId, boolean>;
}

// A walk-in booked from the minute it came in has a time off the 30-minute grid the forms offer.
const onGrid = (time: string) => (isOnGrid(time) ? time : DEFAULT_TIME);

export function bookAgain(b: PastBooking): BookAgain {
  return { carRegistration: b.car_registration?.trim().toUpperCase() ?? '', dropOffTime: onGrid(b.drop_off_time), pickUpTime: onGrid(b.pick_up_time), addOns: choicesFromFlags(b) };
}
