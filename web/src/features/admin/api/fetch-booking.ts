/** GET /api/admin/bookings/{id}: the booking as it stands and its history, for the edit dialog. */
import { adminBookingDetailSchema, type AdminBookingDetail } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export const fetchAdminBooking = (id: string, signal?: AbortSignal): Promise<AdminBookingDetail> =>
  apiRequest(`/admin/bookings/${encodeURIComponent(id)}`, { schema: adminBookingDetailSchema, auth: true, signal });
