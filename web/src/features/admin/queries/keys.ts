/**
 * The admin dashboard's query keys (docs/architecture.md, "Data"): a change invalidates what it changed. The list's
 * key holds the query the address asks for, so each page, tab and filter is cached on its own.
 */
import type { AdminBookingsQueryInput } from '@shared/admin';

export const adminKeys = {
  summary: ['admin', 'summary'] as const,
  bookings: ['admin', 'bookings'] as const,
  bookingsPage: (query: AdminBookingsQueryInput) => ['admin', 'bookings', query] as const,
  occupancy: ['admin', 'occupancy'] as const,
  occupancyPeriod: (from: string, days: number) => ['admin', 'occupancy', from, days] as const,
  daySheet: (date: string) => ['admin', 'day-sheet', date] as const,
  customerPage: (q: string, cursor: string | null) => ['admin', 'customers', q, cursor] as const,
  customerBookings: (customerId: string) => ['admin', 'customer', customerId, 'bookings'] as const,
  customerSearch: (term: string) => ['admin', 'customer-search', term] as const,
  /** Everything the admin pages read: a booking's change can move any of it (cards, list, day sheet, occupancy, a customer's bookings). */
  all: ['admin'] as const,
};
