/** POST /api/admin/bookings/{id}/refunds: an admin refunds part of a booking without cancelling it. */
import { partialRefundResponseSchema } from '@shared/admin';
import type { PartialRefund } from '@shared/balance';
import { apiRequest } from '../../../lib/api-client';

export const refundPartOfBooking = (id: string, body: PartialRefund) =>
  apiRequest(`/admin/bookings/${encodeURIComponent(id)}/refunds`, { method: 'POST', body, schema: partialRefundResponseSchema, auth: true });
