/**
 * A person's confirmed bookings: those made while signed in (gsi1 `USER#<sub>`) and those paid without signing
 * in by the customers linked to the account (gsi1 `CUSTOMER_BOOKINGS#<customerId>`). Each query reads only
 * that person's items, page by page.
 */
import { keys } from './keys';
import type { Booking } from '../../shared/records';
import { query } from './table';

async function allPages(pk: string): Promise<Booking[]> {
  const found: Booking[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await query<Booking & Record<string, unknown>>({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'DROPOFF#' },
      ExclusiveStartKey: start,
    });
    found.push(...page.items);
    start = page.lastKey;
  } while (start);
  return found;
}

export async function bookingsOfAccount(userId: string, customerIds: readonly string[]): Promise<Booking[]> {
  const pages = await Promise.all([
    allPages(keys.bookingByUser(userId, '', '', '').gsi1pk),
    ...customerIds.map((id) => allPages(keys.bookingByCustomer(id, '', '', '').gsi1pk)),
  ]);
  const byId = new Map<string, Booking>();
  for (const b of pages.flat()) byId.set(b.id, b);
  return [...byId.values()];
}

/** Every booking of one customer record: those listed under it, and those its account made for it. */
export async function bookingsOfCustomer(customer: { id: string; userId: string | null }): Promise<Booking[]> {
  const pages = await Promise.all([
    allPages(keys.bookingByCustomer(customer.id, '', '', '').gsi1pk),
    ...(customer.userId ? [allPages(keys.bookingByUser(customer.userId, '', '', '').gsi1pk)] : []),
  ]);
  const byId = new Map<string, Booking>();
  for (const b of pages.flat()) if (b.customerId === customer.id) byId.set(b.id, b);
  return [...byId.values()];
}

/**
 * Bookings whose drop-off falls in [from, to] (dates), of the given accounts (gsi1 `USER#<sub>`) and customers
 * (gsi1 `CUSTOMER_BOOKINGS#<id>`), read through gsi1's drop-off order, so only the window is read.
 */
export async function bookingsDroppingOff(owners: { userIds: readonly (string | null)[]; customerIds: readonly (string | null)[] }, from: string, to: string): Promise<Booking[]> {
  const window = async (pk: string) => {
    const found: Booking[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await query<Booking & Record<string, unknown>>({
        IndexName: 'gsi1',
        // '~' sorts after every `T<time>#<id>` of the last date.
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk, ':from': `DROPOFF#${from}`, ':to': `DROPOFF#${to}~` },
        ExclusiveStartKey: start,
      });
      found.push(...page.items);
      start = page.lastKey;
    } while (start);
    return found;
  };
  const present = (ids: readonly (string | null)[]) => [...new Set(ids.filter((id): id is string => !!id))];
  const pages = await Promise.all([
    ...present(owners.userIds).map((u) => window(keys.bookingByUser(u, '', '', '').gsi1pk)),
    ...present(owners.customerIds).map((c) => window(keys.bookingByCustomer(c, '', '', '').gsi1pk)),
  ]);
  const byId = new Map<string, Booking>();
  for (const b of pages.flat()) byId.set(b.id, b);
  return [...byId.values()];
}
