/**
 * The admin's customer list: the whole list a page at a time in name order (one Query of the list's
 * partition, functions/store/customer-list.ts), or the customers a search finds (the customer search tokens, at most
 * CUSTOMER_MATCH_LIMIT, paged in the order the tokens hold them: only the page's customers are read); and one
 * customer with their bookings (that customer's own index partitions).
 * The cursor is opaque to the browser: where the next page starts, in whichever of the two lists it came from.
 */
import { CUSTOMER_MATCH_LIMIT, customerListMessages, type CustomerBookingsView, type CustomerListQuery, type CustomerListResponse } from '../../../shared/admin-customers';
import { adminMessages } from '../../../shared/admin';
import { searchNeedle, searchNeedles } from '../../../shared/booking';
import { isListed } from '../../../shared/records';
import { badRequest, notFound } from '../../domain/errors';
import { getCustomers, searchCustomerIds } from '../../store/admin-lists';
import { customerListPage, isListPosition } from '../../store/customer-list';
import { getCustomer, isEstablishedCustomer } from '../../store/customers';
import { bookingsOfCustomer } from '../../store/own-bookings';
import { toAdminBooking } from './admin-booking';
import { toAdminCustomer } from './customers';

type Cursor = { after: string } | { offset: number };

const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(text: string | undefined, searching: boolean): Cursor | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  const v = value as { after?: unknown; offset?: unknown } | null;
  // A cursor from the other list (the search was changed under it) is as unusable as a made-up one.
  if (!searching && typeof v?.after === 'string' && isListPosition(v.after)) return { after: v.after };
  if (searching && Number.isInteger(v?.offset) && (v!.offset as number) > 0 && (v!.offset as number) < CUSTOMER_MATCH_LIMIT) return { offset: v!.offset as number };
  throw badRequest(customerListMessages.cursorInvalid, { cursor: customerListMessages.cursorInvalid });
}

export async function listCustomers(q: CustomerListQuery): Promise<CustomerListResponse> {
  const searching = !!q.q && searchNeedle(q.q).length > 0;
  const cursor = decodeCursor(q.cursor, searching);
  if (!searching) {
    const page = await customerListPage(cursor && 'after' in cursor ? cursor.after : null, q.pageSize);
    return { customers: page.customers.map(toAdminCustomer), next: page.next ? encodeCursor({ after: page.next }) : null, total: null, truncated: false };
  }
  const offset = cursor && 'offset' in cursor ? cursor.offset : 0;
  const { ids, truncated } = await searchCustomerIds(searchNeedles(q.q!), CUSTOMER_MATCH_LIMIT);
  // At most CUSTOMER_MATCH_LIMIT records, read to leave out those the list does not hold (never paid, no account), so
  // the count and the pages agree with the unsearched list.
  const matches = ids.length > 0 ? (await getCustomers(ids)).filter(isEstablishedCustomer) : [];
  const end = offset + q.pageSize;
  return { customers: matches.slice(offset, end).map(toAdminCustomer), next: end < matches.length ? encodeCursor({ offset: end }) : null, total: matches.length, truncated };
}

/** One customer and their bookings (confirmed ones, cancelled included), the latest drop-off first. */
export async function customerWithBookings(id: string): Promise<CustomerBookingsView> {
  const customer = await getCustomer(id, true);
  if (!customer) throw notFound(adminMessages.customerNotFound);
  const bookings = (await bookingsOfCustomer(customer))
    .filter(isListed)
    .sort((a, b) => `${b.dropOffDate}T${b.dropOffTime}`.localeCompare(`${a.dropOffDate}T${a.dropOffTime}`) || b.id.localeCompare(a.id));
  return { customer: toAdminCustomer(customer), bookings: bookings.map(toAdminBooking) };
}
