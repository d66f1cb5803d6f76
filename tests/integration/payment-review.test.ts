/**
 * A payment that does not match what its booking asked (issue 9): Stripe says the session was paid, but for
 * another amount or in another currency. The booking is kept (the money is real) but held as `payment_review`:
 * no receipt, the success page says it is being checked, staff find it under its own status and either confirm it
 * (the receipt goes then) or cancel it with a refund.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '../../shared/booking';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, getCheckout, outboxFor, postWebhook, standIn, stripeEvent, stripeSession } from './payment-support';

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(env, { admin: true });
});

const asAdmin = (method: string, path: string, body?: unknown) => request(baseUrl, method, path, body, { authorization: admin.bearer });

/** A checkout paid at the stand-in whose completed event is then delivered with `change` applied to the session. */
async function paidWith(change: Record<string, unknown>) {
  const body = checkoutBody();
  const started = await checkout(body);
  await standIn.pay(started.sessionId);
  const session = await stripeSession(started.sessionId);
  expect((await postWebhook(stripeEvent('checkout.session.completed', { ...session, ...change }))).status).toBe(200);
  return { ...started, email: body.customer.email, session };
}

describe('a payment that does not match its booking', () => {
  it.each([
    ['a smaller amount', (s: { amount_total: number }) => ({ amount_total: s.amount_total - 100 })],
    // More than asked is no more acceptable: the customer was charged what the booking never said.
    ['a larger amount', (s: { amount_total: number }) => ({ amount_total: s.amount_total + 100 })],
    ['another currency', () => ({ currency: 'aud' })],
  ])('%s: held for review, no receipt, and the success page says so', async (_name, changeOf) => {
    const body = checkoutBody();
    const started = await checkout(body);
    await standIn.pay(started.sessionId);
    const session = await stripeSession(started.sessionId);
    expect((await postWebhook(stripeEvent('checkout.session.completed', { ...session, ...changeOf(session as never) }))).status).toBe(200);
    const held = (await booking(started.bookingId))!;
    expect(held.status).toBe('payment_review');
    expect(held.bookingReference).toBeTruthy();
    expect(await outboxFor(body.customer.email)).toHaveLength(0);
    const page = await getCheckout(started.sessionId);
    expect(page.status).toBe(409);
    expect(page.body.message).toBe(paymentMessages.paymentUnderReview);
    // Delivered again: still one booking on hold.
    expect((await postWebhook(stripeEvent('checkout.session.completed', { ...session, ...changeOf(session as never) }))).status).toBe(200);
    expect((await booking(started.bookingId))!).toEqual(held);
  });

  it('staff find it under its status and confirm it; the customer then gets the receipt', async () => {
    const { bookingId, email } = await paidWith({ amount_total: 1 });
    const held = (await booking(bookingId))!;
    const listed = await asAdmin('GET', `/api/admin/bookings?status=payment_review&q=${held.bookingReference}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([[bookingId, 'payment_review']]);
    expect((await asAdmin('GET', '/api/admin/summary')).body.by_status.payment_review).toBeGreaterThanOrEqual(1);

    const approved = await asAdmin('PATCH', `/api/admin/bookings/${bookingId}`, { status: 'reservation', version: held.updatedAt });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await booking(bookingId))!.status).toBe('reservation');
    expect(approved.body.history[0].changes).toEqual([{ field: 'status', old: 'Payment review', new: 'Reservation' }]);
    await expect.poll(async () => (await outboxFor(email)).length).toBe(1);
    expect((await getCheckout((await booking(bookingId))!.checkoutSessionId)).status).toBe(200);
  });

  it('staff may cancel it with a refund of what was received', async () => {
    const { bookingId } = await paidWith({ amount_total: 500 });
    const res = await asAdmin('POST', `/api/admin/bookings/${bookingId}/cancellation`, { refund: 5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refund: 5, booking: { status: 'cancelled' } });
  });
});
