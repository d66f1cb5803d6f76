/**
 * The profile use cases (docs/accounts.md): reading one makes it from the latest customer record when the
 * person has none yet (first word of the name -> first_name, the rest -> last_name, the contact number ->
 * phone); saving replaces the editable fields and carries the name and number to the account's customer.
 */
import { profileMessages, splitName, type Profile, type ProfileResponse, type ProfileUpdate } from '../../../shared/profile';
import type { Caller } from '../../lib/auth';
import { conflict } from '../../domain/errors';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { changeCustomerDetails } from '../../store/customer-changes';
import { createProfile, getProfile, putProfile, type ProfileRecord } from '../../store/profiles';
import { accountCustomer } from './account-customer';
import * as clock from '../../lib/clock';

function toProfile(p: ProfileRecord): Profile {
  return { id: p.userId, user_id: p.userId, first_name: p.firstName, last_name: p.lastName, phone: p.phone, address: p.address };
}

function emptyProfile(userId: string, now: string): ProfileRecord {
  return { userId, firstName: '', lastName: '', phone: '', address: '', createdAt: now, updatedAt: now };
}

function greetingName(profile: ProfileRecord | null, customerName: string | null): string | null {
  if (profile?.firstName) return profile.firstName;
  return customerName ? splitName(customerName).first || null : null;
}

export async function loadProfile(caller: Caller): Promise<ProfileResponse> {
  const existing = await getProfile(caller.sub);
  if (existing) {
    const customerName = existing.firstName ? null : ((await accountCustomer(caller))?.name ?? null);
    return { profile: toProfile(existing), populated: false, greeting_name: greetingName(existing, customerName) };
  }
  const customer = await accountCustomer(caller);
  const now = clock.now().toISOString();
  if (!customer) return { profile: toProfile(emptyProfile(caller.sub, now)), populated: false, greeting_name: null };
  const { first, last } = splitName(customer.name);
  const made = await createProfile({ ...emptyProfile(caller.sub, now), firstName: first, lastName: last, phone: customer.contactNumber });
  return { profile: toProfile(made.profile), populated: made.created, greeting_name: greetingName(made.profile, customer.name) };
}

/**
 * The account's customer record follows the profile's name and number (docs/accounts.md, Identity rules: a linked customer changes only
 * through its account or an admin), under the uniqueness rule: another customer's number is a 409 and nothing
 * is written.
 */
async function syncCustomer(caller: Caller, update: ProfileUpdate): Promise<void> {
  if (!update.first_name || !update.phone) return;
  const details = { firstName: update.first_name, lastName: update.last_name, contactNumber: update.phone };
  await retryOnStale(
    { tries: 3 },
    async () => {
      const customer = await accountCustomer(caller);
      if (!customer) return;
      const outcome = await changeCustomerDetails(customer, details);
      if (outcome === 'phone-taken') throw conflict(profileMessages.phoneTaken, { phone: profileMessages.phoneTaken });
      return outcome === 'stale' ? stale() : undefined;
    },
    () => {
      throw conflict('Your details changed while saving. Please try again.');
    },
  );
}

export async function saveProfile(caller: Caller, update: ProfileUpdate): Promise<ProfileResponse> {
  await syncCustomer(caller, update);
  const now = clock.now().toISOString();
  const existing = await getProfile(caller.sub);
  const next: ProfileRecord = {
    ...(existing ?? emptyProfile(caller.sub, now)),
    firstName: update.first_name,
    lastName: update.last_name,
    phone: update.phone,
    address: update.address,
    updatedAt: now,
  };
  await putProfile(next);
  return { profile: toProfile(next), populated: false, greeting_name: greetingName(next, null) };
}
