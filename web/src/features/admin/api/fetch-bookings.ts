/** GET /api/admin/bookings: one page of a tab, with the All tab's filters, as query parameters. */
import { adminBookingsResponseSchema, type AdminBookingsQueryInput, type AdminBookingsResponse } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export function fetchAdminBookings(query: AdminBookingsQueryInput, signal?: AbortSignal): Promise<AdminBookingsResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiRequest(`/admin/bookings?${params}`, { schema: adminBookingsResponseSchema, auth: true, signal });
}
