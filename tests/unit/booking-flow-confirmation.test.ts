import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_FAILED_MESSAGE, BOOKING_NOT_CREATED_MESSAGE, confirmationFailureMessage, fetchConfirmedBooking } from '../../web/src/lib/checkout/confirmation';
import { paymentMessages } from '../../shared/booking';
import { createdBooking } from '../support/created-booking';

const booking = createdBooking;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers each GET with the next response in turn and records the paths asked for. */
function serve(...responses: (() => Response)[]) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      // The API base comes from the runtime config, fetched once before the first call.
      if (url === '/config.json') return json(200, { apiBase: '/api', region: 'local', userPoolId: 'p', userPoolClientId: 'c', googleSignIn: false, environment: 'test' });
      paths.push(url);
      const next = responses.shift();
      if (!next) throw new Error('no more responses');
      return next();
    }),
  );
  return paths;
}

afterEach(() => vi.unstubAllGlobals());

describe('confirming a paid session', () => {
  it('returns the booking from the first answer', async () => {
    const paths = serve(() => json(200, booking));
    await expect(fetchConfirmedBooking('cs_1/x', new AbortController().signal, [0, 0])).resolves.toEqual(booking);
    expect(paths).toEqual(['/api/checkout/cs_1%2Fx']);
  });

  it('retries while the payment is not yet complete (409), then shows the booking', async () => {
    const paths = serve(
      () => json(409, { message: 'Payment has not been completed for this session' }),
      () => json(409, { message: 'Payment has not been completed for this session' }),
      () => json(200, booking),
    );
    await expect(fetchConfirmedBooking('cs_1', new AbortController().signal, [0, 0, 0])).resolves.toMatchObject({ booking_reference: 'RP-7K3M9Q' });
    expect(paths).toHaveLength(3);
  });

  it('gives up after the last retry with the booking-issue message', async () => {
    const paths = serve(...Array.from({ length: 3 }, () => () => json(409, { message: 'Payment has not been completed for this session' })));
    const error = await fetchConfirmedBooking('cs_1', new AbortController().signal, [0, 0]).catch((e: unknown) => e);
    expect(paths).toHaveLength(3);
    expect(confirmationFailureMessage(error)).toBe(BOOKING_NOT_CREATED_MESSAGE);
  });

  it('a payment held for review (409 with its message) is not asked again and is said as it is', async () => {
    const review = 'We received your payment, but it did not match the booking, so our team is checking it. We will e-mail you as soon as your booking is confirmed.';
    const paths = serve(() => json(409, { message: review }), () => json(200, booking));
    const error = await fetchConfirmedBooking('cs_1', new AbortController().signal, [0, 0]).catch((e: unknown) => e);
    expect(paths).toHaveLength(1);
    expect(confirmationFailureMessage(error)).toBe(review);
  });

  it('a checkout that ended unpaid (a stale link) is not asked again and says no booking was made', async () => {
    const paths = serve(() => json(409, { message: paymentMessages.checkoutEnded }), () => json(200, booking));
    const error = await fetchConfirmedBooking('cs_1', new AbortController().signal, [0, 0]).catch((e: unknown) => e);
    expect(paths).toHaveLength(1);
    expect(confirmationFailureMessage(error)).toBe('This checkout ended without a payment, so no booking was made and you have not been charged. You can book again from the home page.');
  });

  it('does not retry an unknown session (404) or a server failure, and claims no payment for either', async () => {
    const paths = serve(() => json(404, { message: 'Payment session not found' }));
    const notFound = await fetchConfirmedBooking('cs_x', new AbortController().signal, [0, 0]).catch((e: unknown) => e);
    expect(paths).toHaveLength(1);
    // What happened and what to do, claiming no payment (the link may be mistyped or forged).
    expect(confirmationFailureMessage(notFound)).toBe('We could not find this payment. The link may be mistyped or cut short: open it again from your confirmation e-mail, or book again from the home page.');

    serve(() => json(500, { message: 'Something went wrong on our side. Please try again.' }));
    const failed = await fetchConfirmedBooking('cs_x', new AbortController().signal, [0, 0]).catch((e: unknown) => e);
    expect(confirmationFailureMessage(failed)).toBe(BOOKING_FAILED_MESSAGE);
  });

  it('treats an answer that is not a booking as a failure', async () => {
    serve(() => json(200, { ok: true }));
    const error = await fetchConfirmedBooking('cs_1', new AbortController().signal, []).catch((e: unknown) => e);
    expect(confirmationFailureMessage(error)).toBe(BOOKING_FAILED_MESSAGE);
  });
});
