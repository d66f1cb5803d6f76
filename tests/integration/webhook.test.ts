/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body before anything else, events are
 * handled idempotently, and duplicated, reordered and concurrent confirmations leave exactly one booking,
 * one reference, one payment and one receipt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { paymentMessages, REFERENCE_PATTERN } from '../../shared/booking';
import { keys } from '../../functions/store/keys';
import { booking, checkout, checkoutBody, getCheckout, item, itemsOfBooking, outboxFor, partition, postWebhook, standIn, stripeEvent, stripeSession } from './payment-support';

/**
 * The completed events of the payments each test made (paid at Stripe, delivered or not, forged or not): Stripe's
 * own delivery of each arrives after the test, as it would in the end, and is accepted. So a payment whose forged or
 * stale delivery was refused still ends on its booking, as the run's closing reconcile expects (tests/support/books-check.ts).
 */
const madeEvents: string[] = [];
afterEach(async () => {
  for (const eventId of madeEvents.splice(0)) expect((await standIn.deliver(eventId)).status).toBe(200);
});

async function pendingAndPaid(paymentType: 'full' | 'deposit' = 'full') {
  const body = checkoutBody({ paymentType });
  const started = await checkout(body);
  const { eventId } = await standIn.pay(started.sessionId);
  madeEvents.push(eventId);
  return { ...started, email: body.customer.email, eventId, session: await stripeSession(started.sessionId) };
}

async function expectUntouched(bookingId: string, email: string) {
  expect((await booking(bookingId))!.status).toBe('pending_payment');
  expect((await itemsOfBooking(bookingId)).map((i) => i.type).sort()).toEqual(['booking', 'checkout_session']);
  expect(await outboxFor(email)).toHaveLength(0);
}

describe('POST /api/webhooks/stripe', () => {
  describe('refuses anything Stripe did not sign, before reading it', () => {
    it('a signature made with another secret (forged) is a 400 and nothing is written', async () => {
      const { bookingId, email, session } = await pendingAndPaid();
      const res = await postWebhook(stripeEvent('checkout.session.completed', session), { secret: 'whsec_forged' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: paymentMessages.invalidSignature });
      await expectUntouched(bookingId, email);
    });

    it('a stale signature (older than 5 minutes) is a 400', async () => {
      const { bookingId, email, session } = await pendingAndPaid();
      const res = await postWebhook(stripeEvent('checkout.session.completed', session), { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
      expect(res.status).toBe(400);
      await expectUntouched(bookingId, email);
    });

    it('a body changed after signing is a 400', async () => {
      const { bookingId, email, session } = await pendingAndPaid();
      const event = stripeEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' });
      const res = await postWebhook(event, { body: JSON.stringify(stripeEvent('checkout.session.completed', session)) });
      expect(res.status).toBe(400);
      await expectUntouched(bookingId, email);
    });

    it.each([
      ['no signature header', null],
      ['a malformed signature header', 'not-a-signature'],
    ])('%s is a 400', async (_name, signature) => {
      const { bookingId, email, session } = await pendingAndPaid();
      const res = await postWebhook(stripeEvent('checkout.session.completed', session), { signature });
      expect(res.status).toBe(400);
      await expectUntouched(bookingId, email);
    });
  });

  it('acknowledges event types it does not handle with a 200', async () => {
    const res = await postWebhook(stripeEvent('customer.created', { id: 'cus_test_1', object: 'customer' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
  });

  it('acknowledges a paid session it did not create, and writes nothing', async () => {
    const { session } = await pendingAndPaid();
    const stranger = { ...session, id: 'cs_test_from_another_app', metadata: {} };
    const res = await postWebhook(stripeEvent('checkout.session.completed', stranger));
    expect(res.status).toBe(200);
    expect(await item(keys.checkoutSession(stranger.id))).toBeUndefined();
  });

  it('does not confirm a completed session whose payment is still pending', async () => {
    const body = checkoutBody();
    const { sessionId, bookingId } = await checkout(body);
    const unpaid = await stripeSession(sessionId);
    const res = await postWebhook(stripeEvent('checkout.session.completed', { ...unpaid, status: 'complete' }));
    expect(res.status).toBe(200);
    await expectUntouched(bookingId, body.customer.email);
  });

  it('confirms on checkout.session.async_payment_succeeded', async () => {
    const { bookingId, session } = await pendingAndPaid();
    const res = await postWebhook(stripeEvent('checkout.session.async_payment_succeeded', session));
    expect(res.status).toBe(200);
    expect((await booking(bookingId))!.status).toBe('reservation');
  });

  it('ends the pending booking on checkout.session.async_payment_failed', async () => {
    const body = checkoutBody();
    const { sessionId, bookingId } = await checkout(body);
    const res = await postWebhook(stripeEvent('checkout.session.async_payment_failed', await stripeSession(sessionId)));
    expect(res.status).toBe(200);
    expect((await booking(bookingId))!.status).toBe('payment_failed');
    expect((await getCheckout(sessionId)).status).toBe(409);
  });

  it('an expiry or failure arriving after confirmation leaves the booking confirmed', async () => {
    const { bookingId, eventId, session } = await pendingAndPaid();
    expect((await standIn.deliver(eventId)).status).toBe(200);
    const reference = (await booking(bookingId))!.bookingReference;
    for (const type of ['checkout.session.expired', 'checkout.session.async_payment_failed']) {
      expect((await postWebhook(stripeEvent(type, { ...session, status: 'expired', payment_status: 'unpaid' }))).status).toBe(200);
    }
    expect(await booking(bookingId)).toMatchObject({ status: 'reservation', bookingReference: reference });
  });

  it('a repeated delivery is a 200 and changes nothing', async () => {
    const { bookingId, eventId, email } = await pendingAndPaid();
    expect((await standIn.deliver(eventId)).status).toBe(200);
    const first = await booking(bookingId);
    for (let i = 0; i < 3; i++) expect((await standIn.deliver(eventId)).status).toBe(200);
    expect(await booking(bookingId)).toEqual(first);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('50 duplicate deliveries racing 50 success-page calls make one booking, one reference, one payment', async () => {
    const { bookingId, sessionId, eventId, email } = await pendingAndPaid('deposit');
    const [deliveries, pages] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => standIn.deliver(eventId))),
      Promise.all(Array.from({ length: 50 }, () => getCheckout(sessionId))),
    ]);
    expect(deliveries.map((d) => d.status)).toEqual(Array(50).fill(200));
    expect(pages.map((p) => p.status)).toEqual(Array(50).fill(200));

    const stored = await booking(bookingId);
    const reference = stored!.bookingReference as string;
    expect(reference).toMatch(REFERENCE_PATTERN);
    expect(new Set(pages.map((p) => p.body.booking_reference))).toEqual(new Set([reference]));
    expect(stored!.payment).toMatchObject({ type: 'deposit', amountPaidCents: 1000, balanceDueCents: 10000 });

    const items = await itemsOfBooking(bookingId);
    const count = (type: string) => items.filter((i) => i.type === type).length;
    expect(count('booking')).toBe(1);
    expect(count('booking_reference')).toBe(1);
    expect(count('day_sheet_entry')).toBe(2);
    expect(items.filter((i) => i.type === 'search_token' && String(i.sk).startsWith('rp-'))).toHaveLength(1);
    expect(await partition(`REF#${reference}`)).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(1);
  });
});
