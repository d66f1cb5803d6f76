/** GET /api/pass/{token}: the booking pass, parsed with the shared schema. */
import { passSchema, type Pass } from '@shared/pass';
import { apiRequest } from '../../../lib/api-client';
import { takeEarlyRequest } from '../../../lib/early-request';
import { passApiPath } from '../pass-path';

/** The first call for the pass in the address bar reads the request its shell already started (pass-early.ts). */
export function fetchPass(token: string, signal?: AbortSignal): Promise<Pass> {
  const path = passApiPath(token);
  return apiRequest(path, { schema: passSchema, signal, sent: takeEarlyRequest(path) });
}
