/**
 * Unpaid checkouts may hold at most 5% of the yard's places on a day (at least 3), so holds
 * cannot fill a day; past that the traveller is told when to try again. A traveller who leaves the payment step
 * ends their checkout (POST /api/checkout/{sessionId}/cancel): the Stripe session is expired and the places come
 * back at once; nobody else can end it. Runs its own stack of 100 places (5 holds a day).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { toDateInput } from '../../shared/date-input';
import { nzNow } from '../../shared/nz-time';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { customer, quote } from './payment-support';
import { ownStackWithUsers } from '../support/stack-with-users';

const { env, db } = ownStackWithUsers('runway-holds-', {}, { YARD_CAPACITY: '100', UNPAID_HOLDS_PER_DAY: '' });

const api = <T = any>(method: string, p: string, body?: unknown) => request<T>(env.baseUrl, method, p, body);
const startCheckout = (day: number) => api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(day), pickUpDate: daysFromToday(day) }), customer: customer(), paymentType: 'full' });
const cancel = (sessionId: string) => api('POST', `/api/checkout/${encodeURIComponent(sessionId)}/cancel`);

async function day(date: string): Promise<{ taken: number; held: number }> {
  const out = await db.send(new GetCommand({ TableName: env.tableName, Key: keys.occupancyMonth(date.slice(0, 7)), ConsistentRead: true }));
  const dd = date.slice(8, 10);
  return { taken: Number(out.Item?.[`d${dd}`] ?? 0), held: Number(out.Item?.[`h${dd}`] ?? 0) };
}

const bookingStatus = async (id: string) => (await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(id), ConsistentRead: true }))).Item?.status as string;
const stripeStatus = async (sessionId: string) => (await fetch(`${env.baseUrl}/v1/checkout/sessions/${sessionId}`, { headers: { authorization: 'Bearer sk_test_tests' } }).then((r) => r.json())).status as string;

describe('holds on a day of 100 places', () => {
  it('5 unpaid checkouts hold 5 places; the 6th is told when to try again; leaving the payment step gives a place back', async () => {
    const d = 40;
    const date = daysFromToday(d);
    const started = [];
    for (let i = 0; i < 5; i++) {
      const res = await startCheckout(d);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      started.push(res.body as { sessionId: string; bookingId: string });
    }
    expect(await day(date)).toEqual({ taken: 5, held: 5 });

    const before = Date.now();
    const refused = await startCheckout(d);
    const after = Date.now();
    expect(refused.status).toBe(409);
    // When every hold open now will have ended: a session opened now expires in 31 minutes (NZ time, next minute).
    const times = [before, after].map((t) => nzNow(new Date(Math.ceil((Math.floor(t / 1000) + 31 * 60) / 60) * 60 * 1000)).time);
    expect(times.map((t) => `Too many travellers are paying for ${toDateInput(date)} right now, so we cannot hold a place for you yet. Please try again after ${t}.`)).toContain(refused.body.message);
    expect(await day(date)).toEqual({ taken: 5, held: 5 });

    // The first traveller goes back from the payment page: their checkout ends and its place is free again.
    const left = started[0]!;
    const ended = await cancel(left.sessionId);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ status: 'ended' });
    expect(await bookingStatus(left.bookingId)).toBe('expired');
    expect(await stripeStatus(left.sessionId)).toBe('expired');
    expect(await day(date)).toEqual({ taken: 4, held: 4 });
    // Again (a second tab, the webhook first): still ended, nothing given back twice.
    expect((await cancel(left.sessionId)).status).toBe(200);
    expect(await day(date)).toEqual({ taken: 4, held: 4 });

    const next = await startCheckout(d);
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(await day(date)).toEqual({ taken: 5, held: 5 });
  });

  it('12 checkouts racing for one day: the hold itself is the bound (5 hold, 7 are told to try again), not the early check', async () => {
    const d = 55;
    const all = await Promise.all(Array.from({ length: 12 }, () => startCheckout(d)));
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of all.filter((x) => x.status === 409)) expect(r.body.message).toMatch(/^Too many travellers are paying for .* Please try again after \d\d:\d\d\.$/);
    expect(await day(daysFromToday(d))).toEqual({ taken: 5, held: 5 });
  });

  it('a session id this app never issued, or a malformed one, ends nothing (404)', async () => {
    const d = 45;
    const mine = await startCheckout(d);
    expect(mine.status).toBe(201);
    for (const id of ['cs_test_made_up_0000000000', 'not-a-session', `${mine.body.sessionId}x`]) {
      const res = await cancel(id);
      expect(res.status, id).toBe(404);
    }
    expect(await bookingStatus(mine.body.bookingId)).toBe('pending_payment');
    expect(await day(daysFromToday(d))).toEqual({ taken: 1, held: 1 });
  });

  it('a paid checkout cannot be ended (409) and keeps its place', async () => {
    const d = 50;
    const res = await startCheckout(d);
    expect(res.status).toBe(201);
    const paid = await fetch(`${env.baseUrl}/_local/stripe/checkout/${res.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBeLessThan(400);
    const ended = await cancel(res.body.sessionId);
    expect(ended.status).toBe(409);
    expect(await bookingStatus(res.body.bookingId)).toBe('reservation');
    expect(await day(daysFromToday(d))).toEqual({ taken: 1, held: 0 });
  });
});
