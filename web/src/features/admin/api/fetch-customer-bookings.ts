/** GET /api/admin/customer-bookings/{id}: one customer with their bookings, the latest drop-off first (admins). */
import { customerBookingsViewSchema, type CustomerBookingsView } from '@shared/admin-customers';
import { apiRequest } from '../../../lib/api-client';

export const fetchCustomerBookings = (id: string, signal?: AbortSignal): Promise<CustomerBookingsView> =>
  apiRequest(`/admin/customer-bookings/${encodeURIComponent(id)}`, { schema: customerBookingsViewSchema, auth: true, signal });
