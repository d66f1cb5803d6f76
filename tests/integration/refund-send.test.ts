/**
 * One send of a pending refund line (sendRefund, functions/use-cases/booking/refund.ts), called as the refund worker
 * calls it, against the shared DynamoDB and the Stripe stand-in's refund faults (set per payment, so other files'
 * refunds are untouched). Each booking is a real $110 checkout, paid and cancelled ten days out by its owner while
 * Stripe is down, which leaves one pending $90 line and its request (attempt 1). Then: Stripe answering makes the
 * refund once and records it; refusing fails the line, never recording it as made; no answer puts it off with a
 * growing wait and fails it after the last attempt; an answer lost after Stripe refunded is found on the next send,
 * not paid twice. A booking whose balance was paid online has two payments: the refund goes to the one with room for
 * it, else to the one with the most room, settled at what it took. refund-durability.test.ts drives the worker's
 * whole pass on a stack of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, customer, env, item, quote } from './payment-support';

let owner: TestUser;
let admin: TestUser;
let refunds: typeof import('../../functions/use-cases/booking/refund');

beforeAll(async () => {
  process.env.TABLE_NAME = env.tableName;
  process.env.DYNAMODB_ENDPOINT = env.dynamodbEndpoint;
  process.env.STRIPE_STANDIN_URL = env.baseUrl;
  refunds = await import('../../functions/use-cases/booking/refund');
  [owner, admin] = await Promise.all([createUser(env), createUser(env, { admin: true })]);
});

const api = (method: string, p: string, body?: unknown) => request(baseUrl, method, p, body, { authorization: owner.bearer });

const fault = async (sessionId: string, mode: 'down' | 'lose' | 'refuse' | 'ok') => {
  expect((await request(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refunds-${mode}`)).status).toBe(200);
};

/** What Stripe (the stand-in) holds: the refunds of the session's payment. */
const atStripe = (sessionId: string): { id: string; amount: number; metadata: Record<string, string> }[] =>
  ((JSON.parse(readFileSync(path.join(env.dataDir, 'stripe', 'sessions', `${sessionId}.json`), 'utf8')) as { refunds?: { refund: { id: string; amount: number; metadata: Record<string, string> } }[] }).refunds ?? []).map((r) => r.refund);

type Line = { id: string; kind: string; status?: string; amountCents: number; refundId?: string; settledAt?: string };
const lineOf = async (bookingId: string): Promise<Line> => ((await item(keys.booking(bookingId)))!.ledger as Line[]).find((l) => l.kind === 'refund')!;
const queued = async (lineId: string) => (await item(keys.refundRequest(lineId))) as { attempts: number; nextAttemptAt: string } | undefined;

/** A paid $110 booking cancelled ten days out while Stripe is down: one pending -$90 line, attempt 1 made. */
async function pendingRefund(): Promise<{ bookingId: string; sessionId: string; line: Line }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(10), pickUpDate: daysFromToday(17) }), customer: customer({ email: owner.email }), paymentType: 'full' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { bookingId, sessionId } = started.body as { bookingId: string; sessionId: string };
  expect((await fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  await fault(sessionId, 'down');
  expect((await api('POST', `/api/me/bookings/${bookingId}/cancellation`, {})).status).toBe(200);
  const line = await lineOf(bookingId);
  expect([line.status, line.amountCents]).toEqual(['pending', -9000]);
  expect((await queued(line.id))?.attempts).toBe(1);
  return { bookingId, sessionId, line };
}

describe('Stripe answers', () => {
  it('makes the refund once, for the line, and records it on the line; a second send finds nothing to do', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await fault(sessionId, 'ok');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    const made = atStripe(sessionId);
    expect(made.map((r) => [r.amount, r.metadata.ledgerLine, r.metadata.bookingId])).toEqual([[9000, line.id, bookingId]]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: made[0]!.id, amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
    expect(await refunds.sendRefund(bookingId, line.id)).toBe('settled-elsewhere');
    expect(atStripe(sessionId)).toHaveLength(1);
  });

  it('refuses it: the line is failed, never recorded as made, and leaves the queue', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await fault(sessionId, 'refuse');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('failed');
    const failed = await lineOf(bookingId);
    expect([failed.status, failed.refundId, typeof failed.settledAt]).toEqual(['failed', undefined, 'string']);
    expect(await queued(line.id)).toBeUndefined();
    expect(atStripe(sessionId)).toEqual([]);
  });

  it('an answer lost after Stripe refunded: the next send finds that refund and records it without paying again', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await fault(sessionId, 'lose');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('retry');
    expect(atStripe(sessionId)).toHaveLength(1);
    await fault(sessionId, 'ok');
    // Stripe's refund events, sent although the answer was lost, may have settled it from Stripe's list already.
    expect(['succeeded', 'settled-elsewhere']).toContain(await refunds.sendRefund(bookingId, line.id, { attempts: 2 }));
    const made = atStripe(sessionId);
    expect(made.map((r) => r.amount)).toEqual([9000]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: made[0]!.id });
  });
});

describe('Stripe does not answer', () => {
  it('puts the send off, longer each time, and fails the line at the 8th attempt; a webhook kick leaves the queue as it was', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    const now = new Date('2030-01-01T00:00:00.000Z');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1, now: () => now })).toBe('retry');
    // Attempt 2 failed: the third waits 4 minutes.
    expect(await queued(line.id)).toMatchObject({ attempts: 2, nextAttemptAt: '2030-01-01T00:04:00.000Z' });
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2, kick: true, now: () => now })).toBe('retry');
    expect(await queued(line.id)).toMatchObject({ attempts: 2, nextAttemptAt: '2030-01-01T00:04:00.000Z' });
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 6, now: () => now })).toBe('retry');
    // Attempt 7 failed: the eighth waits the longest, an hour.
    expect(await queued(line.id)).toMatchObject({ attempts: 7, nextAttemptAt: '2030-01-01T01:00:00.000Z' });
    expect((await lineOf(bookingId)).status).toBe('pending');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 7 })).toBe('failed');
    expect((await lineOf(bookingId)).status).toBe('failed');
    expect(await queued(line.id)).toBeUndefined();
    expect(atStripe(sessionId)).toEqual([]);
  });

  it('waits 2, 4, 8 ... minutes before attempts 1, 2, 3 ..., never more than an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => refunds.refundRetryDelayMs(n) / 60_000)).toEqual([2, 4, 8, 16, 32, 60, 60]);
  });
});

describe('a line that is not pending', () => {
  it('an unknown line or booking: nothing sent, its request dropped', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await fault(sessionId, 'ok');
    expect(await refunds.sendRefund(bookingId, '00000000-0000-4000-8000-000000000000')).toBe('settled-elsewhere');
    expect(await refunds.sendRefund('00000000-0000-4000-8000-000000000000', line.id)).toBe('settled-elsewhere');
    expect(await queued(line.id)).toBeUndefined();
    expect(atStripe(sessionId)).toEqual([]);
  });
});

/** The owner's $110 booking ten days out, paid by the $10 deposit and then its $100 balance online: two payments. */
async function paidTwice(): Promise<{ bookingId: string; depositSession: string; balanceSession: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(10), pickUpDate: daysFromToday(17) }), customer: customer({ email: owner.email }), paymentType: 'deposit' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { bookingId, sessionId: depositSession } = started.body as { bookingId: string; sessionId: string };
  expect((await fetch(`${baseUrl}/_local/stripe/checkout/${depositSession}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  const balance = await api('POST', `/api/me/bookings/${bookingId}/balance-checkout`, {});
  expect(balance.status, JSON.stringify(balance.body)).toBe(201);
  const balanceSession = (balance.body as { session_id: string }).session_id;
  expect((await fetch(`${baseUrl}/_local/stripe/checkout/${balanceSession}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  expect((await item(keys.booking(bookingId)))!.payment).toMatchObject({ amountPaidCents: 11000, balanceDueCents: 0 });
  return { bookingId, depositSession, balanceSession };
}

/**
 * A booking paid twice whose refund is asked for (`cancel`) while Stripe answers neither payment, so the refund stays a
 * pending line; Stripe then answers again, and the test sends the line itself.
 */
async function refundedWhileStripeDown(cancel: (bookingId: string) => Promise<void>) {
  const paid = await paidTwice();
  await fault(paid.depositSession, 'down');
  await fault(paid.balanceSession, 'down');
  await cancel(paid.bookingId);
  const line = await lineOf(paid.bookingId);
  await fault(paid.depositSession, 'ok');
  await fault(paid.balanceSession, 'ok');
  return { ...paid, line };
}

describe('a booking whose balance was paid online', () => {
  it('has two payments: the $90 refund goes to the $100 balance payment, the one with room for all of it, not the $10 deposit', async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(async (id) => {
      expect((await api('POST', `/api/me/bookings/${id}/cancellation`, {})).status).toBe(200);
    });
    expect([line.status, line.amountCents]).toEqual(['pending', -9000]);

    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    expect(atStripe(depositSession)).toEqual([]);
    const made = atStripe(balanceSession);
    expect(made.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[9000, line.id]]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: made[0]!.id, amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
  });

  it('a $110 refund no single payment can take: the $100 payment, the one with the most room, refunds $100 and the line is settled at that', async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(async (id) => {
      const cancelled = await request(baseUrl, 'POST', `/api/admin/bookings/${id}/cancellation`, { refund: 110, reason: 'Flight cancelled by the airline' }, { authorization: admin.bearer });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    });
    expect([line.status, line.amountCents]).toEqual(['pending', -11000]);

    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    expect(atStripe(depositSession)).toEqual([]);
    const made = atStripe(balanceSession);
    expect(made.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[10000, line.id]]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: made[0]!.id, amountCents: -10000 });
  });
});
