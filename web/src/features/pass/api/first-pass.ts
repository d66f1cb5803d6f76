/**
 * The pass page's first read of GET /api/pass/{token}, without the API client and its schemas (zod): the answer the
 * shell's early script already asked for (pass-early.ts), or a request of its own if that got no answer, checked by
 * hand (pass-shape.ts). The same errors as the client: ApiError with the server's message, or a friendly one. Later
 * reads of the pass (the cancel dialog's terms) use `fetchPass` and the shared schema.
 */
import type { Pass } from '@shared/pass';
import { ApiError, INVALID_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error';
import { takeEarlyRequest, uncheckedApiBase } from '../../../lib/early-request';
import { passApiPath } from '../pass-path';
import { isPass } from './pass-shape';

const isAbort = (e: unknown) => (e as Error | null)?.name === 'AbortError';

export async function firstPass(token: string, signal?: AbortSignal): Promise<{ pass: Pass; apiBase: string }> {
  const path = passApiPath(token);
  let apiBase = '';
  const send = async () => {
    apiBase = await uncheckedApiBase();
    return fetch(`${apiBase}${path}`, { headers: { accept: 'application/json' }, signal });
  };
  let res: Response;
  try {
    const early = takeEarlyRequest(path);
    res = early ? await early.catch(send) : await send();
    apiBase ||= await uncheckedApiBase();
  } catch (e) {
    if (isAbort(e)) throw e;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, 'network');
  }
  const data: unknown = await res.json().catch((e: unknown) => {
    if (isAbort(e)) throw e;
    return undefined;
  });
  if (!res.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(res.status, typeof message === 'string' ? message : INVALID_RESPONSE_MESSAGE);
  }
  if (!isPass(data)) throw new ApiError(res.status, INVALID_RESPONSE_MESSAGE, {}, 'invalid-response');
  return { pass: data, apiBase };
}
