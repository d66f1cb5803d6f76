/**
 * Refunds that cannot be lost: a cancellation writes its refund line `pending` with a refund
 * request in the same transaction; the request that made it sends it at once, and the refund worker sends what is
 * left, with the line's id as Stripe's idempotency key, until Stripe answers. Driven through the Stripe stand-in's
 * refund faults on a stack of its own (the worker is called here with a clock ahead of time, as its schedule would).
 * - an outage: the line stays pending (never 'made', never 'failed') and the worker makes it once Stripe is back;
 * - an answer lost after Stripe refunded (a crash or a timeout): the worker's resend gets the same refund back, so
 *   the card is refunded once;
 * - Stripe refusing: the line is failed at once, not recorded as made;
 * - no answer, attempt after attempt: failed after the last attempt, with nothing left in the queue.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishCountedMetrics } from '../../functions/lib/metrics';
import { keys } from '../../functions/store/keys';
import { refundQueue } from '../../functions/store/refund-requests';
import { getItem } from '../../functions/store/table';
import { MAX_REFUND_ATTEMPTS } from '../../functions/use-cases/booking/refund';
import { sendDueRefunds } from '../../functions/use-cases/booking/refund-worker';
import { daysFromToday } from '../support/dates';
import { startTestStack, type TestEnv, type TestStack } from '../support/global-setup';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { customer, quote } from './payment-support';

let testStack: TestStack;
let env: TestEnv;
let owner: TestUser;

beforeAll(async () => {
  testStack = await startTestStack('none', 'runway-refunds-');
  env = testStack.env;
  owner = await createUser(env);
});

afterAll(() => testStack?.stop());

const api = <T = any>(method: string, p: string, body?: unknown) => request<T>(env.baseUrl, method, p, body, { authorization: owner.bearer });

/** A paid booking of the owner's, 8 started days ten days out with a car wash: $110.00 paid in full. */
async function paidBooking(): Promise<{ bookingId: string; sessionId: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(10), pickUpDate: daysFromToday(17) }), customer: customer({ email: owner.email }), paymentType: 'full' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const paid = await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return started.body;
}

const refundFault = async (sessionId: string, mode: 'down' | 'lose' | 'refuse' | 'ok') => {
  const res = await request(env.baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refunds-${mode}`);
  expect(res.status).toBe(200);
};

/** What Stripe (the stand-in) holds: the refunds of the session's payment. */
const stripeRefunds = (sessionId: string): { id: string; amount: number; metadata: Record<string, string> }[] =>
  ((JSON.parse(readFileSync(path.join(env.dataDir, 'stripe', 'sessions', `${sessionId}.json`), 'utf8')) as { refunds?: { refund: { id: string; amount: number; metadata: Record<string, string> } }[] }).refunds ?? []).map((r) => r.refund);

async function refundLine(bookingId: string) {
  const booking = await getItem<{ ledger: { id: string; at: string; kind: string; status?: string; amountCents: number; refundId?: string }[] }>(keys.booking(bookingId), true);
  const lines = booking!.ledger.filter((l) => l.kind === 'refund');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

const queued = async (lineId: string) => (await getItem<{ attempts: number }>(keys.refundRequest(lineId), true)) ?? undefined;
const hoursAhead = (h: number) => () => new Date(Date.now() + h * 3_600_000);

describe('a refund survives Stripe being away', () => {
  it('an outage: the line stays pending, then the worker makes the refund once Stripe answers', async () => {
    const { bookingId, sessionId } = await paidBooking();
    await refundFault(sessionId, 'down');
    const cancelled = await api('POST', `/api/me/bookings/${bookingId}/cancellation`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // $110.00 paid, 10 days ahead: everything less the $20 fee goes back.
    const pending = await refundLine(bookingId);
    expect([pending.status, pending.amountCents]).toEqual(['pending', -9000]);
    expect((await queued(pending.id))?.attempts).toBe(1);
    expect(stripeRefunds(sessionId)).toEqual([]);

    // Still down an hour later: still pending, one more attempt counted.
    await sendDueRefunds(hoursAhead(1));
    expect((await refundLine(bookingId)).status).toBe('pending');
    expect((await queued(pending.id))?.attempts).toBe(2);

    await refundFault(sessionId, 'ok');
    const pass = await sendDueRefunds(hoursAhead(3));
    expect(pass.succeeded).toBeGreaterThanOrEqual(1);
    const made = await refundLine(bookingId);
    const atStripe = stripeRefunds(sessionId);
    expect(atStripe.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[9000, pending.id]]);
    expect([made.status, made.refundId]).toEqual(['succeeded', atStripe[0]!.id]);
    expect(await queued(pending.id)).toBeUndefined();

    // Nothing left to send: another pass changes nothing.
    await sendDueRefunds(hoursAhead(6));
    expect(stripeRefunds(sessionId)).toHaveLength(1);
  });

  it('an answer lost after Stripe refunded (a crash, a timeout): the resend gets the same refund, the card is refunded once', async () => {
    const { bookingId, sessionId } = await paidBooking();
    await refundFault(sessionId, 'lose');
    expect((await api('POST', `/api/me/bookings/${bookingId}/cancellation`, {})).status).toBe(200);
    const pending = await refundLine(bookingId);
    // Pending, unless Stripe's refund events (sent although the answer was lost) settled it from Stripe's list already.
    expect(['pending', 'succeeded']).toContain(pending.status);
    expect(stripeRefunds(sessionId)).toHaveLength(1);

    await refundFault(sessionId, 'ok');
    await sendDueRefunds(hoursAhead(1));
    const atStripe = stripeRefunds(sessionId);
    expect(atStripe.map((r) => r.amount)).toEqual([9000]);
    expect(await refundLine(bookingId)).toMatchObject({ status: 'succeeded', refundId: atStripe[0]!.id });
    expect(await queued(pending.id)).toBeUndefined();
  });

  it('Stripe refusing the refund: the line is failed at once, never recorded as made', async () => {
    const { bookingId, sessionId } = await paidBooking();
    await refundFault(sessionId, 'refuse');
    expect((await api('POST', `/api/me/bookings/${bookingId}/cancellation`, {})).status).toBe(200);
    const line = await refundLine(bookingId);
    expect([line.status, line.refundId]).toEqual(['failed', undefined]);
    expect(await queued(line.id)).toBeUndefined();
    expect(stripeRefunds(sessionId)).toEqual([]);
  });

  it(`no answer at all: failed after ${MAX_REFUND_ATTEMPTS} attempts, nothing left in the queue`, async () => {
    expect(MAX_REFUND_ATTEMPTS).toBe(8);
    const { bookingId, sessionId } = await paidBooking();
    await refundFault(sessionId, 'down');
    expect((await api('POST', `/api/me/bookings/${bookingId}/cancellation`, {})).status).toBe(200);
    const line = await refundLine(bookingId);
    // The request's own send was attempt 1; each later pass, a day on, is one more.
    for (let day = 1; day < 8; day++) await sendDueRefunds(hoursAhead(24 * day));
    expect((await refundLine(bookingId)).status).toBe('failed');
    expect(await queued(line.id)).toBeUndefined();
    expect(stripeRefunds(sessionId)).toEqual([]);
  });

  it('each pass reports the age of the oldest refund in flight, due or not, for the "pending too long" alarm', async () => {
    const { bookingId, sessionId } = await paidBooking();
    await refundFault(sessionId, 'down');
    expect((await api('POST', `/api/me/bookings/${bookingId}/cancellation`, {})).status).toBe(200);
    const line = await refundLine(bookingId);
    // Its next attempt is minutes away: in flight, not due.
    const now = await refundQueue(new Date(Date.parse(line.at) + 1000));
    expect([now.oldestCreatedAt, now.due.map((r) => r.lineId)]).toEqual([line.at, []]);
    expect((await refundQueue(hoursAhead(1)())).due.map((r) => r.lineId)).toEqual([line.id]);

    // What the worker writes for the alarm (an EMF line where the stack names a namespace): an hour after it was asked for.
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'RunwayParking/test');
    const written: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    try {
      await sendDueRefunds(() => new Date(Date.parse(line.at) + 3_600_000));
      publishCountedMetrics();
    } finally {
      out.mockRestore();
      vi.unstubAllEnvs();
    }
    const emf = written.join('').split('\n').filter((l) => l.includes('OldestPendingRefundAge')).map((l) => JSON.parse(l) as { OldestPendingRefundAge: number });
    // (The local stack's own worker loop runs in this process too and may report its pass, seconds after the request.)
    expect(emf.flatMap((m) => m.OldestPendingRefundAge)).toContain(3600);

    await refundFault(sessionId, 'ok');
    await sendDueRefunds(hoursAhead(3));
    expect((await refundLine(bookingId)).status).toBe('succeeded');
    expect((await refundQueue(hoursAhead(3)())).oldestCreatedAt).toBeNull();
  });
});
