/** POST /api/admin/bookings: a booking for a customer; answers where the hosted checkout is. */
import type { AdminCheckoutRequestInput } from '@shared/admin';
import { checkoutResponseSchema, type CheckoutResponse } from '@shared/booking';
import { apiRequest } from '../../../lib/api-client';

export const startAdminCheckout = (request: AdminCheckoutRequestInput): Promise<CheckoutResponse> =>
  apiRequest('/admin/bookings', { method: 'POST', body: request, schema: checkoutResponseSchema, auth: true, idempotent: true });
