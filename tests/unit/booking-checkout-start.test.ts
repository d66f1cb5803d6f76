/**
 * startCheckout's failure paths, with Stripe and the stores replaced: a Stripe failure is a 502 with the
 * product's message and no booking, a broken rule writes nothing at all, and a booking that cannot be saved
 * closes its session so it cannot be paid, and so does a hold refused because a date filled meanwhile.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const stripe = { checkout: { sessions: { create: vi.fn(), expire: vi.fn() } } };
vi.mock('../../functions/lib/stripe', () => ({ stripeClient: async () => stripe }));
vi.mock('../../functions/store/customers', () => ({
  upsertCustomer: vi.fn(async () => ({ id: 'c-1', name: 'Aroha Ngata', email: 'aroha@example.com', contactNumber: '021 555 1234' })),
}));
vi.mock('../../functions/store/bookings', () => ({ createPendingBooking: vi.fn(async () => 'created'), pendingBookingExists: vi.fn(async () => false) }));
vi.mock('../../functions/store/yard-settings', () => ({ yardCapacity: async () => ({ capacity: 2, source: 'environment' }) }));
vi.mock('../../functions/store/occupancy', () => ({ fullDatesAmong: vi.fn(async () => []), holdsFullAmong: vi.fn(async () => []) }));

const { startCheckout } = await import('../../functions/use-cases/booking/start-checkout');
const { upsertCustomer } = await import('../../functions/store/customers');
const { createPendingBooking, pendingBookingExists } = await import('../../functions/store/bookings');
const { fullDatesAmong } = await import('../../functions/store/occupancy');
const { HttpError, httpErrorOf } = await import('../../functions/lib/errors');
const { paymentMessages } = await import('../../shared/booking');
const { messages } = await import('../../shared/messages');

const now = new Date('2030-03-01T00:00:00Z');
const request = {
  quote: { dropOffDate: '2030-03-10', dropOffTime: '09:00', pickUpDate: '2030-03-17', pickUpTime: '11:00', carWash: true },
  customer: { firstName: 'Aroha', lastName: 'Ngata', email: 'aroha@example.com', contactNumber: '021 555 1234', carRegistration: 'KTA123' },
  paymentType: 'full' as const,
};
const ctx = { userId: null, siteUrl: 'https://parking.example', now };
const session = { id: 'cs_test_1', url: 'https://checkout.example/cs_test_1', expires_at: 1_900_000_000 };

async function failure(p: Promise<unknown>) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  // What the handler stack answers with: the use case's domain error mapped at the edge.
  const answer = httpErrorOf(error);
  expect(answer).toBeInstanceOf(HttpError);
  return answer as InstanceType<typeof HttpError>;
}

beforeEach(() => {
  vi.mocked(upsertCustomer).mockClear();
  vi.mocked(createPendingBooking).mockReset().mockResolvedValue('created');
  vi.mocked(pendingBookingExists).mockReset().mockResolvedValue(false);
  vi.mocked(fullDatesAmong).mockReset().mockResolvedValue([]);
  stripe.checkout.sessions.create.mockReset().mockResolvedValue(session);
  stripe.checkout.sessions.expire.mockReset().mockResolvedValue({ ...session, status: 'expired' });
});

describe('startCheckout', () => {
  it('answers with the session and records the booking it pays for', async () => {
    const out = await startCheckout(request, ctx);
    expect(out).toEqual({ url: session.url, sessionId: session.id, bookingId: expect.any(String) });
    const [params, options] = stripe.checkout.sessions.create.mock.calls[0]!;
    expect(options).toEqual({ idempotencyKey: `checkout-session-${out.bookingId}` });
    expect(params.metadata.bookingId).toBe(out.bookingId);
    expect(vi.mocked(createPendingBooking).mock.calls[0]![1]).toEqual({ sessionId: session.id, bookingId: out.bookingId, createdAt: now.toISOString(), expiresAt: session.expires_at });
    expect(vi.mocked(createPendingBooking).mock.calls[0]![2]).toBe(2);
  });

  it('a stay with a full date is a 409 naming it, before a session is opened', async () => {
    vi.mocked(fullDatesAmong).mockResolvedValue(['2030-03-12']);
    const e = await failure(startCheckout(request, ctx));
    expect(e.status).toBe(409);
    expect(e.message).toBe('Sorry, we are full on 12/03/2030. Please choose other dates.');
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });

  it('a hold refused because the last place went meanwhile closes the session and names the full date', async () => {
    vi.mocked(createPendingBooking).mockResolvedValue('full');
    vi.mocked(fullDatesAmong).mockResolvedValueOnce([]).mockResolvedValueOnce(['2030-03-15']);
    const e = await failure(startCheckout(request, ctx));
    expect(e.status).toBe(409);
    expect(e.message).toBe('Sorry, we are full on 15/03/2030. Please choose other dates.');
    expect(stripe.checkout.sessions.expire).toHaveBeenCalledWith(session.id);
  });

  it('a Stripe failure is a 502 with the spec message and no booking', async () => {
    stripe.checkout.sessions.create.mockRejectedValue(Object.assign(new Error('boom'), { type: 'StripeConnectionError' }));
    const e = await failure(startCheckout(request, ctx));
    expect(e.status).toBe(502);
    expect(e.message).toBe(paymentMessages.checkoutFailed);
    expect(createPendingBooking).not.toHaveBeenCalled();
  });

  it('a session without a URL is a 502 too', async () => {
    stripe.checkout.sessions.create.mockResolvedValue({ ...session, url: null });
    expect((await failure(startCheckout(request, ctx))).status).toBe(502);
    expect(createPendingBooking).not.toHaveBeenCalled();
  });

  it('a selection that breaks a rule is a 400 before anything is written or sent to Stripe', async () => {
    const e = await failure(startCheckout({ ...request, quote: { ...request.quote, dropOffDate: '2030-03-01', dropOffTime: '01:00' } }, ctx));
    expect(e.status).toBe(400);
    expect(e.message).toBe(messages.leadTime);
    expect(e.fieldErrors).toEqual({ 'quote.dropOffTime': messages.leadTime });
    expect(upsertCustomer).not.toHaveBeenCalled();
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });

  it('expires the session when the booking cannot be saved, so it cannot be paid', async () => {
    vi.mocked(createPendingBooking).mockRejectedValue(new Error('table unavailable'));
    await expect(startCheckout(request, ctx)).rejects.toThrow('table unavailable');
    expect(stripe.checkout.sessions.expire).toHaveBeenCalledWith(session.id);
  });

  it('issue 20: with too little time left before the function times out, nothing is held and the session is closed (503)', async () => {
    const e = await failure(startCheckout(request, { ...ctx, remainingMs: () => 4_000 }));
    expect(e.status).toBe(503);
    expect(e.message).toBe('Failed to create checkout session');
    expect(createPendingBooking).not.toHaveBeenCalled();
    expect(stripe.checkout.sessions.expire).toHaveBeenCalledWith(session.id);
  });

  it('issue 20: with time to spare the hold is taken as usual', async () => {
    const out = await startCheckout(request, { ...ctx, remainingMs: () => 15_000 });
    expect(out.url).toBe(session.url);
    expect(createPendingBooking).toHaveBeenCalledTimes(1);
  });

  it('issue 20: a hold that was written although its write reported an error is the answer (it happened), and its session stays open', async () => {
    vi.mocked(createPendingBooking).mockRejectedValue(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }));
    vi.mocked(pendingBookingExists).mockResolvedValue(true);
    const out = await startCheckout(request, ctx);
    expect(out).toEqual({ url: session.url, sessionId: session.id, bookingId: expect.any(String) });
    expect(vi.mocked(pendingBookingExists).mock.calls[0]).toEqual([out.bookingId, session.id]);
    expect(stripe.checkout.sessions.expire).not.toHaveBeenCalled();
  });
});
