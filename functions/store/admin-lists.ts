/**
 * The reads behind the admin's lists, each bounded by what it selects rather than by the table:
 * - a page of all bookings (gsi2, month by month newest first) or of one status (gsi3): the month counters say
 *   which month holds the page's first row, so a page reads at most one month's keys to skip, then its rows;
 * - a search: the search tokens with the typed prefix, at most a fixed number of matches;
 * - bookings and customers by id (BatchGet);
 * - the CSV export's walk of a month-by-month list, each key read once.
 */
import type { Booking, Customer } from '../../shared/records';
import { toBooking } from './bookings';
import { toCustomer, type CustomerItem } from './customers';
import { keys, queries, type ListIndex } from './keys';
import { batchGet, query, type Item } from './table';

export interface MonthCount {
  month: string;
  count: number;
}


async function skipKeys(index: ListIndex, pk: string, skip: number): Promise<Record<string, unknown> | undefined | 'end'> {
  let start: Record<string, unknown> | undefined;
  let remaining = skip;
  while (remaining > 0) {
    const page = await query({
      ...queries.listMonth(index, pk),
      ScanIndexForward: false,
      Limit: remaining,
      ProjectionExpression: 'pk',
      ExclusiveStartKey: start,
    });
    remaining -= page.count;
    start = page.lastKey;
    // The partition ended before (or exactly at) the offset: nothing to show from this month.
    if (!start) return 'end';
  }
  return start;
}

async function monthSlice(index: ListIndex, pk: string, skip: number, take: number): Promise<Booking[]> {
  const from = skip > 0 ? await skipKeys(index, pk, skip) : undefined;
  if (from === 'end') return [];
  const rows: Booking[] = [];
  let start = from;
  do {
    const page = await query<Item & Booking>({
      ...queries.listMonth(index, pk),
      ScanIndexForward: false,
      Limit: take - rows.length,
      ExclusiveStartKey: start,
    });
    rows.push(...page.items.map(toBooking));
    start = page.lastKey;
  } while (rows.length < take && start);
  return rows;
}

/**
 * Rows `offset` to `offset + limit` of a list kept month by month, newest first. `months` are the counters'
 * months, newest first; `partition` names a month's index partition.
 */
export async function pageAcrossMonths(index: ListIndex, partition: (month: string) => string, months: readonly MonthCount[], offset: number, limit: number): Promise<Booking[]> {
  const out: Booking[] = [];
  let skip = offset;
  for (const { month, count } of months) {
    if (out.length >= limit) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    out.push(...(await monthSlice(index, partition(month), skip, limit - out.length)));
    skip = 0;
  }
  return out;
}

/**
 * Every row of a list kept month by month, newest first, `pageSize` at a time (the CSV export): each Query goes on
 * from where the last stopped, so the walk reads each key once. `months` newest first.
 */
export async function* walkAcrossMonths(index: ListIndex, partition: (month: string) => string, months: readonly string[], pageSize: number): AsyncGenerator<Booking[]> {
  for (const month of months) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await query<Item & Booking>({
        ...queries.listMonth(index, partition(month)),
        ScanIndexForward: false,
        Limit: pageSize,
        ExclusiveStartKey: start,
      });
      if (page.items.length > 0) yield page.items.map(toBooking);
      start = page.lastKey;
    } while (start);
  }
}

export const allBookingsPartition = (month: string) => keys.bookingByMonth(`${month}-01`, '').gsi2pk;
export const statusPartition = (status: string) => (month: string) => keys.bookingByStatus(status, `${month}-01`, '').gsi3pk;

/** Ids of items with a search token starting with any of `prefixes` (one range each), at most `max` (and whether more exist). */
async function searchIds(kind: 'booking' | 'customer', prefixes: readonly string[], max: number): Promise<{ ids: string[]; truncated: boolean }> {
  const ids = new Set<string>();
  for (const prefix of prefixes) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await query<{ bookingId?: string; customerId?: string }>({
        // The same range as begins_with(sk, prefix), as a range: DynamoDB Local evaluates begins_with by reading the
        // whole partition (measured: 35 ms at 200,000 tokens against 2 ms for BETWEEN), DynamoDB seeks either way.
        ...queries.searchTokens(kind, prefix),
        ProjectionExpression: kind === 'booking' ? 'bookingId' : 'customerId',
        Limit: 4 * (max + 1),
        ExclusiveStartKey: start,
      });
      for (const item of page.items) {
        const id = item.bookingId ?? item.customerId;
        if (id) ids.add(id);
        if (ids.size > max) return { ids: [...ids].slice(0, max), truncated: true };
      }
      start = page.lastKey;
    } while (start);
  }
  return { ids: [...ids], truncated: false };
}

export const searchBookingIds = (prefixes: readonly string[], max: number) => searchIds('booking', prefixes, max);
export const searchCustomerIds = (prefixes: readonly string[], max: number) => searchIds('customer', prefixes, max);

/** Bookings by id, in the order asked, leaving out any that do not exist. */
export async function getBookings(ids: readonly string[]): Promise<Booking[]> {
  const items = await batchGet<Item & Booking>(ids.map((id) => keys.booking(id)));
  return items.filter((i): i is Item & Booking => i !== null).map(toBooking);
}

export async function getCustomers(ids: readonly string[]): Promise<Customer[]> {
  const items = await batchGet<CustomerItem>(ids.map((id) => keys.customer(id)));
  return items.filter((i): i is CustomerItem => i !== null).map(toCustomer);
}
