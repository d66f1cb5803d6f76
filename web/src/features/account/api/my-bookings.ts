/** GET /api/me/bookings, parsed with the shared schema. */
import type { CustomerBookingEdit } from '@shared/booking-edit';
import { customerBookingEditResponseSchema, customerBookingsResponseSchema, type CustomerBooking, type CustomerBookingEditResponse } from '@shared/customer-bookings';
import { apiRequest } from '../../../lib/api-client';

export async function fetchMyBookings(signal?: AbortSignal): Promise<CustomerBooking[]> {
  return (await apiRequest('/me/bookings', { schema: customerBookingsResponseSchema, auth: true, signal })).bookings;
}

/** PATCH /api/me/bookings/{id}: the limited edit; answers the booking as it now stands and the money settled. */
export function saveMyBooking(id: string, edit: CustomerBookingEdit): Promise<CustomerBookingEditResponse> {
  return apiRequest(`/me/bookings/${encodeURIComponent(id)}`, { method: 'PATCH', body: edit, schema: customerBookingEditResponseSchema, auth: true });
}
