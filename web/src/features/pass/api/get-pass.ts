/** GET /api/pass/{token}: the booking pass, parsed with the shared schema. */
import { passSchema, type Pass } from '@shared/pass';
import { apiRequest } from '../../../lib/api-client';

export function fetchPass(token: string, signal?: AbortSignal): Promise<Pass> {
  return apiRequest(`/pass/${encodeURIComponent(token)}`, { schema: passSchema, signal });
}
