/** POST /api/admin/bookings/{id}/cancellation: staff cancel with a refund in dollars; answers the booking and the refund. */
import { cancelledBookingResponseSchema, type AdminCancellation } from '@shared/cancellation';
import { apiRequest } from '../../../lib/api-client';

export const cancelAdminBooking = (id: string, body: AdminCancellation) =>
  apiRequest(`/admin/bookings/${encodeURIComponent(id)}/cancellation`, { method: 'POST', body, schema: cancelledBookingResponseSchema, auth: true });
