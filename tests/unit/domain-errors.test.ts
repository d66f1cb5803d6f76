/**
 * Use cases throw domain errors; the handler stack answers with the status each code stands for. The statuses are
 * written out here as numbers: a change in the mapping changes what every client sees.
 */
import { describe, expect, it } from 'vitest';
import { DomainError, badRequest, busy, conflict, forbidden, notFound, providerFailed, providerUnavailable, tooManyRequests, unauthorized } from '../../functions/domain/errors';
import { HttpError, httpErrorOf } from '../../functions/lib/errors';

describe('the answer for each domain error', () => {
  it.each([
    [badRequest('Pick-up must be after drop-off', { pick_up_date: 'Pick-up must be after drop-off' }), 400],
    [unauthorized(), 401],
    [forbidden('Admins only'), 403],
    [notFound('Booking not found'), 404],
    [conflict('That bay is taken'), 409],
    [tooManyRequests('Too many attempts', 61), 429],
    [providerFailed('Could not start the payment'), 502],
    [providerUnavailable('Could not start the payment'), 503],
    [busy('Many travellers are booking at the same moment', 5), 503],
  ])('%s answers %i with its message and field messages', (error, status) => {
    const answer = httpErrorOf(error);
    expect(answer).toBeInstanceOf(HttpError);
    expect(answer).toMatchObject({ status, message: error.message, fieldErrors: error.fieldErrors });
  });

  it('a spent budget says when to try again', () => {
    expect(httpErrorOf(tooManyRequests('Too many attempts', 61))?.headers).toEqual({ 'retry-after': '61' });
    expect(httpErrorOf(conflict('Taken'))?.headers).toBeUndefined();
    expect(httpErrorOf(busy('Many travellers are booking at the same moment', 5))?.headers).toEqual({ 'retry-after': '5' });
    expect(httpErrorOf(providerUnavailable('Try again', 5))?.headers).toEqual({ 'retry-after': '5' });
  });

  it('anything not thrown on purpose has no answer of its own (the stack logs it and answers 500)', () => {
    expect(httpErrorOf(new Error('boom'))).toBeNull();
    expect(httpErrorOf('boom')).toBeNull();
  });

  it("the transport's own errors pass through as they are", () => {
    const tooLarge = new HttpError(413, 'Request body too large');
    expect(httpErrorOf(tooLarge)).toBe(tooLarge);
  });

  it('renaming field names keeps the code, the message and each field message', () => {
    const renamed = badRequest('Bad dates', { 'quote.dropOffDate': 'In the past' }).withFieldNames((f) => (f === 'quote.dropOffDate' ? 'drop_off_date' : f));
    expect(renamed).toBeInstanceOf(DomainError);
    expect(renamed).toMatchObject({ code: 'invalid', message: 'Bad dates', fieldErrors: { drop_off_date: 'In the past' } });
  });
});
