/**
 * POST /api/checkout/{sessionId}/cancel: the traveller left the payment step, so the checkout ends and gives its
 * places back now rather than when the session expires. Only the session id, which only this browser was given, names it.
 */
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';

const endedSchema = z.object({ status: z.literal('ended') });

export function cancelCheckout(sessionId: string): Promise<unknown> {
  return apiRequest(`/checkout/${encodeURIComponent(sessionId)}/cancel`, { method: 'POST', schema: endedSchema });
}
