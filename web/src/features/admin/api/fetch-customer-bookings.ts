/** GET /api/admin/customers/{id}/bookings: one customer with their bookings, the latest drop-off first (admins). */
import { customerBookingsViewSchema, type CustomerBookingsView } from '@shared/admin-customers';
import { apiRequest } from '../../../lib/api-client';

export const fetchCustomerBookings = (id: string, signal?: AbortSignal): Promise<CustomerBookingsView> =>
  apiRequest(`/admin/customers/${encodeURIComponent(id)}/bookings`, { schema: customerBookingsViewSchema, auth: true, signal });
