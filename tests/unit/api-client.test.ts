import * as z from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDownload, apiRequest, errorMessage, INVALID_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE, setAccessTokenProvider } from '../../web/src/lib/api-client';
import { startEarlyRequest, takeEarlyRequest } from '../../web/src/lib/early-request';

const CONFIG = { apiBase: '/api', region: 'local', userPoolId: 'p', userPoolClientId: 'c', googleSignIn: false, environment: 'test' };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  url: string;
  init: RequestInit;
}

/** Stubs fetch: /config.json answers the runtime config, API calls get the next answer in turn. */
function serve(...answers: (() => Response | Promise<Response>)[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/config.json') return json(200, CONFIG);
      calls.push({ url, init });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    }),
  );
  return calls;
}

const header = (call: Call | undefined, name: string) => (call?.init.headers as Record<string, string> | undefined)?.[name];
const failure = (p: Promise<unknown>) => p.then(() => expect.unreachable('should have failed'), (e: unknown) => e as ApiError);

const greeting = z.object({ hello: z.string() });

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenProvider(null);
});

describe('apiRequest', () => {
  it('sends JSON to the API base and returns what the schema parsed', async () => {
    const calls = serve(() => json(201, { hello: 'world', extra: 1 }));
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 }, schema: greeting })).resolves.toEqual({ hello: 'world' });
    expect(calls[0]!.url).toBe('/api/things');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"a":1}');
    expect(header(calls[0], 'content-type')).toBe('application/json');
  });

  it('refuses a successful answer the schema does not accept, instead of passing it on', async () => {
    serve(() => json(200, { hello: 42 }));
    const error = await failure(apiRequest('/things', { schema: greeting }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, kind: 'invalid-response', message: INVALID_RESPONSE_MESSAGE });
  });

  it("carries the server's message and field errors", async () => {
    serve(() => json(400, { message: 'Please check the highlighted fields', fieldErrors: { email: 'Please enter a valid email address' } }));
    const error = await failure(apiRequest('/contact', { method: 'POST', body: {}, schema: greeting }));
    expect(error).toMatchObject({ status: 400, kind: 'http', message: 'Please check the highlighted fields', fieldErrors: { email: 'Please enter a valid email address' } });
  });

  it('gives a friendly message for an error answer that is not the API contract (a proxy page, say)', async () => {
    serve(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(apiRequest('/things', { schema: greeting }));
    expect(error).toMatchObject({ status: 502, message: INVALID_RESPONSE_MESSAGE, fieldErrors: {} });
  });

  it('reports an unreachable server as status 0 with a friendly message', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(apiRequest('/things', { schema: greeting }));
    expect(error).toMatchObject({ status: 0, kind: 'network', message: NETWORK_ERROR_MESSAGE });
  });

  it('lets an abort through as an abort', async () => {
    serve(() => Promise.reject(new DOMException('Aborted', 'AbortError')));
    await expect(apiRequest('/things', { schema: greeting, signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the accounts seam', () => {
  it('sends no token unless the call asks for one, and none when nobody is signed in', async () => {
    setAccessTokenProvider(async () => 'token-1');
    const calls = serve(
      () => json(200, { hello: 'a' }),
      () => json(200, { hello: 'b' }),
    );
    await apiRequest('/public', { schema: greeting });
    setAccessTokenProvider(async () => null);
    await apiRequest('/me', { schema: greeting, auth: true });
    expect(header(calls[0], 'authorization')).toBeUndefined();
    expect(header(calls[1], 'authorization')).toBeUndefined();
  });

  it("sends the provider's token as a bearer token", async () => {
    setAccessTokenProvider(async () => 'token-1');
    const calls = serve(() => json(200, { hello: 'me' }));
    await apiRequest('/me/profile', { schema: greeting, auth: true });
    expect(header(calls[0], 'authorization')).toBe('Bearer token-1');
  });

  it('on a 401 refreshes once through onUnauthorized and retries with the new token', async () => {
    let token = 'expired';
    const onUnauthorized = vi.fn(async () => {
      token = 'fresh';
      return true;
    });
    setAccessTokenProvider(async () => token, { onUnauthorized });
    const calls = serve(
      () => json(401, { message: 'Unauthorized' }),
      () => json(200, { hello: 'again' }),
    );
    await expect(apiRequest('/me/bookings', { schema: greeting, auth: true })).resolves.toEqual({ hello: 'again' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => header(c, 'authorization'))).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('retries only once, and not at all when the refresh fails or the call is public', async () => {
    const onUnauthorized = vi.fn(async () => true);
    setAccessTokenProvider(async () => 't', { onUnauthorized });
    const twice = serve(
      () => json(401, { message: 'Unauthorized' }),
      () => json(401, { message: 'Unauthorized' }),
    );
    await expect(apiRequest('/me', { schema: greeting, auth: true })).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(twice).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    setAccessTokenProvider(async () => 't', { onUnauthorized: async () => false });
    const refused = serve(() => json(401, { message: 'Unauthorized' }));
    await expect(apiRequest('/me', { schema: greeting, auth: true })).rejects.toMatchObject({ status: 401 });
    expect(refused).toHaveLength(1);

    onUnauthorized.mockClear();
    setAccessTokenProvider(async () => 't', { onUnauthorized });
    const pub = serve(() => json(401, { message: 'Unauthorized' }));
    await expect(apiRequest('/public', { schema: greeting })).rejects.toMatchObject({ status: 401 });
    expect(pub).toHaveLength(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('apiDownload', () => {
  const csv = (body: string, headers: Record<string, string> = {}) => () => new Response(body, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', ...headers } });

  it('keeps the file as a Blob with its name, the token in the header and never in the address', async () => {
    let token = 'expired';
    setAccessTokenProvider(async () => token, {
      onUnauthorized: async () => {
        token = 'fresh';
        return true;
      },
    });
    const calls = serve(() => json(401, { message: 'Unauthorized' }), csv('\uFEFFa,b\r\n', { 'content-disposition': 'attachment; filename="bookings-2030-03-01.csv"', 'x-row-count': '0' }));
    const file = await apiDownload('/admin/bookings.csv?q=x', { auth: true, accept: 'text/csv' });
    expect(file.filename).toBe('bookings-2030-03-01.csv');
    expect(file.headers.get('x-row-count')).toBe('0');
    expect([...new Uint8Array(await file.blob.arrayBuffer())].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/bookings.csv?q=x', '/api/admin/bookings.csv?q=x']);
    expect(calls.map((c) => header(c, 'authorization'))).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(header(calls[1], 'accept')).toBe('text/csv');
    expect(calls.every((c) => !c.url.includes('fresh') && !c.url.includes('expired'))).toBe(true);
  });

  it("turns the server's JSON error into an ApiError, and no answer into a network error", async () => {
    serve(() => json(400, { message: 'A date range can cover at most 93 days' }));
    await expect(apiDownload('/admin/bookings.csv')).rejects.toMatchObject({ status: 400, kind: 'http', message: 'A date range can cover at most 93 days' });
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiDownload('/admin/bookings.csv')).rejects.toMatchObject({ status: 0, kind: 'network', message: NETWORK_ERROR_MESSAGE });
  });
});

describe('Idempotency-Key', () => {
  const start = (body: unknown) => apiRequest('/checkout', { method: 'POST', body, schema: greeting, idempotent: true });

  it('an idempotent POST carries a key; its retry after a 5xx or no answer reuses it; a new attempt after an answer gets a new one', async () => {
    const calls = serve(
      () => json(500, { message: 'Something went wrong on our side. Please try again.' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(201, { hello: 'paid' }),
      () => json(201, { hello: 'again' }),
    );
    await failure(start({ a: 1 }));
    await failure(start({ a: 1 }));
    await expect(start({ a: 1 })).resolves.toEqual({ hello: 'paid' });
    await expect(start({ a: 1 })).resolves.toEqual({ hello: 'again' });
    const keys = calls.map((c) => header(c, 'idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('another body is another attempt; a definite 409 (a full date) ends the attempt, one marked in progress does not', async () => {
    const calls = serve(
      () => json(409, { message: 'Sorry, we are full on 12/03/2030. Please choose other dates.' }),
      () => json(201, { hello: 'b' }),
      () => new Response(JSON.stringify({ message: 'still going' }), { status: 409, headers: { 'content-type': 'application/json', 'x-idempotency-state': 'in-progress' } }),
      () => json(201, { hello: 'c' }),
    );
    await failure(start({ a: 1 }));
    await start({ a: 2 });
    await failure(start({ a: 3 }));
    await start({ a: 3 });
    const keys = calls.map((c) => header(c, 'idempotency-key'));
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe(keys[2]);
  });

  it('other requests carry no key', async () => {
    const calls = serve(() => json(200, { hello: 'x' }));
    await apiRequest('/things', { method: 'POST', body: { a: 1 }, schema: greeting });
    expect(header(calls[0], 'idempotency-key')).toBeUndefined();
  });
});

describe('a request started early by a page shell (the pass)', () => {
  it('is sent once: the page reads its answer, with the schema and errors as if it had sent it; a second take finds none', async () => {
    const calls = serve(
      () => json(200, { hello: 'early' }),
      () => json(404, { message: 'Booking pass not found' }),
    );
    startEarlyRequest('/pass/p1.a.b');
    await expect(apiRequest('/pass/p1.a.b', { schema: greeting, sent: takeEarlyRequest('/pass/p1.a.b') })).resolves.toEqual({ hello: 'early' });
    expect(calls.map((c) => c.url)).toEqual(['/api/pass/p1.a.b']);
    expect(takeEarlyRequest('/pass/p1.a.b')).toBeUndefined();
    // Another path is never given an early answer; an error answer is the page's error.
    startEarlyRequest('/pass/p1.c.d');
    expect(takeEarlyRequest('/pass/p1.x.y')).toBeUndefined();
    const error = await failure(apiRequest('/pass/p1.c.d', { schema: greeting, sent: takeEarlyRequest('/pass/p1.c.d') }));
    expect(error).toMatchObject({ status: 404, kind: 'http', message: 'Booking pass not found' });
    expect(calls).toHaveLength(2);
  });

  it('that got no answer is sent again when the page asks', async () => {
    const calls = serve(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(200, { hello: 'again' }),
    );
    startEarlyRequest('/pass/p1.a.b');
    await expect(apiRequest('/pass/p1.a.b', { schema: greeting, sent: takeEarlyRequest('/pass/p1.a.b') })).resolves.toEqual({ hello: 'again' });
    expect(calls.map((c) => c.url)).toEqual(['/api/pass/p1.a.b', '/api/pass/p1.a.b']);
  });
});

describe('errorMessage', () => {
  it("says the API's own message, else the caller's text (nothing when it gives none)", () => {
    expect(errorMessage(new ApiError(409, 'Bay B12 is taken by RP-7K3M9Q'), 'Failed to save')).toBe('Bay B12 is taken by RP-7K3M9Q');
    expect(errorMessage(new ApiError(0, NETWORK_ERROR_MESSAGE, {}, 'network'), 'Failed to save')).toBe('We could not reach the server. Check your connection and try again.');
    expect(errorMessage(new TypeError('x is undefined'), 'Failed to save')).toBe('Failed to save');
    expect(errorMessage(new TypeError('x is undefined'))).toBeUndefined();
  });
});
