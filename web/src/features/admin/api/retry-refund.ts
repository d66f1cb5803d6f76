/** POST /api/admin/bookings/{id}/refunds/{lineId}/retry: send a failed refund line again; answers the booking view. */
import { refundRetryResponseSchema } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export const retryRefundLine = (id: string, lineId: string) =>
  apiRequest(`/admin/bookings/${encodeURIComponent(id)}/refunds/${encodeURIComponent(lineId)}/retry`, { method: 'POST', body: {}, schema: refundRetryResponseSchema, auth: true });
