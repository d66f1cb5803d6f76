/**
 * The admin's customer list: a page of customers in name order, or of those a search finds, and one
 * customer with their bookings. Pure zod, shared by the SPA and the API.
 */
import * as z from 'zod';
import { ADMIN_PAGE_SIZE, adminBookingSchema, adminCustomerSchema, adminMessages } from './admin';

/** A search reads at most this many matching customers; more asks the admin to type more. */
export const CUSTOMER_MATCH_LIMIT = 200;

export const customerListMessages = {
  cursorInvalid: 'That page is no longer available. Start again from the first page.',
  searchTruncated: `More than ${CUSTOMER_MATCH_LIMIT} customers match. Add more of the name, e-mail or phone to narrow the search.`,
  noCustomers: 'No customers found',
  noBookings: 'No bookings yet',
  loadFailed: 'Failed to load customers',
} as const;

/** GET /api/admin/customer-list: `q` searches (as the customer search forgives), `cursor` is the `next` of the page before. */
export const customerListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, adminMessages.searchTooLong).optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,600}$/, customerListMessages.cursorInvalid)
    .optional(),
  pageSize: z
    .string(adminMessages.pageSizeInvalid)
    .regex(/^\d{1,3}$/, adminMessages.pageSizeInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, adminMessages.pageSizeInvalid)
    .default(ADMIN_PAGE_SIZE),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export type CustomerListQueryInput = z.input<typeof customerListQuerySchema>;

export const customerListResponseSchema = z.object({
  customers: z.array(adminCustomerSchema),
  /** Pass back as `cursor` for the next page; null on the last. */
  next: z.string().nullable(),
  /** How many a search found (null for the whole list, which keeps no count). */
  total: z.number().int().nullable(),
  /** The search matched more than CUSTOMER_MATCH_LIMIT customers; only those are paged through. */
  truncated: z.boolean(),
});
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

/** GET /api/admin/customer-bookings/{id}: the customer and their confirmed bookings, latest drop-off first. */
export const customerBookingsViewSchema = z.object({
  customer: adminCustomerSchema,
  bookings: z.array(adminBookingSchema),
});
export type CustomerBookingsView = z.infer<typeof customerBookingsViewSchema>;

/** 'Showing 26 to 50 customers', with 'of N' when the count is known (a search). */
export function customersShowingLine(from: number, shown: number, total: number | null): string {
  const of = total === null ? '' : ` of ${total}`;
  if (shown === 0) return `Showing 0 to 0${of} customers`;
  return `Showing ${from} to ${from + shown - 1}${of} customers`;
}
