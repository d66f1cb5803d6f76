/**
 * A person's confirmed bookings: those made while signed in (gsi1 `USER#<sub>`) and those paid without signing
 * in by the customers linked to the account (gsi1 `CUSTOMER_BOOKINGS#<customerId>`). Each query reads only
 * that person's items, page by page.
 */
import { queries, type BookingOwner } from './keys';
import type { Booking } from '../../shared/records';
import { queryAll } from './table';

const bookingsOf = (owner: BookingOwner) => queryAll<Booking>(queries.bookingsOf(owner));

/** The bookings of several owners, each once. */
function distinct(pages: Booking[][], keep: (b: Booking) => boolean = () => true): Booking[] {
  const byId = new Map<string, Booking>();
  for (const b of pages.flat()) if (keep(b)) byId.set(b.id, b);
  return [...byId.values()];
}

export async function bookingsOfAccount(userId: string, customerIds: readonly string[]): Promise<Booking[]> {
  return distinct(await Promise.all([bookingsOf({ userId }), ...customerIds.map((customerId) => bookingsOf({ customerId }))]));
}

/** Every booking of one customer record: those listed under it, and those its account made for it. */
export async function bookingsOfCustomer(customer: { id: string; userId: string | null }): Promise<Booking[]> {
  const pages = await Promise.all([bookingsOf({ customerId: customer.id }), ...(customer.userId ? [bookingsOf({ userId: customer.userId })] : [])]);
  return distinct(pages, (b) => b.customerId === customer.id);
}

/**
 * Bookings whose drop-off falls in [from, to] (dates), of the given accounts (gsi1 `USER#<sub>`) and customers
 * (gsi1 `CUSTOMER_BOOKINGS#<id>`), read through gsi1's drop-off order, so only the window is read.
 */
export async function bookingsDroppingOff(owners: { userIds: readonly (string | null)[]; customerIds: readonly (string | null)[] }, from: string, to: string): Promise<Booking[]> {
  const window = (owner: BookingOwner) => queryAll<Booking>(queries.bookingsOfDroppingOff(owner, from, to));
  const present = (ids: readonly (string | null)[]) => [...new Set(ids.filter((id): id is string => !!id))];
  return distinct(
    await Promise.all([...present(owners.userIds).map((userId) => window({ userId })), ...present(owners.customerIds).map((customerId) => window({ customerId }))]),
  );
}
