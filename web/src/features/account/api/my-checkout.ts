/** POST /api/me/checkout: a new booking in customer mode; answers where the hosted checkout is. */
import { checkoutResponseSchema, type CheckoutResponse } from '@shared/booking';
import type { MyCheckoutRequestInput } from '@shared/my-checkout';
import { apiRequest } from '../../../lib/api-client';

export function startMyCheckout(request: MyCheckoutRequestInput): Promise<CheckoutResponse> {
  return apiRequest('/me/checkout', { method: 'POST', body: request, schema: checkoutResponseSchema, auth: true, idempotent: true });
}
