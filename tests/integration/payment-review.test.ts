/**
 * A payment that does not match what its booking asked: Stripe says the session was paid, but for
 * another amount or in another currency. The booking is kept (the money is real) but held as `payment_review`:
 * no receipt, the success page says it is being checked, staff find it under its own status and either confirm it
 * (the receipt goes then) or cancel it with a refund.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '../../shared/booking';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, item, checkoutBody, env, getCheckout, outboxFor, postWebhook, standIn, stripeEvent, stripeSession } from './payment-support';

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(env, { admin: true });
});

const asAdmin = (method: string, path: string, body?: unknown) => request(baseUrl, method, path, body, { authorization: admin.bearer });

/**
 * A checkout Stripe (the stand-in) took `charged` for (another amount or currency than it asked), its completed event
 * then delivered. Stripe's own records say what was taken, so the books agree with Stripe once staff settle it.
 */
async function paidWith(charged: { amount_total?: number; currency?: string }) {
  const body = checkoutBody();
  const started = await checkout(body);
  await standIn.pay(started.sessionId, charged);
  const session = await stripeSession(started.sessionId);
  expect(session).toMatchObject(charged);
  expect((await postWebhook(stripeEvent('checkout.session.completed', session))).status).toBe(200);
  return { ...started, email: body.customer.email, session };
}

describe('a payment that does not match its booking', () => {
  it.each([
    ['a smaller amount', (s: { amount_total: number }) => ({ amount_total: s.amount_total - 100 })],
    // More than asked is no more acceptable: the customer was charged what the booking never said.
    ['a larger amount (an overpayment is not confirmed either)', (s: { amount_total: number }) => ({ amount_total: s.amount_total + 100 })],
    ['another currency', () => ({ currency: 'aud' })],
  ])('%s: held for review, no receipt, and the success page says so', async (_name, changeOf) => {
    const body = checkoutBody();
    const started = await checkout(body);
    await standIn.pay(started.sessionId, changeOf((await stripeSession(started.sessionId)) as never));
    const session = await stripeSession(started.sessionId);
    expect((await postWebhook(stripeEvent('checkout.session.completed', session))).status).toBe(200);
    const held = (await booking(started.bookingId))!;
    expect(held.status).toBe('payment_review');
    expect(held.payment.reviewReason).toBe('amount');
    expect(held.bookingReference).toBeTruthy();
    expect(await outboxFor(body.customer.email)).toHaveLength(0);
    const page = await getCheckout(started.sessionId);
    expect(page.status).toBe(409);
    expect(page.body.message).toBe(paymentMessages.paymentUnderReview);
    // Delivered again: still one booking on hold.
    expect((await postWebhook(stripeEvent('checkout.session.completed', session))).status).toBe(200);
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

describe('a payment that arrives after its checkout ended', () => {
  /** Places taken on one NZ date (the day's counter of its month item). */
  const takenOn = async (date: string) => Number((await item(keys.occupancyMonth(date.slice(0, 7))))?.[`d${date.slice(8, 10)}`] ?? 0);

  it('is kept and held for review with its places counted again, listed for staff and explained, with no receipt', async () => {
    // A one-day stay about ten months out, a date no other test books, so the day's count is this booking's.
    const dropOff = daysFromToday(300 + Math.floor(Math.random() * 50));
    const body = checkoutBody({ quote: { dropOffDate: dropOff, dropOffTime: '09:00', pickUpDate: dropOff, pickUpTime: '18:00', carWash: false } });
    const before = await takenOn(dropOff);
    const started = await checkout(body);
    expect(await takenOn(dropOff)).toBe(before + 1);
    const session = await stripeSession(started.sessionId);

    // The session expires (the traveller left): the booking ends and gives its place back.
    expect((await postWebhook(stripeEvent('checkout.session.expired', { ...session, status: 'expired' }))).status).toBe(200);
    expect((await booking(started.bookingId))!.status).toBe('expired');
    expect(await takenOn(dropOff)).toBe(before);

    // Then Stripe reports it paid after all: the money is real, so the booking is held for staff, not only logged.
    const paid = { ...session, status: 'complete', payment_status: 'paid' };
    expect((await postWebhook(stripeEvent('checkout.session.completed', paid))).status).toBe(200);
    const held = (await booking(started.bookingId))!;
    expect([held.status, held.payment.reviewReason, held.payment.amountPaidCents]).toEqual(['payment_review', 'ended', session.amount_total]);
    expect(held.bookingReference).toMatch(/^RP-[A-Z2-9]{6}$/);
    expect(await takenOn(dropOff)).toBe(before + 1);
    expect(await outboxFor(body.customer.email)).toHaveLength(0);
    const page = await getCheckout(started.sessionId);
    expect([page.status, page.body.message]).toEqual([409, paymentMessages.paymentUnderReview]);

    // Delivered again: nothing changes (one booking, one place).
    expect((await postWebhook(stripeEvent('checkout.session.completed', paid))).status).toBe(200);
    expect((await booking(started.bookingId))!).toEqual(held);
    expect(await takenOn(dropOff)).toBe(before + 1);

    const listed = await asAdmin('GET', `/api/admin/bookings?status=payment_review&q=${held.bookingReference}`);
    expect(listed.body.items.map((b: { id: string; payment_review_reason: string }) => [b.id, b.payment_review_reason])).toEqual([[started.bookingId, 'ended']]);
  });
});
