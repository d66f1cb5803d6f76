/** PATCH /api/admin/bookings/{id}: the admin edit; answers the booking, its history and how the money settled. */
import { adminBookingEditResponseSchema, type AdminBookingEditInput, type AdminBookingEditResponse } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export const saveAdminBooking = (id: string, edit: AdminBookingEditInput): Promise<AdminBookingEditResponse> =>
  apiRequest(`/admin/bookings/${encodeURIComponent(id)}`, { method: 'PATCH', body: edit, schema: adminBookingEditResponseSchema, auth: true });
