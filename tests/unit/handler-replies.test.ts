/**
 * The handler stack's small answers (functions/lib): the Idempotency-Key rules and their statuses, files and
 * calendar downloads as HTTP answers, the site's own address for links, and the error a use case's code maps to.
 */
import { describe, expect, it } from 'vitest';
import { badRequest, DomainError, tooManyRequests } from '../../functions/domain/errors';
import { calendarResponse } from '../../functions/lib/calendar-response';
import { HttpError, httpErrorOf } from '../../functions/lib/errors';
import { fileReply } from '../../functions/lib/file-reply';
import { checkIdempotencyKey, idempotencyHttpError, idempotencyMessages, IDEMPOTENCY_HEADER } from '../../functions/lib/idempotency';
import { idempotencyPartition } from '../../functions/lib/idempotency-partition';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

const withKey = (key?: string) => ({ headers: key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key } }) as unknown as APIGatewayProxyEventV2;

describe('Idempotency-Key', () => {
  it('takes 1 to 128 letters, digits, dashes or underscores, or no key at all', () => {
    for (const key of [undefined, 'a', 'A-z_09', crypto.randomUUID(), 'k'.repeat(128)]) expect(() => checkIdempotencyKey(withKey(key)), String(key)).not.toThrow();
    expect(() => checkIdempotencyKey({} as APIGatewayProxyEventV2)).not.toThrow();
  });

  it('refuses any other key with 400 and says what a key may hold', () => {
    for (const key of ['', 'k'.repeat(129), 'a b', 'a.b', 'ключ', 'a\nb', 'abc/']) {
      let thrown: unknown;
      try {
        checkIdempotencyKey(withKey(key));
      } catch (e) {
        thrown = e;
      }
      expect(thrown, JSON.stringify(key)).toBeInstanceOf(HttpError);
      expect((thrown as HttpError).status).toBe(400);
      expect((thrown as HttpError).message).toBe('The Idempotency-Key header must be 1 to 128 letters, digits, dashes or underscores.');
    }
  });

  it('answers a key used for another request with 422, and one still in progress with a marked 409', () => {
    const other = idempotencyHttpError({ name: 'IdempotencyValidationError' });
    expect(other?.status).toBe(422);
    expect(other?.message).toBe(idempotencyMessages.otherRequest);
    const busy = idempotencyHttpError({ name: 'IdempotencyAlreadyInProgressError' });
    expect(busy?.status).toBe(409);
    expect(busy?.message).toBe('This request is still being processed. Please wait a moment, then try again.');
    expect(busy?.headers).toEqual({ 'x-idempotency-state': 'in-progress' });
  });

  it('leaves every other error to the stack', () => {
    for (const e of [new Error('boom'), { name: 'IdempotencyItemAlreadyExistsError' }, null, undefined, 'IdempotencyValidationError']) expect(idempotencyHttpError(e)).toBeNull();
  });

  it("keeps each route's records in a partition of their own", () => {
    expect(idempotencyPartition('checkout')).toBe('IDEMPOTENCY#checkout');
    expect(idempotencyPartition('contact')).not.toBe(idempotencyPartition('checkout'));
  });
});

describe('files as answers', () => {
  it('sends a PDF base64-encoded as a named download that is never cached', () => {
    const reply = fileReply(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff]), { contentType: 'application/pdf', filename: 'invoice-RP-ABC123.pdf' });
    expect(reply).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="invoice-RP-ABC123.pdf"', 'cache-control': 'no-store' },
      body: Buffer.from([0x25, 0x50, 0x44, 0x46, 0xff]).toString('base64'),
      isBase64Encoded: true,
    });
  });

  it('sends a calendar file as text, a named download that is never cached', () => {
    const content = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    expect(calendarResponse({ filename: 'parking.ics', contentType: 'text/calendar; charset=utf-8', content })).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'text/calendar; charset=utf-8', 'content-disposition': 'attachment; filename="parking.ics"', 'cache-control': 'no-store' },
      body: content,
    });
  });
});

describe("a use case's error as an HTTP answer", () => {
  it('maps each code to its status, with the message, the fields and Retry-After', () => {
    const cases: [ConstructorParameters<typeof DomainError>[0], number][] = [
      ['invalid', 400],
      ['unauthenticated', 401],
      ['forbidden', 403],
      ['not-found', 404],
      ['conflict', 409],
      ['too-many-requests', 429],
      ['provider-failed', 502],
      ['provider-unavailable', 503],
    ];
    for (const [code, status] of cases) {
      const http = httpErrorOf(new DomainError(code, `a ${code} error`));
      expect(http?.status, code).toBe(status);
      expect(http?.message).toBe(`a ${code} error`);
      expect(http?.headers).toBeUndefined();
    }
  });

  it('keeps the per-field messages, and says when a spent budget renews', () => {
    const invalid = httpErrorOf(badRequest('Check the form', { email: 'Please enter a valid email' }));
    expect(invalid?.fieldErrors).toEqual({ email: 'Please enter a valid email' });
    const spent = httpErrorOf(tooManyRequests('Too many requests. Please try again later.', 90));
    expect(spent?.status).toBe(429);
    expect(spent?.headers).toEqual({ 'retry-after': '90' });
    expect(httpErrorOf(tooManyRequests('Too many', 0))?.headers).toEqual({ 'retry-after': '0' });
  });

  it('passes an HttpError through as it is, and leaves anything else to be a 500', () => {
    const own = new HttpError(413, 'Too large');
    expect(httpErrorOf(own)).toBe(own);
    expect(own.name).toBe('HttpError');
    expect(httpErrorOf(new Error('boom'))).toBeNull();
    expect(httpErrorOf({ code: 'invalid', message: 'looks like one' })).toBeNull();
  });
});
