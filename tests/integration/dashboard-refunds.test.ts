/**
 * Refunds made in Stripe's dashboard racing the app's own, on a stack of its own. Each Stripe
 * refund is recorded once by its id from Stripe's list of the payment's refunds; what was paid is the charge less
 * Stripe's refunds, never negative; an outside refund lowers what the app still sends (the headroom rule); a refund
 * that fails later is undone; redelivered and reordered events change nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationMessages } from '../../shared/cancellation';
import type { LedgerLine } from '../../shared/records';
import { keys } from '../../functions/store/keys';
import { getItem } from '../../functions/store/table';
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
  testStack = await startTestStack('none', 'runway-dashboard-');
  env = testStack.env;
  owner = await createUser(env);
});

afterAll(() => testStack?.stop());

const api = <T = any>(method: string, p: string, body?: unknown) => request<T>(env.baseUrl, method, p, body, { authorization: owner.bearer });

interface Stored {
  status: string;
  payment: { amountPaidCents: number; paymentIntent: string };
  ledger?: LedgerLine[];
}

/** A paid booking of the owner's, 8 days ten days out with a car wash: $110.00 paid; cancelling gives $90 back. */
async function paidBooking(): Promise<{ bookingId: string; sessionId: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(10), pickUpDate: daysFromToday(17) }), customer: customer({ email: owner.email }), paymentType: 'full' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const paid = await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return started.body;
}

const stored = async (bookingId: string) => (await getItem<Stored>(keys.booking(bookingId), true))!;

/** What Stripe (the stand-in) holds for the session's payment. */
const stripeRefunds = (sessionId: string): { id: string; amount: number; status: string; metadata: Record<string, string> }[] =>
  ((JSON.parse(readFileSync(path.join(env.dataDir, 'stripe', 'sessions', `${sessionId}.json`), 'utf8')) as { refunds?: { refund: { id: string; amount: number; status: string; metadata: Record<string, string> } }[] }).refunds ?? []).map((r) => r.refund);
const stripeRefunded = (sessionId: string) => stripeRefunds(sessionId).filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);

/** The refund from Stripe's dashboard: what is left, or `amount` cents (the stand-in refuses more than is left). */
const dashboardRefund = (sessionId: string, amount?: number) => request<{ refundId: string; eventId: string; createdEventId: string }>(env.baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refund${amount ? `?amount=${amount}` : ''}`);

/** The customer cancels, and tries again when told the booking changed meanwhile (as the dialog asks them to). */
async function cancelAsCustomer(bookingId: string) {
  for (let i = 0; i < 10; i++) {
    const res = await api('POST', `/api/me/bookings/${bookingId}/cancellation`, {});
    if (res.status === 200) return res;
    expect(res.body.message, JSON.stringify(res.body)).toBe(cancellationMessages.stale);
  }
  throw new Error('The cancellation never landed');
}

/** The stand-in's events for a payment intent (one JSON file each), oldest first, with their deliveries. */
function eventsOf(paymentIntent: string): { id: string; type: string; deliveries: number }[] {
  const dir = path.join(env.dataDir, 'stripe', 'events');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { event: { id: string; type: string; created: number; data: { object: { payment_intent?: string } } }; deliveries: unknown[] })
    .filter((e) => e.event.data.object.payment_intent === paymentIntent && e.event.type !== 'checkout.session.completed')
    .sort((a, b) => a.event.created - b.event.created)
    .map((e) => ({ id: e.event.id, type: e.event.type, deliveries: e.deliveries.length }));
}

/**
 * Until nothing is in flight: every refund event delivered, the worker's pass run (its clock ahead, as its schedule
 * would be), no line pending. A bounded wait on the data, not on time.
 */
async function settled(bookingId: string, sessionId: string): Promise<Stored> {
  for (let i = 0; i < 100; i++) {
    await sendDueRefunds(() => new Date(Date.now() + 3 * 3_600_000));
    const b = await stored(bookingId);
    const quiet = eventsOf(b.payment.paymentIntent).every((e) => e.deliveries > 0);
    if (quiet && !(b.ledger ?? []).some((l) => l.status === 'pending') && stripeRefunds(sessionId).every((r) => (b.ledger ?? []).some((l) => l.refundId === r.id))) return b;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Booking ${bookingId} never settled`);
}

const refundLines = (b: Stored) => (b.ledger ?? []).filter((l) => l.kind === 'refund');

function expectAgreesWithStripe(b: Stored, sessionId: string) {
  const atStripe = stripeRefunds(sessionId);
  // Every Stripe refund on the ledger exactly once, by its id.
  for (const r of atStripe) expect(refundLines(b).filter((l) => l.refundId === r.id), `refund ${r.id}`).toHaveLength(1);
  // What was paid: the charge less Stripe's refunds, never negative.
  expect(b.payment.amountPaidCents).toBe(11000 - stripeRefunded(sessionId));
  expect(b.payment.amountPaidCents).toBeGreaterThanOrEqual(0);
  // The ledger's refunds (the app's, as sent, and the outside ones) are Stripe's.
  expect(refundLines(b).filter((l) => l.status !== 'failed').reduce((sum, l) => sum - l.amountCents, 0)).toBe(stripeRefunded(sessionId));
}

describe("a refund in Stripe's dashboard while the customer cancels", () => {
  // $110 paid, ten days out: the terms give $90 back. The dashboard refunds all that is left, or $50.
  const races = Array.from({ length: 10 }, (_, i) => ({ dashboard: i % 2 === 0 ? undefined : 5000, dashboardFirst: i < 5, label: `race ${i + 1}: the dashboard refunds ${i % 2 === 0 ? 'what is left' : '$50'}, started ${i < 5 ? 'before' : 'after'} the cancellation` }));
  it.each(races)('$label: each refund once, paid = charge less refunds, no failed line, total = the larger', async ({ dashboard, dashboardFirst }) => {
    const { bookingId, sessionId } = await paidBooking();
    const both = [() => dashboardRefund(sessionId, dashboard), () => cancelAsCustomer(bookingId)];
    await Promise.all((dashboardFirst ? both : both.reverse()).map((go) => go()));
    const b = await settled(bookingId, sessionId);
    expect(b.status).toBe('cancelled');
    expectAgreesWithStripe(b, sessionId);
    expect(refundLines(b).filter((l) => l.status === 'failed')).toEqual([]);
    // max(the terms' $90, the dashboard's) capped by the $110 charge.
    expect(stripeRefunded(sessionId)).toBe(dashboard === undefined ? 11000 : 9000);
    // The dashboard's refunds are marked as made outside the app.
    const outside = stripeRefunds(sessionId).filter((r) => !r.metadata.ledgerLine);
    for (const r of outside) expect(refundLines(b).find((l) => l.refundId === r.id)).toMatchObject({ outside: true, by: 'system', note: 'Refunded in Stripe', status: 'succeeded' });
  });
});

describe('events again, in another order', () => {
  it('redelivering every refund event of a settled race, newest first, changes nothing', async () => {
    const { bookingId, sessionId } = await paidBooking();
    await Promise.all([cancelAsCustomer(bookingId), dashboardRefund(sessionId, 5000)]);
    const before = await settled(bookingId, sessionId);
    const events = eventsOf(before.payment.paymentIntent);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['charge.refunded', 'refund.created']));
    for (const e of [...events].reverse()) expect((await request(env.baseUrl, 'POST', `/_local/stripe/events/${e.id}/deliver`)).body).toMatchObject({ status: 200 });
    expect(await stored(bookingId)).toEqual(before);
  });
});

describe('refund.updated: a refund that fails after Stripe made it', () => {
  it('a dashboard refund that fails: its line is failed and the money is held again, once', async () => {
    const { bookingId, sessionId } = await paidBooking();
    const made = await dashboardRefund(sessionId, 3000);
    expect(made.status).toBe(200);
    expect((await stored(bookingId)).payment.amountPaidCents).toBe(8000);
    const failed = await request<{ eventId: string }>(env.baseUrl, 'POST', `/_local/stripe/refunds/${made.body.refundId}/fail`);
    expect(failed.body).toMatchObject({ delivery: { status: 200 } });
    const b = await stored(bookingId);
    expect(refundLines(b)).toEqual([expect.objectContaining({ refundId: made.body.refundId, outside: true, status: 'failed', amountCents: -3000 })]);
    expect(b.payment.amountPaidCents).toBe(11000);
    expect((await request(env.baseUrl, 'POST', `/_local/stripe/events/${failed.body.eventId}/deliver`)).body).toMatchObject({ status: 200 });
    expect(await stored(bookingId)).toEqual(b);
    // With the dashboard refund undone, cancelling gives the terms' full $90.
    expect((await cancelAsCustomer(bookingId)).body.refund).toBe(90);
  });

  it("the app's own refund failing later: the line is failed and still owed (what is held does not go back up)", async () => {
    const { bookingId, sessionId } = await paidBooking();
    await cancelAsCustomer(bookingId);
    const made = await settled(bookingId, sessionId);
    const line = refundLines(made)[0]!;
    expect(line).toMatchObject({ status: 'succeeded', amountCents: -9000 });
    const failed = await request(env.baseUrl, 'POST', `/_local/stripe/refunds/${line.refundId}/fail`);
    expect(failed.body).toMatchObject({ delivery: { status: 200 } });
    const b = await stored(bookingId);
    expect(refundLines(b)).toEqual([expect.objectContaining({ id: line.id, refundId: line.refundId, status: 'failed', amountCents: -9000 })]);
    expect(b.payment.amountPaidCents).toBe(2000);
  });
});
