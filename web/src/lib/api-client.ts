/**
 * The one client for our API (docs/architecture.md, "The API client"): JSON in, a value parsed by the caller's zod
 * schema out, never a cast. Every failure is an `ApiError`: the server's `{ message, fieldErrors }`, or a
 * friendly message when the server could not be reached or answered with something we cannot read.
 * Each API call has its own small module in its feature (`features/<name>/api/*.ts`) that names the path
 * and the shared schema; pages call those, not this.
 *
 * Accounts seam: a request made with `auth: true` carries `Authorization: Bearer <token>` from the
 * provider the accounts feature registers with `setAccessTokenProvider`; on a 401 its `onUnauthorized`
 * may refresh the session and the request is retried once. Nothing here knows about Cognito, so the
 * client adds no auth code to the pages that do not sign anyone in.
 */
import type * as z from 'zod';
import { errorResponseSchema } from '@shared/schemas';
import { accessTokens } from './access-token';
import { ApiError, INVALID_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-error';
import { loadConfig } from './config';

/** The header the API marks a 409 'still in progress' with (functions/lib/idempotency.ts). */
export const IDEMPOTENCY_STATE_HEADER = 'x-idempotency-state';

// The error type and its messages are a module of their own, without zod: a page can tell them apart before this client loads.
export { ApiError, errorMessage, INVALID_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE, type ApiErrorKind } from './api-error';

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Parses the successful response; a response it refuses is an ApiError of kind 'invalid-response'. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** Send the signed-in user's access token (routes whose access is `user` or `admin`). */
  auth?: boolean;
  /**
   * A POST that starts something (a checkout, a contact message): it carries an `Idempotency-Key`, one per attempt.
   * Sending the same body again after no answer, a 5xx or 'still in progress' is a retry of that attempt and reuses
   * its key, so the server answers what the first try did instead of doing it twice; any other answer ends the attempt.
   */
  idempotent?: boolean;
  /**
   * This GET already sent (lib/early-request.ts: a page's shell starts its request before this code loads): its
   * answer is read as if sent here. If it got no answer at all, the request is sent again now.
   */
  sent?: Promise<Response>;
}

/** The open attempts' keys, by path and body. */
const attemptKeys = new Map<string, string>();

function attemptKeyFor(path: string, body: unknown): { id: string; key: string } {
  const id = `${path}\n${JSON.stringify(body ?? null)}`;
  let key = attemptKeys.get(id);
  if (!key) {
    key = crypto.randomUUID();
    attemptKeys.set(id, key);
  }
  return { id, key };
}

/**
 * Whether an answer leaves the attempt open: the server may have done it unseen (5xx) or is still doing it (409
 * marked in progress); any other 409, a full date say, is a definite answer.
 */
const attemptStaysOpen = (res: Response) => res.status >= 500 || (res.status === 409 && res.headers.get(IDEMPOTENCY_STATE_HEADER) === 'in-progress');

// The token registry is its own tiny module so the app can register the accounts feature's provider at
// start-up without pulling this client (and zod) into the first load of `/`.
export { setAccessTokenProvider, type AccessTokenOptions, type AccessTokenProvider } from './access-token';

export async function apiRequest<T>(path: string, { method = 'GET', body, schema, signal, auth = false, idempotent = false, sent }: ApiRequestOptions<T>): Promise<T> {
  const attempt = idempotent ? attemptKeyFor(path, body) : null;
  const extra: Record<string, string> = attempt ? { 'idempotency-key': attempt.key } : {};
  // No answer at all (send throws) leaves the attempt open: the next try of the same request is its retry.
  let res = sent ? await sent.catch(() => send(path, method, body, signal, auth, 'application/json', extra)) : await send(path, method, body, signal, auth, 'application/json', extra);
  const tokens = accessTokens();
  if (res.status === 401 && auth && tokens?.onUnauthorized && (await tokens.onUnauthorized())) {
    res = await send(path, method, body, signal, auth, 'application/json', extra);
  }
  if (attempt && !attemptStaysOpen(res)) attemptKeys.delete(attempt.id);
  const data = await readJson(res);
  if (!res.ok) throw errorFrom(res.status, data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(res.status, INVALID_RESPONSE_MESSAGE, {}, 'invalid-response');
  return parsed.data;
}

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave in Content-Disposition, if any. */
  filename: string | null;
  headers: Headers;
}

/**
 * A file from the API (the admin's CSV export): the same token, refresh and errors as `apiRequest`, the body kept
 * as a Blob for the page to save. The token travels in the Authorization header, never in the address.
 */
export async function apiDownload(path: string, { signal, auth = false, accept = '*/*' }: { signal?: AbortSignal; auth?: boolean; accept?: string } = {}): Promise<DownloadedFile> {
  let res = await send(path, 'GET', undefined, signal, auth, accept);
  const tokens = accessTokens();
  if (res.status === 401 && auth && tokens?.onUnauthorized && (await tokens.onUnauthorized())) {
    res = await send(path, 'GET', undefined, signal, auth, accept);
  }
  if (!res.ok) throw errorFrom(res.status, await readJson(res));
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, 'network');
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob, filename, headers: res.headers };
}

async function send(path: string, method: string, body: unknown, signal: AbortSignal | undefined, auth: boolean, accept = 'application/json', extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { accept, ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    if (auth) {
      const token = await accessTokens()?.getAccessToken();
      if (token) headers.authorization = `Bearer ${token}`;
    }
    // The API base is a runtime setting (/config.json), so one build serves every environment.
    const { apiBase } = await loadConfig();
    return await fetch(`${apiBase}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, 'network');
  }
}

/** The body as JSON; an empty or malformed body reads as undefined, which the schemas then judge. */
async function readJson(res: Response): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, 'network');
  }
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, data: unknown): ApiError {
  const parsed = errorResponseSchema.safeParse(data);
  if (!parsed.success) return new ApiError(status, INVALID_RESPONSE_MESSAGE);
  return new ApiError(status, parsed.data.message, parsed.data.fieldErrors ?? {});
}
