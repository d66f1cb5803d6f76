/** POST /api/pass/{token}/cancellation: cancel by the terms; the pass as it now stands and the refund. */
import { passCancellationResponseSchema, type Pass } from '@shared/pass';
import { apiRequest } from '../../../lib/api-client';

export function cancelByPass(token: string): Promise<{ pass: Pass; refund: number }> {
  return apiRequest(`/pass/${encodeURIComponent(token)}/cancellation`, { method: 'POST', body: {}, schema: passCancellationResponseSchema });
}
