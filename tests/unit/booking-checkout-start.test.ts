/**
 * startCheckout's failure paths, with Stripe and the stores replaced: a Stripe refusal is a 502 with the
 * product's message and no booking, a broken rule writes nothing at all, and a booking that cannot be saved
 * closes its session so it cannot be paid, and so does a hold refused because a date filled meanwhile. Every
 * checkout answers within its time: with too little time left for what must follow it stops (503 with Retry-After,
 * its session expired), and a burst for a date's last places lets a few start and tells the rest to try again (429).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const stripe = { checkout: { sessions: { create: vi.fn(), expire: vi.fn() } } };
vi.mock('../../functions/lib/stripe', () => ({ stripeClient: async () => stripe }));
vi.mock('../../functions/store/customers', () => ({
  upsertCustomer: vi.fn(async () => ({ id: 'c-1', name: 'Aroha Ngata', email: 'aroha@example.com', contactNumber: '021 555 1234' })),
}));
vi.mock('../../functions/store/bookings', () => ({ createPendingBooking: vi.fn(async () => 'created'), pendingBookingExists: vi.fn(async () => false) }));
vi.mock('../../functions/store/yard-settings', () => ({ yardCapacity: async () => ({ capacity: 2, source: 'environment' }) }));
vi.mock('../../functions/store/occupancy', () => ({
  fullDatesAmong: vi.fn(async () => []),
  holdsFullAmong: vi.fn(async () => []),
  readOccupancy: vi.fn(async () => []),
  unpaidHoldLimit: () => 3,
}));
vi.mock('../../functions/store/rate-limits', () => ({ spendBudgets: vi.fn(async () => ({ ok: true })) }));
// No price rules saved: the stay costs the tariff.
vi.mock('../../functions/store/price-rules', () => ({ readPriceRules: async () => null }));

const { startCheckout } = await import('../../functions/use-cases/booking/start-checkout');
const { upsertCustomer } = await import('../../functions/store/customers');
const { createPendingBooking, pendingBookingExists } = await import('../../functions/store/bookings');
const { fullDatesAmong, readOccupancy } = await import('../../functions/store/occupancy');
const { spendBudgets } = await import('../../functions/store/rate-limits');
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
  // The stay's eight dates, each with one of the yard's two places taken.
  vi.mocked(readOccupancy).mockReset().mockImplementation(async (from: string) => Array.from({ length: 8 }, (_, i) => ({ date: `${from.slice(0, 8)}${String(10 + i).padStart(2, '0')}`, taken: 1, held: 0 })));
  vi.mocked(spendBudgets).mockReset().mockResolvedValue({ ok: true });
  stripe.checkout.sessions.create.mockReset().mockResolvedValue(session);
  stripe.checkout.sessions.expire.mockReset().mockResolvedValue({ ...session, status: 'expired' });
});

describe('startCheckout', () => {
  it('answers with the session and records the booking it pays for', async () => {
    const out = await startCheckout(request, ctx);
    expect(out).toEqual({ url: session.url, sessionId: session.id, bookingId: expect.any(String) });
    const [params, options] = stripe.checkout.sessions.create.mock.calls[0]!;
    expect(options).toEqual({ idempotencyKey: `checkout-session-${out.bookingId}`, timeout: 15_000 });
    expect(params.metadata.bookingId).toBe(out.bookingId);
    expect(vi.mocked(createPendingBooking).mock.calls[0]![1]).toEqual({ sessionId: session.id, bookingId: out.bookingId, createdAt: now.toISOString(), expiresAt: session.expires_at });
    expect(vi.mocked(createPendingBooking).mock.calls[0]![2]).toBe(2);
  });

  it('a stay with a full date is a 409 naming it, before a session is opened', async () => {
    vi.mocked(readOccupancy).mockResolvedValue([{ date: '2030-03-11', taken: 1, held: 0 }, { date: '2030-03-12', taken: 2, held: 0 }]);
    const e = await failure(startCheckout(request, ctx));
    expect(e.status).toBe(409);
    expect(e.message).toBe('Sorry, we are full on 12/03/2030. Please choose other dates.');
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });

  it('a hold refused because the last place went meanwhile closes the session and names the full date', async () => {
    vi.mocked(createPendingBooking).mockResolvedValue('full');
    vi.mocked(fullDatesAmong).mockResolvedValue(['2030-03-15']);
    const e = await failure(startCheckout(request, ctx));
    expect(e.status).toBe(409);
    expect(e.message).toBe('Sorry, we are full on 15/03/2030. Please choose other dates.');
    expect(stripe.checkout.sessions.expire).toHaveBeenCalledWith(session.id);
  });

  it('a Stripe refusal is a 502 with the spec message and no booking', async () => {
    stripe.checkout.sessions.create.mockRejectedValue(Object.assign(new Error('No such price'), { type: 'StripeInvalidRequestError', statusCode: 400 }));
    const e = await failure(startCheckout(request, ctx));
    expect(e.status).toBe(502);
    expect(e.message).toBe(paymentMessages.checkoutFailed);
    expect(e.headers).toBeUndefined();
    expect(createPendingBooking).not.toHaveBeenCalled();
  });

  it('Stripe not answering in time (or busy) is a 503 saying to try again in a few seconds, and no booking', async () => {
    for (const failure503 of [{ type: 'StripeConnectionError' }, { type: 'StripeRateLimitError', statusCode: 429 }, { type: 'StripeAPIError', statusCode: 500 }]) {
      stripe.checkout.sessions.create.mockRejectedValueOnce(Object.assign(new Error('timeout'), failure503));
      const e = await failure(startCheckout(request, ctx));
      expect({ status: e.status, message: e.message, headers: e.headers }).toEqual({ status: 503, message: paymentMessages.checkoutBusy, headers: { 'retry-after': '5' } });
    }
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

  it('with too little time left for the customer, the session and the hold, it writes nothing and opens nothing (503, try again)', async () => {
    const spendBudget = vi.fn(async () => undefined);
    const e = await failure(startCheckout(request, { ...ctx, remainingMs: () => 8_000, spendBudget }));
    expect({ status: e.status, message: e.message, headers: e.headers }).toEqual({ status: 503, message: paymentMessages.checkoutBusy, headers: { 'retry-after': '5' } });
    expect(spendBudget).not.toHaveBeenCalled();
    expect(upsertCustomer).not.toHaveBeenCalled();
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });

  it('with too little time left for the hold once the session is open, nothing is held and the session is closed (503, try again)', async () => {
    const left = [12_000, 12_000, 4_000];
    const e = await failure(startCheckout(request, { ...ctx, remainingMs: () => left.shift() ?? 4_000 }));
    expect({ status: e.status, headers: e.headers }).toEqual({ status: 503, headers: { 'retry-after': '5' } });
    expect(createPendingBooking).not.toHaveBeenCalled();
    expect(stripe.checkout.sessions.expire).toHaveBeenCalledWith(session.id);
  });

  it("Stripe's own timeout leaves the hold its time", async () => {
    await startCheckout(request, { ...ctx, remainingMs: () => 11_000 });
    expect(stripe.checkout.sessions.create.mock.calls[0]![1]).toMatchObject({ timeout: 6_000 });
  });

  it('a hold that kept colliding with others until its time was short: nothing held, the session closed, 503 with Retry-After', async () => {
    vi.mocked(createPendingBooking).mockResolvedValue('busy');
    const e = await failure(startCheckout(request, { ...ctx, remainingMs: () => 15_000 }));
    expect({ status: e.status, message: e.message, headers: e.headers }).toEqual({ status: 503, message: paymentMessages.checkoutBusy, headers: { 'retry-after': '5' } });
    expect(stripe.checkout.sessions.expire).toHaveBeenCalledWith(session.id);
    // The hold is told to stop trying again once less than its margin is left.
    const mayRetry = vi.mocked(createPendingBooking).mock.calls[0]![3]!;
    expect(mayRetry()).toBe(true);
  });

  it('with time to spare the hold is taken as usual, and the caller\'s budget spent once the stay has room', async () => {
    const spendBudget = vi.fn(async () => undefined);
    const out = await startCheckout(request, { ...ctx, remainingMs: () => 15_000, spendBudget });
    expect(out.url).toBe(session.url);
    expect(createPendingBooking).toHaveBeenCalledTimes(1);
    expect(spendBudget).toHaveBeenCalledTimes(1);
  });

  it('a stay refused as full spends nothing of the caller\'s budget', async () => {
    vi.mocked(readOccupancy).mockResolvedValue([{ date: '2030-03-10', taken: 2, held: 0 }]);
    const spendBudget = vi.fn(async () => undefined);
    expect((await failure(startCheckout(request, { ...ctx, spendBudget }))).status).toBe(409);
    expect(spendBudget).not.toHaveBeenCalled();
  });

  it("a date with few places left lets a few checkouts start at a time: the others are told to try again (429) before anything is written", async () => {
    vi.mocked(spendBudgets).mockResolvedValue({ ok: false, refused: { scope: 'checkout-start', subject: 'date-2030-03-10', limit: 3, windowSeconds: 10 }, retryAfterSeconds: 7 });
    const e = await failure(startCheckout(request, ctx));
    const message = 'Many travellers are booking 10/03/2030 right now and only a few places are left. Please try again in a few seconds.';
    expect({ status: e.status, message: e.message, fieldErrors: e.fieldErrors, headers: e.headers }).toEqual({ status: 429, message, fieldErrors: { 'quote.dropOffDate': message }, headers: { 'retry-after': '7' } });
    // One place left on the stay's tightest date: three may start in a window.
    expect(vi.mocked(spendBudgets).mock.calls[0]![0]).toEqual([{ scope: 'checkout-start', subject: 'date-2030-03-10', limit: 3, windowSeconds: 10 }]);
    expect(upsertCustomer).not.toHaveBeenCalled();
    expect(stripe.checkout.sessions.create).not.toHaveBeenCalled();
  });


  it('a hold that was written although its write reported an error is the answer (it happened), and its session stays open', async () => {
    vi.mocked(createPendingBooking).mockRejectedValue(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' }));
    vi.mocked(pendingBookingExists).mockResolvedValue(true);
    const out = await startCheckout(request, ctx);
    expect(out).toEqual({ url: session.url, sessionId: session.id, bookingId: expect.any(String) });
    expect(vi.mocked(pendingBookingExists).mock.calls[0]).toEqual([out.bookingId, session.id]);
    expect(stripe.checkout.sessions.expire).not.toHaveBeenCalled();
  });
});
