/**
 * The handler stack's edges (functions/lib/http.ts), as a client sees the answer: a body exactly at the size limit
 * and one byte over, a body that is JSON but not an object, a base64 body, a query, the header's case, a handler's
 * own full answer, field errors for unknown fields, and the time left for the use case.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { fieldErrorsOf } from '../../functions/lib/field-errors';
import { httpHandler, json, MAX_JSON_BODY_BYTES, rawBodyOf } from '../../functions/lib/http';
import { logger } from '../../functions/lib/logger';
import { messages } from '../../shared/messages';

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 4321 } as unknown as Context;

function event(over: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/x',
    rawPath: '/api/x',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'r1', http: { method: 'POST' } } as never,
    isBase64Encoded: false,
    ...over,
  };
}

const call = async (h: ReturnType<typeof httpHandler>, e: APIGatewayProxyEventV2, ctx: Context | undefined = context) => {
  const r = (await h(e, ctx as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: r.statusCode, headers: r.headers, body: r.body ? JSON.parse(r.body as string) : undefined };
};

afterEach(() => vi.restoreAllMocks());

describe('the size limit', () => {
  const h = httpHandler({ access: 'public' }, async ({ rawBody }) => ({ body: { bytes: Buffer.byteLength(rawBody) } }));

  it('is 64 KiB: a body of exactly that many bytes is read, one more is a 413', async () => {
    expect(MAX_JSON_BODY_BYTES).toBe(65_536);
    const exact = `"${'x'.repeat(65_534)}"`;
    expect(await call(h, event({ body: exact }))).toMatchObject({ status: 200, body: { bytes: 65_536 } });
    expect(await call(h, event({ body: `"${'x'.repeat(65_535)}"` }))).toMatchObject({ status: 413, body: { message: expect.stringMatching(/too large/i) } });
  });

  it('counts bytes, not characters', async () => {
    const wide = `"${'é'.repeat(32_767)}"`; // 2 bytes each: 65,536 bytes in 32,769 characters
    expect((await call(h, event({ body: wide }))).status).toBe(200);
    expect((await call(h, event({ body: `"${'é'.repeat(32_768)}"` }))).status).toBe(413);
  });
});

describe('a body the route parses', () => {
  const schema = z.strictObject({ name: z.string() });
  const h = httpHandler({ access: 'public', body: schema }, async ({ body }) => ({ status: 201, body }));

  it('must be a JSON object: no body, null, an array, a string or a number is malformed', async () => {
    for (const body of [undefined, '', 'null', '[]', '[{"name":"Al"}]', '"Al"', '42', '{"name":']) {
      const answer = await call(h, event({ body }));
      expect(answer.status, String(body)).toBe(400);
      expect(answer.body.message, String(body)).toMatch(/JSON/);
    }
    expect(await call(h, event({ body: '{"name":"Al"}' }))).toMatchObject({ status: 201, body: { name: 'Al' } });
  });

  it('is read from base64 when API Gateway sends it so', async () => {
    const body = Buffer.from('{"name":"Zoë"}', 'utf8').toString('base64');
    expect(await call(h, event({ body, isBase64Encoded: true }))).toMatchObject({ status: 201, body: { name: 'Zoë' } });
    expect(rawBodyOf(event({ body: undefined }))).toBe('');
    expect(rawBodyOf(event({ body: 'eyJhIjoxfQ==', isBase64Encoded: false }))).toBe('eyJhIjoxfQ==');
  });

  it('finds the content type in any case, trimmed', async () => {
    expect((await call(h, event({ body: '{"name":"Al"}', headers: { 'Content-Type': ' application/json ' } }))).status).toBe(201);
    expect((await call(h, event({ body: '{"name":"Al"}', headers: { 'x-content-type': 'application/json' } }))).status).toBe(415);
  });

  it('names each unknown field, and a missing one as Required', async () => {
    const answer = await call(h, event({ body: '{"nam":"Al","extra":1}' }));
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ name: 'Required', nam: "Unknown field 'nam'", extra: "Unknown field 'extra'" });
    expect(answer.body.message).toBe(messages.invalidRequest);
  });
});

describe('field errors', () => {
  it('keep the first message per field, and put a whole-object problem under _', () => {
    const schema = z.object({ a: z.string().min(2, 'too short').regex(/x/, 'no x') }).refine(() => false, 'whole thing wrong');
    const r = schema.safeParse({ a: 'y' });
    expect(fieldErrorsOf(r.error!)).toEqual({ a: 'too short', _: 'whole thing wrong' });
    const whole = schema.safeParse({ a: 'xx' });
    expect(fieldErrorsOf(whole.error!)).toEqual({ _: 'whole thing wrong' });
    const nested = z.object({ car: z.strictObject({ reg: z.string() }) }).safeParse({ car: { reg: 1, colour: 'red' } });
    expect(fieldErrorsOf(nested.error!)).toEqual({ 'car.reg': expect.any(String), 'car.colour': "Unknown field 'colour'" });
  });

  it("say a value is missing as Required, and a value given of the wrong type with the schema's message", () => {
    const schema = z.object({ n: z.number('Enter a number') });
    expect(fieldErrorsOf(schema.safeParse({}).error!)).toEqual({ n: 'Required' });
    expect(fieldErrorsOf(schema.safeParse({ n: 'x' }, { reportInput: true }).error!)).toEqual({ n: 'Enter a number' });
  });

  it("answers a field of the wrong type with the field's own message, and a missing one as Required", async () => {
    const h = httpHandler({ access: 'public', body: z.strictObject({ car_wash: z.boolean('Please choose whether you want a car wash'), name: z.string() }) }, async ({ body }) => ({ body }));
    const answer = await call(h, event({ body: '{"car_wash":"yes"}' }));
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ car_wash: 'Please choose whether you want a car wash', name: 'Required' });
  });
});

describe('a query', () => {
  it('is parsed from the query string, or from nothing when there is none', async () => {
    const h = httpHandler({ access: 'public', query: z.strictObject({ q: z.string().default('none') }) }, async ({ query }) => ({ body: query }));
    expect((await call(h, event({ queryStringParameters: { q: 'kim' } }))).body).toEqual({ q: 'kim' });
    expect((await call(h, event({ queryStringParameters: undefined }))).body).toEqual({ q: 'none' });
    expect((await call(h, event({ queryStringParameters: { other: '1' } }))).status).toBe(400);
  });
});

describe('answers', () => {
  it('are JSON, never cached, with the headers the handler adds', async () => {
    const h = httpHandler({ access: 'public' }, async () => ({ status: 202, body: { ok: true }, headers: { 'retry-after': '5' } }));
    expect(await call(h, event())).toEqual({
      status: 202,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' },
      body: { ok: true },
    });
    expect(json(204, undefined)).toEqual({ statusCode: 204, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }, body: '' });
  });

  it("pass a handler's own full answer (a file) through untouched", async () => {
    const file = { statusCode: 200, headers: { 'content-type': 'application/pdf' }, body: 'JVBERi0=', isBase64Encoded: true };
    const h = httpHandler({ access: 'public' }, async () => file);
    expect(await h(event(), context)).toEqual(file);
  });

  it('hide an unexpected error behind a 500 that says nothing of it', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const h = httpHandler({ access: 'public' }, async () => {
      throw new Error('secret detail');
    });
    const answer = await call(h, event({ requestContext: undefined as never }));
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('secret detail');
    expect(answer.body).toEqual({ message: expect.any(String) });
    expect(answer.body.message.length).toBeGreaterThan(0);
  });
});

describe('the time left', () => {
  it("is Lambda's when there is a context, and unbounded without one", async () => {
    const h = httpHandler({ access: 'public' }, async ({ remainingMs }) => ({ body: { left: remainingMs() } }));
    expect((await call(h, event())).body).toEqual({ left: 4321 });
    const r = (await h(event(), {} as Context)) as APIGatewayProxyStructuredResultV2;
    // JSON writes Infinity as null: no bound.
    expect(JSON.parse(r.body as string)).toEqual({ left: null });
  });
});
