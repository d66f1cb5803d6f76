/**
 * POST /api/checkout/{sessionId}/cancel: the traveller left the payment step, so the checkout ends and gives its
 * places back now rather than when the session expires. Only the session id, which only this browser was given, names it.
 */
import { endedCheckoutSchema } from '@shared/booking';
import { apiRequest } from '../../../lib/api-client';

export function cancelCheckout(sessionId: string): Promise<unknown> {
  return apiRequest(`/checkout/${encodeURIComponent(sessionId)}/cancel`, { method: 'POST', schema: endedCheckoutSchema });
}
