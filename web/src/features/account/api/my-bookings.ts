/** GET /api/me/bookings, parsed with the shared schema. */
import { customerBookingsResponseSchema, type CustomerBooking } from '@shared/customer-bookings';
import { apiRequest } from '../../../lib/api-client';

export async function fetchMyBookings(signal?: AbortSignal): Promise<CustomerBooking[]> {
  return (await apiRequest('/me/bookings', { schema: customerBookingsResponseSchema, auth: true, signal })).bookings;
}
