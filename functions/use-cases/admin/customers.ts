/**
 * Staff and customer records (docs/admin.md: New Booking's customer search, editing a customer):
 * search by name, e-mail or number (2+ characters, up to 5), read one, and edit one under the uniqueness
 * rules with their two messages (docs/product-rules.md, Checkout and confirmation). An edit also updates the details shown on that customer's bookings
 * (the list, the day sheet and the booking search follow), each booking in its own transaction.
 */
import { adminMessages, type AdminCustomer, type AdminCustomerEdit } from '../../../shared/admin';
import { searchNeedle, searchNeedles } from '../../../shared/booking';
import { splitName } from '../../../shared/profile';
import { LISTED_STATUSES, isListed, type Booking, type Customer } from '../../../shared/records';
import type { Caller } from '../../lib/auth';
import { conflict, notFound } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { getCustomers, searchCustomerIds } from '../../store/admin-lists';
import { getBooking } from '../../store/bookings';
import { saveBookingChange, type FieldChange } from '../../store/booking-changes';
import { changeCustomer } from '../../store/customer-changes';
import { getCustomer, isEstablishedCustomer } from '../../store/customers';
import { bookingsOfCustomer } from '../../store/own-bookings';
import * as clock from '../../lib/clock';

const CUSTOMER_SEARCH_LIMIT = 5;

export function toAdminCustomer(c: Customer): AdminCustomer {
  return { id: c.id, name: c.name, email: c.email, contact_number: c.contactNumber, user_id: c.userId, created_at: c.createdAt, updated_at: c.updatedAt };
}

/**
 * A customer staff may pick: one with a paid booking, or an account's own. A record made by a checkout that was never
 * paid holds only what was typed there (its first paid booking sets its details; store/customer-changes.ts).
 */
export async function searchCustomers(text: string): Promise<AdminCustomer[]> {
  if (searchNeedle(text).length < 2) return [];
  const { ids } = await searchCustomerIds(searchNeedles(text), CUSTOMER_SEARCH_LIMIT);
  return (await getCustomers(ids)).filter(isEstablishedCustomer).map(toAdminCustomer);
}

async function customerById(id: string): Promise<Customer> {
  const customer = await getCustomer(id, true);
  if (!customer) throw notFound(adminMessages.customerNotFound);
  return customer;
}

export async function adminCustomer(id: string): Promise<AdminCustomer> {
  return toAdminCustomer(await customerById(id));
}

export async function adminEditCustomer(caller: Caller, id: string, edit: AdminCustomerEdit): Promise<AdminCustomer> {
  const existing = await customerById(id);
  if (edit.version !== undefined && edit.version !== existing.updatedAt) throw conflict(adminMessages.customerStale);
  const { first, last } = splitName(edit.name);
  const fields = { firstName: first, lastName: last, email: edit.email, contactNumber: edit.contact_number };
  const changes: FieldChange[] = (
    [
      ['name', existing.name, `${first} ${last}`.trim()],
      ['email', existing.email, edit.email],
      ['contact_number', existing.contactNumber, edit.contact_number],
    ] as const
  )
    .filter(([, a, b]) => a !== b)
    .map(([field, a, b]) => ({ field, old: a, new: b }));
  const by = caller.email ?? caller.sub;
  const { outcome, customer } = await changeCustomer(existing, fields, { by, changes });
  if (outcome === 'email-taken') throw conflict(adminMessages.emailTaken, { email: adminMessages.emailTaken });
  if (outcome === 'phone-taken') throw conflict(adminMessages.phoneTaken, { contact_number: adminMessages.phoneTaken });
  if (outcome === 'stale') throw conflict(adminMessages.customerStale);
  if (outcome === 'changed') await carryToBookings(customer, by, changes);
  return toAdminCustomer(customer);
}

/** The customer's bookings show the corrected details (each booking's own transaction; a busy one is read again). */
async function carryToBookings(customer: Customer, by: string, changes: FieldChange[]): Promise<void> {
  const details = { name: customer.name, email: customer.email, contactNumber: customer.contactNumber };
  for (const listed of (await bookingsOfCustomer(customer)).filter(isListed)) {
    const carried = await retryOnStale<'done' | 'gone'>(
      { tries: 3 },
      async (attempt) => {
        const booking = attempt === 0 ? listed : await getBooking(listed.id, true);
        if (!booking) return 'gone';
        const same = booking.customer.name === details.name && booking.customer.email === details.email && booking.customer.contactNumber === details.contactNumber;
        if (same) return 'done';
        const after: Booking = { ...booking, customer: details, updatedAt: clock.now().toISOString() };
        const outcome = await saveBookingChange(booking, after, { editableStatuses: LISTED_STATUSES, audit: { by, changes } });
        return outcome === 'changed' ? 'done' : stale();
      },
      // Still busy after every try: left as it is, unless it is gone.
      async () => ((await getBooking(listed.id, true)) ? 'done' : 'gone'),
    );
    if (carried === 'gone') logger.error('A booking of an edited customer disappeared', { customerId: customer.id, bookingId: listed.id });
  }
}
