/**
 * What the booking page may fill in for a signed-in person: their profile, their account's e-mail
 * and their bookings, read through the accounts feature's API calls (the app shell is where features meet). A visitor
 * loads none of it: the account modules are imported only when a session is stored.
 */
import { knownDetails, type KnownDetails } from '@shared/returning-customer';
import { hasStoredSession } from '../features/account/session-flag';

export async function loadReturningDetails(signal: AbortSignal): Promise<KnownDetails | null> {
  if (!hasStoredSession()) return null;
  const [{ fetchProfile }, { fetchMyBookings }, { readSessionHint }] = await Promise.all([
    import('../features/account/api/profile'),
    import('../features/account/api/my-bookings'),
    import('../features/account/session-hint'),
  ]);
  // Each source is optional: a failed one leaves its fields for the person to type.
  const [profile, bookings] = await Promise.all([
    fetchProfile(signal).then(
      (r) => r.profile,
      () => null,
    ),
    fetchMyBookings(signal).catch(() => []),
  ]);
  return knownDetails({ profile, accountEmail: readSessionHint()?.email ?? null, bookings });
}
