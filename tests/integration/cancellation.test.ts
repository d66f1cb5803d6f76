/**
 * Cancelling: a customer's own booking by the terms (48 hours or more before drop-off: paid less
 * $20; less: nothing), staff with any refund up to what was paid; access for anonymous, customers A and B and
 * staff; one refund and one status however often or concurrently it is asked; the day sheet, counters,
 * ledger and e-mail agreeing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../shared/admin';
import { cancellationMessages } from '../../shared/cancellation';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, item, outboxFor, payOnPage, postWebhook, stripeEvent } from './payment-support';

let a: TestUser;
let b: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [a, b, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { admin: true })]);
});

/** A's booking, $110 paid in full (8 days with a car wash), dropping off `dropIn` days from today at 09:00. */
async function paidBooking(dropIn = 3) {
  const body = checkoutBody({ customer: { email: a.email }, quote: { dropOffDate: daysFromToday(dropIn), pickUpDate: daysFromToday(dropIn + 7) } });
  const started = await checkout(body, { authorization: a.bearer });
  await payOnPage(started.sessionId);
  return (await booking(started.bookingId))!;
}

const terms = (id: string, user: TestUser | null = a) => request(baseUrl, 'GET', `/api/me/bookings/${id}/cancellation`, undefined, user ? { authorization: user.bearer } : {});
const cancel = (id: string, user: TestUser | null = a) => request(baseUrl, 'POST', `/api/me/bookings/${id}/cancellation`, {}, user ? { authorization: user.bearer } : {});
const staffCancel = (id: string, body: unknown, user: TestUser = admin) => request(baseUrl, 'POST', `/api/admin/bookings/${id}/cancellation`, body, { authorization: user.bearer });
const summary = async () => (await request(baseUrl, 'GET', '/api/admin/summary', undefined, { authorization: admin.bearer })).body;

describe('a customer cancels', () => {
  it('answers 401 anonymous and 404 to anyone but the owner, changing nothing', async () => {
    const mine = await paidBooking();
    expect((await terms(mine.id, null)).status).toBe(401);
    expect((await cancel(mine.id, null)).status).toBe(401);
    for (const other of [b, admin]) {
      expect((await terms(mine.id, other)).status).toBe(404);
      expect((await cancel(mine.id, other)).status).toBe(404);
    }
    expect((await staffCancel(mine.id, { refund: 0 }, b)).status).toBe(403);
    expect(await booking(mine.id)).toEqual(mine);
  });

  it('3 days ahead: shows and refunds what was paid less $20, leaves the day sheet, counts it and e-mails it', async () => {
    const mine = await paidBooking(3);
    expect((await terms(mine.id)).body).toEqual({ cancellable: true, reason: null, paid: 110, refund: 90, fee: 20, kept: 20, kept_reason: 'The $20 cancellation fee, 48 hours or more before drop-off' });
    const before = await summary();
    const res = await cancel(mine.id);
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe(90);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', amount_paid: 20, balance_due: 0 });
    const saved = (await booking(mine.id))!;
    expect(saved.ledger).toEqual([
      expect.objectContaining({ kind: 'refund', amountCents: -9000, status: 'succeeded', by: 'customer' }),
      expect.objectContaining({ kind: 'kept', amountCents: 2000 }),
    ]);
    expect(await item(keys.dayDropOff(mine.dropOffDate, mine.dropOffTime, mine.id))).toBeUndefined();
    expect(await item(keys.dayPickUp(mine.pickUpDate, mine.pickUpTime, mine.id))).toBeUndefined();
    const after = await summary();
    expect(after.by_status.cancelled).toBeGreaterThanOrEqual((before.by_status.cancelled ?? 0) + 1);
    const mail = (await outboxFor(a.email)).find((m) => m.subject.startsWith('Booking cancelled'));
    expect(mail?.text).toContain('Refund to your card: $90.00');
    const listed = await request(baseUrl, 'GET', `/api/me/bookings`, undefined, { authorization: a.bearer });
    expect(listed.body.bookings.find((x: { id: string }) => x.id === mine.id).status).toBe('cancelled');
    const staffList = await request(baseUrl, 'GET', `/api/admin/bookings?status=cancelled&q=${mine.bookingReference}`, undefined, { authorization: admin.bearer });
    expect(staffList.body.items.map((x: { id: string }) => x.id)).toEqual([mine.id]);
  });

  it('less than 48 hours ahead: no refund, said before confirming', async () => {
    const mine = await paidBooking(1);
    expect((await terms(mine.id)).body).toMatchObject({ cancellable: true, refund: 0, paid: 110 });
    const res = await cancel(mine.id);
    expect(res.body.refund).toBe(0);
    expect((await booking(mine.id))!.ledger).toEqual([expect.objectContaining({ kind: 'kept', amountCents: 11000 })]);
  });

  it('refunds once however often and however concurrently it is asked', async () => {
    const mine = await paidBooking(5);
    const results = await Promise.all([cancel(mine.id), cancel(mine.id), cancel(mine.id)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const again = await cancel(mine.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(cancellationMessages.alreadyCancelled);
    expect((await terms(mine.id)).body).toMatchObject({ cancellable: false, reason: cancellationMessages.alreadyCancelled });
    expect((await booking(mine.id))!.ledger.filter((l: { kind: string }) => l.kind === 'refund')).toHaveLength(1);
  });
});

describe('staff cancel', () => {
  it('refund from $0 to what was paid, never above; a cancelled or checked-out booking is refused', async () => {
    const mine = await paidBooking(4);
    const tooMuch = await staffCancel(mine.id, { refund: 110.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('The refund can be at most $110.00 (what was paid)');
    for (const refund of [-1, 'ten', 1.005]) expect((await staffCancel(mine.id, { refund })).status).toBe(400);
    expect((await booking(mine.id))!.status).toBe('reservation');
    const done = await staffCancel(mine.id, { refund: 25.5 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ refund: 25.5, booking: { status: 'cancelled', amount_paid: 84.5 } });
    const detail = await request(baseUrl, 'GET', `/api/admin/bookings/${mine.id}`, undefined, { authorization: admin.bearer });
    expect(detail.body.history[0].changes).toEqual(expect.arrayContaining([{ field: 'refund', old: null, new: '$25.50' }]));
    expect((await staffCancel(mine.id, { refund: 0 })).body.message).toBe(cancellationMessages.alreadyCancelled);
    const edit = await request(baseUrl, 'PATCH', `/api/admin/bookings/${mine.id}`, { status: 'checkin', version: done.body.booking.updated_at }, { authorization: admin.bearer });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(adminMessages.notEditable);

    const left = await paidBooking(4);
    await request(baseUrl, 'PATCH', `/api/admin/bookings/${left.id}`, { status: 'checkout', status_override: { confirmed: true, reason: 'Test set-up: out of the usual order' }, version: left.updatedAt }, { authorization: admin.bearer });
    const refused = await staffCancel(left.id, { refund: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(cancellationMessages.notCancellable);
  });
});

// Revenue after these refunds is asserted exactly in capacity.test.ts, on a stack no other test writes to.
describe('charge.refunded', () => {
  const refundedEvent = (paymentIntent: string, amountRefunded: number) => stripeEvent('charge.refunded', { id: `ch_${paymentIntent.slice(3)}`, object: 'charge', payment_intent: paymentIntent, amount_refunded: amountRefunded, currency: 'nzd' });

  it("an app's own refund, reported back by Stripe (again and again), is counted once", async () => {
    const mine = await paidBooking(6);
    expect((await cancel(mine.id)).status).toBe(200);
    const afterCancel = (await booking(mine.id))!;
    for (let i = 0; i < 3; i++) expect((await postWebhook(refundedEvent(mine.payment.paymentIntent, 9000))).status).toBe(200);
    const saved = (await booking(mine.id))!;
    expect(saved.ledger).toEqual(afterCancel.ledger);
    expect(saved.payment.amountPaidCents).toBe(2000);
  });

  it("a refund made in Stripe's dashboard reaches the ledger, the amount paid and revenue, once", async () => {
    const mine = await paidBooking(7);
    const res = await fetch(`${baseUrl}/_local/stripe/sessions/${mine.checkoutSessionId}/refund`, { method: 'POST' });
    expect(res.status).toBe(200);
    const done = (await res.json()) as { amount: number; eventId: string; delivery: { status: number } };
    expect(done).toMatchObject({ amount: 11000, delivery: { status: 200 } });
    const saved = (await booking(mine.id))!;
    expect(saved.ledger).toEqual([expect.objectContaining({ kind: 'refund', by: 'system', amountCents: -11000, status: 'succeeded', note: 'Refunded in Stripe' })]);
    expect(saved.payment.amountPaidCents).toBe(0);
    expect(saved.status).toBe('reservation');
    // Stripe delivers again: nothing more.
    expect((await fetch(`${baseUrl}/_local/stripe/events/${done.eventId}/deliver`, { method: 'POST' })).status).toBe(200);
    expect((await booking(mine.id))!.ledger).toHaveLength(1);
  });

  it('a refund of a payment no booking knows is acknowledged and changes nothing', async () => {
    const res = await postWebhook(refundedEvent('pi_test_nobodyknowsthisone', 500));
    expect(res.status).toBe(200);
  });
});
