/** POST /api/checkout: creates a pending booking and a hosted checkout session for the browser to go to. */
import { checkoutResponseSchema, type CheckoutRequestInput, type CheckoutResponse } from '@shared/booking';
import { apiRequest } from '../../../lib/api-client';

/** The browser can only leave for a real address, so an empty one counts as an unusable answer. */
const usableCheckout = checkoutResponseSchema.refine((r) => r.url.trim() !== '');

export function createCheckout(request: CheckoutRequestInput): Promise<CheckoutResponse> {
  // Signed in, the token goes along so the booking is recorded on the account; signed out, none is sent.
  return apiRequest('/checkout', { method: 'POST', body: request, schema: usableCheckout, auth: true, idempotent: true });
}
