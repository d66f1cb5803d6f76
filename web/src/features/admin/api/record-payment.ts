/** POST /api/admin/bookings/{id}/payments: staff record a payment towards the balance; answers the booking and its history. */
import { recordPaymentResponseSchema } from '@shared/admin';
import type { RecordPayment } from '@shared/balance';
import { apiRequest } from '../../../lib/api-client';

export const recordAdminPayment = (id: string, body: RecordPayment) =>
  apiRequest(`/admin/bookings/${encodeURIComponent(id)}/payments`, { method: 'POST', body, schema: recordPaymentResponseSchema, auth: true });
