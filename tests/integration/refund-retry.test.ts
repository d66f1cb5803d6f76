/**
 * Retrying a failed refund line, and what the admin's booking view shows of refunds: a refund Stripe
 * refused is failed; an admin's Retry puts the same line back on the queue (recorded first), sends it with the same
 * idempotency key and it succeeds once; retrying a line that has succeeded does nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, customer, env, item, payOnPage, quote } from './payment-support';
import { keys } from '../../functions/store/keys';

let owner: TestUser;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, staff, admin] = await Promise.all([createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const retry = (id: string, lineId: string, user?: TestUser) => api('POST', `/api/admin/bookings/${id}/refunds/${lineId}/retry`, {}, user);
const bookingOfSession = new Map<string, string>();
/** The payment's refunds as Stripe (the stand-in) lists them. */
async function stripeRefunds(sessionId: string): Promise<{ amount: number; metadata: Record<string, string> }[]> {
  const pi = (await booking(bookingOfSession.get(sessionId)!))!.payment.paymentIntent as string;
  return (await request(baseUrl, 'GET', `/v1/refunds?payment_intent=${pi}`, undefined, { authorization: 'Bearer sk_test_tests' })).body.data;
}

/** A $60 booking paid in full, cancelled 20 days ahead with the refund refused by Stripe: one failed $40 line. */
async function failedRefund(): Promise<{ id: string; sessionId: string; lineId: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(29), carWash: false }), customer: customer({ email: owner.email }), paymentType: 'full' }, owner);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { bookingId: id, sessionId } = started.body as { bookingId: string; sessionId: string };
  bookingOfSession.set(sessionId, id);
  expect((await payOnPage(sessionId)).status).toBeLessThan(400);
  expect((await request(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refunds-refuse`)).status).toBe(200);
  try {
    expect((await api('POST', `/api/me/bookings/${id}/cancellation`, {}, owner)).status).toBe(200);
  } finally {
    // Stripe answers for the payment again whatever happened (the retries below, and reconcile at the run's end, need it).
    expect((await request(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refunds-ok`)).status).toBe(200);
  }
  const lines = (await booking(id))!.ledger.filter((l: { kind: string }) => l.kind === 'refund');
  expect(lines).toEqual([expect.objectContaining({ status: 'failed', amountCents: -4000 })]);
  return { id, sessionId, lineId: lines[0].id };
}

describe('POST /api/admin/bookings/{id}/refunds/{lineId}/retry', () => {
  it('anonymous 401, the owner and staff 403, an unknown line 404; nothing changes', async () => {
    const { id, lineId } = await failedRefund();
    const version = (await booking(id))!.updatedAt;
    expect((await retry(id, lineId)).status).toBe(401);
    expect((await retry(id, lineId, owner)).status).toBe(403);
    expect((await retry(id, lineId, staff)).status).toBe(403);
    const unknown = await retry(id, 'no-such-line', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Refund not found');
    // A line that is not a refund (the $20 the cancellation kept) is no refund to retry either.
    const kept = (await booking(id))!.ledger.find((l: { kind: string }) => l.kind === 'kept');
    expect(kept).toMatchObject({ amountCents: 2000 });
    const notARefund = await retry(id, kept.id as string, admin);
    expect(notARefund.status).toBe(404);
    expect(notARefund.body.message).toBe('Refund not found');
    expect((await booking(id))!.updatedAt).toBe(version);
  });

  it('the booking view shows the failed line; Retry sends the same line again, once, and it succeeds; the history says who retried', async () => {
    const { id, sessionId, lineId } = await failedRefund();
    const view = await api('GET', `/api/admin/bookings/${id}`, undefined, admin);
    expect(view.body.refunds).toEqual([expect.objectContaining({ id: lineId, amount: 40, status: 'failed', outside: false })]);
    const res = await retry(id, lineId, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.retried).toBe(true);
    expect(res.body.refunds).toEqual([expect.objectContaining({ id: lineId, amount: 40, status: 'succeeded' })]);
    expect(res.body.history[0].changes).toEqual([{ field: 'refund', old: 'Failed: $40.00', new: 'Retried: $40.00' }]);
    const saved = await booking(id);
    expect(saved!.ledger.filter((l: { kind: string }) => l.kind === 'refund')).toEqual([expect.objectContaining({ id: lineId, status: 'succeeded', refundId: expect.stringMatching(/^re_/) })]);
    expect(saved!.payment.amountPaidCents).toBe(2000);
    expect(await item(keys.refundRequest(lineId))).toBeUndefined();
    expect(await stripeRefunds(sessionId)).toEqual([expect.objectContaining({ amount: 4000, metadata: expect.objectContaining({ ledgerLine: lineId }) })]);

    // Retrying a line that succeeded does nothing: no write, no second refund.
    const again = await retry(id, lineId, admin);
    expect(again.status).toBe(200);
    expect(again.body.retried).toBe(false);
    expect((await booking(id))!.updatedAt).toBe(saved!.updatedAt);
    expect(await stripeRefunds(sessionId)).toHaveLength(1);
  });

  it('two retries at once send one refund', async () => {
    const { id, sessionId, lineId } = await failedRefund();
    const both = await Promise.all([retry(id, lineId, admin), retry(id, lineId, admin)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.filter((r) => r.body.retried)).toHaveLength(1);
    expect(await stripeRefunds(sessionId)).toHaveLength(1);
  });
});
