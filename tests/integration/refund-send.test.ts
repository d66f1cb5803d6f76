/**
 * One send of a pending refund line (sendRefund, functions/use-cases/booking/refund.ts), called as the refund worker
 * calls it, against the shared DynamoDB and the Stripe stand-in's refund faults (set per payment, so other files'
 * refunds are untouched). Each booking is a real $110 checkout, paid and cancelled ten days out by its owner while
 * Stripe is down, which leaves one pending $90 line and its request (attempt 1). Then: Stripe answering makes the
 * refund once and records it; refusing fails the line, never recording it as made; no answer puts it off with a
 * growing wait and fails it after the last attempt; an answer lost after Stripe refunded is found on the next send,
 * not paid twice. A booking whose balance was paid online has two payments: the refund goes to the one with room for
 * it, else it is split across them (a line per payment, each its own Stripe refund), matching Stripe. Stripe's 409 and 429 are no answer either. Where the
 * sender must be the one that records a refund (made, found after a lost answer, absorbed by a dashboard refund), the
 * stand-in holds the payment's refund events, so the webhook neither records it nor kicks a send first; a dashboard
 * refund racing a send is made from inside Stripe's refund call. After each test its payments' faults are switched off
 * and their held events delivered, and a booking given another payment intent gets its own back, so the shared stack's
 * books agree with Stripe when the run ends. refund-durability.test.ts drives the worker's whole pass on a stack of its own.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type Stripe from 'stripe';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../functions/store/keys';
import { splitLineId } from '../../functions/use-cases/booking/refund-ledger';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, customer, env, item, quote } from './payment-support';
import { tableClient } from '../support/stack-with-users';

let owner: TestUser;
let admin: TestUser;
let refunds: typeof import('../../functions/use-cases/booking/refund');
let reconcile: typeof import('../../functions/use-cases/booking/reconcile');
let logger: typeof import('../../functions/lib/logger').logger;
/** The DynamoDB client the sender's store uses (the same module instance), to make one of its calls fail. */
let senderDb: import('@aws-sdk/lib-dynamodb').DynamoDBDocumentClient;
/** The Stripe client the sender uses (the same module instance), to watch or delay its refund calls. */
let stripe: Stripe;

beforeAll(async () => {
  process.env.TABLE_NAME = env.tableName;
  process.env.DYNAMODB_ENDPOINT = env.dynamodbEndpoint;
  process.env.STRIPE_STANDIN_URL = env.baseUrl;
  refunds = await import('../../functions/use-cases/booking/refund');
  reconcile = await import('../../functions/use-cases/booking/reconcile');
  ({ logger } = await import('../../functions/lib/logger'));
  senderDb = (await import('../../functions/lib/aws')).dynamo();
  stripe = await (await import('../../functions/lib/stripe')).stripeClient();
  [owners, admin] = await Promise.all([Promise.all([createUser(env), createUser(env), createUser(env)]), createUser(env, { admin: true })]);
});

/**
 * Each test's bookings belong to one of three customers in turn: a signed-in checkout spends its account's budget (30
 * in 10 minutes, functions/use-cases/limits/request-budgets.ts), and this file starts more checkouts than that.
 */
let owners: TestUser[];
let turn = 0;
beforeEach(() => {
  owner = owners[turn++ % owners.length]!;
});

/**
 * The payments whose refund faults or held refund events this test set: switched back after it, so the shared stack's
 * Stripe refunds and lists for every payment again and delivers the events it held (as Stripe's late webhooks come in
 * the end). Reconcile reads every payment's refunds when the integration run ends (tests/support/books-check.ts).
 */
const switched = new Set<string>();

afterEach(async () => {
  vi.restoreAllMocks();
  for (const sessionId of switched) {
    expect((await request(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refunds-ok`)).status).toBe(200);
    const sent = await request<{ deliveries?: { status: number }[] }>(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refund-events-sent`);
    expect(sent.status).toBe(200);
    for (const d of sent.body.deliveries ?? []) expect(d.status).toBe(200);
  }
  switched.clear();
});

const db = tableClient(env);

const api = (method: string, p: string, body?: unknown) => request(baseUrl, method, p, body, { authorization: owner.bearer });

const fault = async (sessionId: string, mode: 'down' | 'lose' | 'refuse' | 'conflict' | 'throttle' | 'ok') => {
  switched.add(sessionId);
  expect((await request(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refunds-${mode}`)).status).toBe(200);
};

/**
 * Holds the events of the payment's refunds at the stand-in (Stripe's webhooks running late), so the webhook neither
 * records a refund nor kicks a send before the send under test does; `sent` delivers the held ones.
 */
const refundEvents = async (sessionId: string, mode: 'held' | 'sent') => {
  switched.add(sessionId);
  const res = await request<{ deliveries?: { status: number }[] }>(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refund-events-${mode}`);
  expect(res.status).toBe(200);
  for (const d of res.body.deliveries ?? []) expect(d.status).toBe(200);
};

/** A refund made in Stripe's dashboard (no metadata), of `cents`, or of all that is left. */
const dashboardRefund = async (sessionId: string, cents?: number) => {
  expect((await request(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refund${cents ? `?amount=${cents}` : ''}`)).status).toBe(200);
};

/** The sender's clock in these tests: its settling is told from the webhook's (which runs on the real clock) by it. */
const LATER = new Date('2030-01-01T00:00:00.000Z');

/** A Stripe error as the SDK throws it: what the sender reads of it is its status and message. */
const stripeError = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

/**
 * Another sender of the line (the worker, on its clock LATER) that runs whole when `run` is called, from inside one of
 * Stripe's calls of the send under test; `outcome` is what its send returned.
 */
function otherSender(bookingId: string, lineId: string) {
  const other: { outcome?: string; run: () => Promise<void> } = {
    run: async () => {
      other.outcome = await refunds.sendRefund(bookingId, lineId, { attempts: 1, now: () => LATER });
    },
  };
  return other;
}

/** `call` (one of the Stripe client's methods, bound), with `before` run first: for the next call only, via mockImplementationOnce. */
const precededBy =
  <A extends unknown[], R>(before: () => Promise<unknown>, call: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    await before();
    return call(...args);
  };

/** The next refund call is made at Stripe (as the other sender's would be), and then this sender's call is refused with `message`. */
function madeThenRefused(message: string) {
  const real = stripe.refunds.create.bind(stripe.refunds);
  vi.spyOn(stripe.refunds, 'create').mockImplementationOnce(async (...args: Parameters<typeof real>) => {
    await real(...args);
    throw stripeError(400, message);
  });
}

/** The log line staff find a failed refund by, written once for each failure the RefundsFailed alarm counts (as the RefundFailures metric). */
const failedLogs = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter((c) => c[0] === 'Refund failed').map((c) => c[1]);

/** What Stripe (the stand-in) holds: the refunds of the session's payment. */
const atStripe = (sessionId: string): { id: string; amount: number; metadata: Record<string, string> }[] =>
  ((JSON.parse(readFileSync(path.join(env.dataDir, 'stripe', 'sessions', `${sessionId}.json`), 'utf8')) as { refunds?: { refund: { id: string; amount: number; metadata: Record<string, string> } }[] }).refunds ?? []).map((r) => r.refund);

type Line = { id: string; kind: string; status?: string; amountCents: number; refundId?: string; settledAt?: string };
const lineOf = async (bookingId: string): Promise<Line> => ((await item(keys.booking(bookingId)))!.ledger as Line[]).find((l) => l.kind === 'refund')!;
const queued = async (lineId: string) => (await item(keys.refundRequest(lineId))) as { attempts: number; nextAttemptAt: string } | undefined;

/**
 * Writes the payment intent the booking names (null: none), as data changed by hand; the tests that do put the real
 * one back when done, so the shared stack's books still agree with Stripe.
 */
const setPaymentIntent = (bookingId: string, paymentIntent: string | null) =>
  db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(bookingId), UpdateExpression: 'SET payment.paymentIntent = :pi', ExpressionAttributeValues: { ':pi': paymentIntent } }));
const paymentIntentOf = async (bookingId: string) => (await item(keys.booking(bookingId)))!.payment.paymentIntent as string;

/** What reconcile finds on the booking: its ledger against Stripe's payments and refunds, and the books' rules. */
const differences = async (bookingId: string) => reconcile.bookingDifferences((await item(keys.booking(bookingId))) as import('../../shared/records').Booking, []);

/** The owner's $110 booking ten days out, paid in full at its checkout. */
async function paidInFull(): Promise<{ bookingId: string; sessionId: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(10), pickUpDate: daysFromToday(17) }), customer: customer({ email: owner.email }), paymentType: 'full' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { bookingId, sessionId } = started.body as { bookingId: string; sessionId: string };
  expect((await fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  return { bookingId, sessionId };
}

/** A paid $110 booking cancelled ten days out while Stripe is down: one pending -$90 line, attempt 1 made. */
async function pendingRefund(): Promise<{ bookingId: string; sessionId: string; line: Line }> {
  const { bookingId, sessionId } = await paidInFull();
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

  it("records the refund it made itself, at its own time, and logs it once, while Stripe's events are late", async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'ok');
    const info = vi.spyOn(logger, 'info');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1, now: () => LATER })).toBe('succeeded');
    const made = atStripe(sessionId);
    expect(made.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[9000, line.id]]);
    // Settled by the sender (its clock), not by a second look at Stripe's list (the real clock).
    const settled = { status: 'succeeded', refundId: made[0]!.id, amountCents: -9000, settledAt: LATER.toISOString() };
    expect(await lineOf(bookingId)).toMatchObject(settled);
    expect(await queued(line.id)).toBeUndefined();
    expect(info.mock.calls.filter((c) => c[0] === 'Refund made').map((c) => c[1])).toEqual([{ bookingId, ledgerLine: line.id, refundId: made[0]!.id, amountCents: 9000, askedCents: 9000 }]);
    // The late events find it recorded: nothing changes, the booking holds the $20 kept.
    await refundEvents(sessionId, 'sent');
    expect(await lineOf(bookingId)).toMatchObject(settled);
    expect((await item(keys.booking(bookingId)))!.payment).toMatchObject({ amountPaidCents: 2000 });
  });

  it('refuses it: the line is failed, never recorded as made, and leaves the queue', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    const ledgerBefore = (await item(keys.booking(bookingId)))!.ledger as Line[];
    await fault(sessionId, 'refuse');
    const error = vi.spyOn(logger, 'error');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('failed');
    const failed = await lineOf(bookingId);
    expect([failed.status, failed.refundId, typeof failed.settledAt]).toEqual(['failed', undefined, 'string']);
    // Only the refund's line changed: every other line of the booking's ledger is as it was.
    const ledgerAfter = (await item(keys.booking(bookingId)))!.ledger as Line[];
    expect(ledgerBefore.length).toBeGreaterThan(1);
    expect(ledgerAfter.filter((l) => l.id !== line.id)).toEqual(ledgerBefore.filter((l) => l.id !== line.id));
    expect(ledgerAfter.map((l) => l.id)).toEqual(ledgerBefore.map((l) => l.id));
    expect(await queued(line.id)).toBeUndefined();
    expect(atStripe(sessionId)).toEqual([]);
    // Once, with Stripe's reason: the alarm counts it, and staff read why.
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: 9000, attempts: 2, reason: 'This charge has been disputed and cannot be refunded.', refused: true }]);
  });

  it('an answer lost after Stripe refunded: the next send finds that refund and records it without paying again', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    // Held, so the webhook does not record it first: the next send must find it at Stripe itself.
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'lose');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('retry');
    expect(atStripe(sessionId)).toHaveLength(1);
    expect((await lineOf(bookingId)).status).toBe('pending');
    await fault(sessionId, 'ok');
    const create = vi.spyOn(stripe.refunds, 'create');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2 })).toBe('succeeded');
    expect(create).not.toHaveBeenCalled();
    const made = atStripe(sessionId);
    expect(made.map((r) => r.amount)).toEqual([9000]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: made[0]!.id, amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
  });

  it('an answer lost, and the refund then failed at Stripe (a closed card): the next send fails the line, sending nothing', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'lose');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('retry');
    const lost = atStripe(sessionId)[0]!;
    expect((await request(baseUrl, 'POST', `/_local/stripe/refunds/${lost.id}/fail`)).status).toBe(200);
    await fault(sessionId, 'ok');
    const create = vi.spyOn(stripe.refunds, 'create');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2 })).toBe('failed');
    expect(create).not.toHaveBeenCalled();
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', refundId: lost.id, amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
    expect(atStripe(sessionId)).toHaveLength(1);
  });

  it('a 409 (a request with the same idempotency key in progress) and a 429 (rate limited) are no answer: put off, not failed', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    const error = vi.spyOn(logger, 'error');
    const warn = vi.spyOn(logger, 'warn');
    await fault(sessionId, 'conflict');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1, now: () => LATER })).toBe('retry');
    expect(await queued(line.id)).toMatchObject({ attempts: 2, nextAttemptAt: '2030-01-01T00:04:00.000Z' });
    await fault(sessionId, 'throttle');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2, now: () => LATER })).toBe('retry');
    expect(await queued(line.id)).toMatchObject({ attempts: 3, nextAttemptAt: '2030-01-01T00:08:00.000Z' });
    expect((await lineOf(bookingId)).status).toBe('pending');
    expect(atStripe(sessionId)).toEqual([]);
    expect(failedLogs(error)).toEqual([]);
    // What the logs say of each: the attempt and Stripe's reason.
    expect(warn.mock.calls.filter((c) => c[0] === 'Refund not confirmed yet; it will be sent again').map((c) => c[1])).toEqual([
      { bookingId, ledgerLine: line.id, attempts: 2, reason: expect.stringMatching(/^There is currently another in-progress request using this idempotent key/) },
      { bookingId, ledgerLine: line.id, attempts: 3, reason: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.' },
    ]);
    // Stripe answers again: the refund is made once.
    await fault(sessionId, 'ok');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 3 })).toBe('succeeded');
    expect(atStripe(sessionId).map((r) => r.amount)).toEqual([9000]);
  });
});

describe("a refund made in Stripe's dashboard meanwhile", () => {
  it('paid it all before the send: nothing is sent, the line is settled at $0 (absorbed) and says why', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'ok');
    await dashboardRefund(sessionId);
    const info = vi.spyOn(logger, 'info');
    const create = vi.spyOn(stripe.refunds, 'create');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1, now: () => LATER })).toBe('absorbed');
    expect(create).not.toHaveBeenCalled();
    expect(atStripe(sessionId).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[11000, undefined]]);
    const settled = await lineOf(bookingId);
    expect(settled).toMatchObject({ status: 'succeeded', amountCents: 0, askedCents: 9000, settledAt: LATER.toISOString() });
    expect((settled as Line & { note: string }).note).toMatch(/; not sent: refunded in Stripe instead$/);
    expect(await queued(line.id)).toBeUndefined();
    expect(info.mock.calls.filter((c) => c[0] === 'Refund not sent: a refund made in Stripe paid it').map((c) => c[1])).toEqual([{ bookingId, ledgerLine: line.id, askedCents: 9000 }]);
    // The dashboard's events, delivered late, record its $110: the booking holds nothing.
    await refundEvents(sessionId, 'sent');
    expect((await item(keys.booking(bookingId)))!.payment).toMatchObject({ amountPaidCents: 0 });
  });

  /** Sends the line while each of Stripe's first `times` refund calls is preceded by a dashboard refund of $50. */
  async function sendRacingDashboard(sessionId: string, bookingId: string, lineId: string, times: number) {
    const real = stripe.refunds.create.bind(stripe.refunds);
    let raced = 0;
    const create = vi.spyOn(stripe.refunds, 'create').mockImplementation(async (...args: Parameters<typeof real>) => {
      if (raced++ < times) await dashboardRefund(sessionId, 5000);
      return real(...args);
    });
    const outcome = await refunds.sendRefund(bookingId, lineId, { attempts: 1, now: () => LATER });
    return { outcome, sent: create.mock.calls.map((c) => c[0]!.amount) };
  }

  it('took part of it while the send was on its way: refused, looked at again, and the rest sent', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'ok');
    const { outcome, sent } = await sendRacingDashboard(sessionId, bookingId, line.id, 1);
    expect(outcome).toBe('succeeded');
    // $90 refused (only $60 was left), then the $40 the dashboard's $50 left of it.
    expect(sent).toEqual([9000, 4000]);
    const made = atStripe(sessionId);
    expect(made.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[5000, undefined], [4000, line.id]]);
    const settled = await lineOf(bookingId);
    expect(settled).toMatchObject({ status: 'succeeded', amountCents: -4000, askedCents: 9000, refundId: made[1]!.id, settledAt: LATER.toISOString() });
    expect((settled as Line & { note: string }).note).toMatch(/; \$50\.00 of it refunded in Stripe instead$/);
    await refundEvents(sessionId, 'sent');
    expect((await item(keys.booking(bookingId)))!.payment).toMatchObject({ amountPaidCents: 2000 });
  });

  it("made earlier, and then Stripe refuses: sent once, failed with Stripe's reason (nothing changed, so not sent again)", async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'refuse');
    await dashboardRefund(sessionId, 2000);
    const error = vi.spyOn(logger, 'error');
    const create = vi.spyOn(stripe.refunds, 'create');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('failed');
    // The line gave way to the $20: $70 asked, once.
    expect(create.mock.calls.map((c) => c[0]!.amount)).toEqual([7000]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: -9000 });
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: 9000, attempts: 2, reason: 'This charge has been disputed and cannot be refunded.', refused: true }]);
  });

  it('took more each time it was sent: refused twice, the line is failed for staff', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'ok');
    const error = vi.spyOn(logger, 'error');
    const { outcome, sent } = await sendRacingDashboard(sessionId, bookingId, line.id, 2);
    expect(outcome).toBe('failed');
    expect(sent).toEqual([9000, 4000]);
    expect(atStripe(sessionId).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[5000, undefined], [5000, undefined]]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: 9000, attempts: 2, reason: 'Refused twice as Stripe refunds changed', refused: true }]);
  });
});

describe('a booking without a payment intent', () => {
  it('fails the line at once, asking Stripe nothing', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await fault(sessionId, 'ok');
    const paidWith = await paymentIntentOf(bookingId);
    await setPaymentIntent(bookingId, null);
    const error = vi.spyOn(logger, 'error');
    const list = vi.spyOn(stripe.refunds, 'list');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('failed');
    expect(list).not.toHaveBeenCalled();
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
    expect(atStripe(sessionId)).toEqual([]);
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: 9000, attempts: 2, reason: 'The booking has no payment intent to refund', refused: true }]);
    // Its payment put back: a failed line is money still owed, and the books agree with Stripe.
    await setPaymentIntent(bookingId, paidWith);
    expect(await differences(bookingId)).toEqual([]);
  });
});

describe("Stripe refusing to list the payment's refunds", () => {
  it('(no such payment) fails the line at once with its reason, sending nothing and not putting it off', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await fault(sessionId, 'ok');
    const gone = `pi_gone_${line.id.slice(0, 8)}`;
    const paidWith = await paymentIntentOf(bookingId);
    await setPaymentIntent(bookingId, gone);
    const error = vi.spyOn(logger, 'error');
    const create = vi.spyOn(stripe.refunds, 'create');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('failed');
    expect(create).not.toHaveBeenCalled();
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: 9000, attempts: 2, reason: `No such payment_intent: '${gone}'`, refused: true }]);
    await setPaymentIntent(bookingId, paidWith);
    expect(await differences(bookingId)).toEqual([]);
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
    const error = vi.spyOn(logger, 'error');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 7 })).toBe('failed');
    expect((await lineOf(bookingId)).status).toBe('failed');
    // Never answered, not refused: the alarm's log says which.
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: 9000, attempts: 8, reason: 'An error occurred with our connection to Stripe.', refused: false }]);
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
async function refundedWhileStripeDown(cancel: (bookingId: string) => Promise<void>, before?: (paid: Awaited<ReturnType<typeof paidTwice>>) => Promise<void>) {
  const paid = await paidTwice();
  await before?.(paid);
  await fault(paid.depositSession, 'down');
  await fault(paid.balanceSession, 'down');
  await cancel(paid.bookingId);
  const pending = (await ledgerOf(paid.bookingId)).filter((l) => l.kind === 'refund' && l.status === 'pending');
  expect(pending).toHaveLength(1);
  const line = pending[0]!;
  await fault(paid.depositSession, 'ok');
  await fault(paid.balanceSession, 'ok');
  return { ...paid, line };
}

const ledgerOf = async (bookingId: string) => (await item(keys.booking(bookingId)))!.ledger as Line[];

/** An admin's cancellation refunding `dollars`. */
const adminCancel = (dollars: number) => async (bookingId: string) => {
  const cancelled = await request(baseUrl, 'POST', `/api/admin/bookings/${bookingId}/cancellation`, { refund: dollars, reason: 'Flight cancelled by the airline' }, { authorization: admin.bearer });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
};

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

  it('a $110 refund no single payment can take is split: $100 to the balance payment, $10 to the deposit, each its own line, settled, matching Stripe', async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(110));
    expect([line.status, line.amountCents]).toEqual(['pending', -11000]);

    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    const part = splitLineId(line.id, 2);
    expect(atStripe(balanceSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[10000, line.id]]);
    expect(atStripe(depositSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[1000, part]]);
    const lines = (await ledgerOf(bookingId)).filter((l) => l.kind === 'refund');
    expect(lines.map((l) => [l.id, l.status, l.amountCents, l.refundId])).toEqual([
      [line.id, 'succeeded', -10000, atStripe(balanceSession)[0]!.id],
      [part, 'succeeded', -1000, atStripe(depositSession)[0]!.id],
    ]);
    expect([await queued(line.id), await queued(part)]).toEqual([undefined, undefined]);
    expect((await item(keys.booking(bookingId)))!.payment).toMatchObject({ amountPaidCents: 0 });
    expect(await differences(bookingId)).toEqual([]);
  });

  it('counts the refunds a payment already has: after a $95 dashboard refund on the $100 balance payment, a $12 refund is split, $10 to the deposit and $2 to the balance payment', async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(12), (paid) => dashboardRefund(paid.balanceSession, 9500));
    expect(line.amountCents).toBe(-1200);

    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    expect(atStripe(depositSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[1000, line.id]]);
    expect(atStripe(balanceSession).map((r) => [r.amount, r.metadata.ledgerLine ?? null])).toEqual([[9500, null], [200, splitLineId(line.id, 2)]]);
    expect((await ledgerOf(bookingId)).filter((l) => l.kind === 'refund' && l.status === 'succeeded').map((l) => l.amountCents)).toEqual([-9500, -1000, -200]);
    expect(await differences(bookingId)).toEqual([]);
  });

  it("a refund made in Stripe's dashboard on the balance payment is recorded, as one on the deposit is", async () => {
    const { bookingId, balanceSession } = await paidTwice();
    await dashboardRefund(balanceSession, 3000);
    const b = (await item(keys.booking(bookingId)))!;
    expect((b.ledger as Line[]).filter((l) => l.kind === 'refund').map((l) => [l.amountCents, l.status])).toEqual([[-3000, 'succeeded']]);
    expect(b.payment).toMatchObject({ amountPaidCents: 8000 });
  });

  it("a $10 refund goes to the $10 deposit, the first payment with room for all of it; not while the balance payment's refunds cannot be listed", async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(10));
    expect([line.status, line.amountCents]).toEqual(['pending', -1000]);
    await fault(balanceSession, 'down');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1, now: () => LATER })).toBe('retry');
    expect(await queued(line.id)).toMatchObject({ attempts: 2 });
    expect([atStripe(depositSession), atStripe(balanceSession)]).toEqual([[], []]);

    await fault(balanceSession, 'ok');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2 })).toBe('succeeded');
    expect(atStripe(depositSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[1000, line.id]]);
    expect(atStripe(balanceSession)).toEqual([]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', amountCents: -1000 });
  });

  it("counts the deposit's own refunds too: after a $2 dashboard refund on the $10 deposit, a $9 refund goes to the balance payment", async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(9), (paid) => dashboardRefund(paid.depositSession, 200));
    expect(line.amountCents).toBe(-900);

    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    expect(atStripe(depositSession).map((r) => r.amount)).toEqual([200]);
    expect(atStripe(balanceSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[900, line.id]]);
  });

  it('a refund that failed at Stripe gives its room back: after a failed $95 dashboard refund on the balance payment, a $12 refund goes there', async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(12), async (paid) => {
      await dashboardRefund(paid.balanceSession, 9500);
      const [dashboard] = atStripe(paid.balanceSession);
      expect((await request(baseUrl, 'POST', `/_local/stripe/refunds/${dashboard!.id}/fail`)).status).toBe(200);
    });
    expect(line.amountCents).toBe(-1200);

    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    expect(atStripe(depositSession)).toEqual([]);
    expect(atStripe(balanceSession).map((r) => [r.amount, r.metadata.ledgerLine ?? null])).toEqual([[9500, null], [1200, line.id]]);
  });

  /** The $90 refund sent to the balance payment, refunded there and its answer lost, its events held. */
  async function lostOnBalance() {
    const sent = await refundedWhileStripeDown(async (id) => {
      expect((await api('POST', `/api/me/bookings/${id}/cancellation`, {})).status).toBe(200);
    });
    await refundEvents(sent.balanceSession, 'held');
    await fault(sent.balanceSession, 'lose');
    expect(await refunds.sendRefund(sent.bookingId, sent.line.id, { attempts: 1 })).toBe('retry');
    const lost = atStripe(sent.balanceSession);
    expect(lost.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[9000, sent.line.id]]);
    await fault(sent.balanceSession, 'ok');
    return { ...sent, lost: lost[0]! };
  }

  it('an answer lost on the balance payment: the next send finds the refund there and records it, sending nothing', async () => {
    const { bookingId, depositSession, balanceSession, line, lost } = await lostOnBalance();
    const create = vi.spyOn(stripe.refunds, 'create');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2, now: () => LATER })).toBe('succeeded');
    expect(create).not.toHaveBeenCalled();
    expect(atStripe(depositSession)).toEqual([]);
    expect(atStripe(balanceSession).map((r) => r.id)).toEqual([lost.id]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: lost.id, amountCents: -9000, settledAt: LATER.toISOString() });
    expect(await queued(line.id)).toBeUndefined();
  });

  it('an answer lost on the balance payment, and that refund then failed: the next send fails the line, sending nothing', async () => {
    const { bookingId, depositSession, balanceSession, line, lost } = await lostOnBalance();
    expect((await request(baseUrl, 'POST', `/_local/stripe/refunds/${lost.id}/fail`)).status).toBe(200);
    const create = vi.spyOn(stripe.refunds, 'create');
    const error = vi.spyOn(logger, 'error');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2 })).toBe('failed');
    expect(create).not.toHaveBeenCalled();
    expect(atStripe(depositSession)).toEqual([]);
    expect(atStripe(balanceSession)).toHaveLength(1);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: 9000, attempts: 3, reason: 'Refund failed at Stripe', refused: true }]);
  });

  it("the first payment's amount cannot be read: no answer puts the send off; Stripe refusing fails the line, sending nothing", async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(90));
    const retrieve = vi.spyOn(stripe.paymentIntents, 'retrieve').mockRejectedValueOnce(stripeError(500, 'An error occurred with our connection to Stripe.'));
    const create = vi.spyOn(stripe.refunds, 'create');
    const error = vi.spyOn(logger, 'error');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1, now: () => LATER })).toBe('retry');
    expect(await queued(line.id)).toMatchObject({ attempts: 2, nextAttemptAt: '2030-01-01T00:04:00.000Z' });
    expect((await lineOf(bookingId)).status).toBe('pending');

    retrieve.mockRejectedValueOnce(stripeError(404, "No such payment_intent: 'pi_moved'"));
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2 })).toBe('failed');
    expect(create).not.toHaveBeenCalled();
    expect([atStripe(depositSession), atStripe(balanceSession)]).toEqual([[], []]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: line.amountCents });
    expect(await queued(line.id)).toBeUndefined();
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: -line.amountCents, attempts: 3, reason: "No such payment_intent: 'pi_moved'", refused: true }]);
  });

  it("Stripe's dashboard refunded both payments in full before the send: no payment has room, so the line is failed for staff, sending nothing", async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(90));
    await refundEvents(depositSession, 'held');
    await refundEvents(balanceSession, 'held');
    await dashboardRefund(depositSession);
    await dashboardRefund(balanceSession);
    const create = vi.spyOn(stripe.refunds, 'create');
    const error = vi.spyOn(logger, 'error');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('failed');
    expect(create).not.toHaveBeenCalled();
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: -9000 });
    expect(failedLogs(error)).toEqual([{ bookingId, ledgerLine: line.id, amountCents: 9000, attempts: 2, reason: 'No payment of the booking has that much left to refund', refused: true }]);
  });

  it('absorbed by another sender while this one was reading the payments: settled once, by that sender, and logged once', async () => {
    const { bookingId, depositSession, line } = await refundedWhileStripeDown(adminCancel(10));
    await refundEvents(depositSession, 'held');
    await dashboardRefund(depositSession, 1000);
    // The worker's send runs whole while this one waits for Stripe.
    const other = otherSender(bookingId, line.id);
    vi.spyOn(stripe.paymentIntents, 'retrieve').mockImplementationOnce(precededBy(other.run, stripe.paymentIntents.retrieve.bind(stripe.paymentIntents)));
    const info = vi.spyOn(logger, 'info');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('settled-elsewhere');
    expect(other.outcome).toBe('absorbed');
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', amountCents: 0, askedCents: 1000, settledAt: LATER.toISOString() });
    expect(info.mock.calls.filter((c) => c[0] === 'Refund not sent: a refund made in Stripe paid it')).toHaveLength(1);
  });
});

describe('a refund split across the payments', () => {
  it("an admin's $105 part refund of a $10 deposit and a $100 balance paid online: $100 and $5 back, the booking $5, matching Stripe", async () => {
    const { bookingId, depositSession, balanceSession } = await paidTwice();
    const detail = await request<{ part_refund_max: number }>(baseUrl, 'GET', `/api/admin/bookings/${bookingId}`, undefined, { authorization: admin.bearer });
    expect(detail.body.part_refund_max).toBe(110);
    const res = await request(baseUrl, 'POST', `/api/admin/bookings/${bookingId}/refunds`, { amount: 105, reason: 'Shuttle late', version: (await item(keys.booking(bookingId)))!.updatedAt }, { authorization: admin.bearer });
    expect([res.status, (res.body as { refund?: number }).refund], JSON.stringify(res.body)).toEqual([201, 105]);
    expect(atStripe(balanceSession).map((r) => r.amount)).toEqual([10000]);
    expect(atStripe(depositSession).map((r) => r.amount)).toEqual([500]);
    const b = (await item(keys.booking(bookingId)))!;
    expect((b.ledger as Line[]).filter((l) => l.kind === 'refund').map((l) => [l.status, l.amountCents])).toEqual([['succeeded', -10000], ['succeeded', -500]]);
    expect([b.totalCents, b.payment.amountPaidCents, b.payment.balanceDueCents]).toEqual([500, 500, 0]);
    expect(await differences(bookingId)).toEqual([]);
  });

  it('no answer after the split: both lines stay pending with their requests; sent again (as the worker does), each is made once', async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(110));
    const create = vi.spyOn(stripe.refunds, 'create').mockRejectedValue(stripeError(500, 'An error occurred with our connection to Stripe.'));
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1, now: () => LATER })).toBe('retry');
    const part = splitLineId(line.id, 2);
    const pending = (await ledgerOf(bookingId)).filter((l) => l.kind === 'refund');
    expect(pending.map((l) => [l.id, l.status, l.amountCents])).toEqual([[line.id, 'pending', -10000], [part, 'pending', -1000]]);
    expect(await queued(line.id)).toMatchObject({ attempts: 2 });
    expect(await queued(part)).toBeDefined();
    expect([atStripe(depositSession), atStripe(balanceSession)]).toEqual([[], []]);
    // Held and owed as before the split: nothing is a difference while the refunds wait.
    expect((await item(keys.booking(bookingId)))!.payment).toMatchObject({ amountPaidCents: 0 });
    expect(await differences(bookingId)).toEqual([]);

    create.mockRestore();
    expect(await refunds.sendRefund(bookingId, part, { attempts: 1 })).toBe('succeeded');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 2 })).toBe('succeeded');
    // Sent again: nothing more at Stripe.
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 3 })).toBe('settled-elsewhere');
    expect(atStripe(balanceSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[10000, line.id]]);
    expect(atStripe(depositSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[1000, part]]);
    expect((await ledgerOf(bookingId)).filter((l) => l.kind === 'refund').map((l) => l.status)).toEqual(['succeeded', 'succeeded']);
    expect([await queued(line.id), await queued(part)]).toEqual([undefined, undefined]);
    expect(await differences(bookingId)).toEqual([]);
  });

  it('two senders at once: split once, each part made once at Stripe', async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(110));
    // The worker's send runs whole (split, both parts sent) while this one reads the first payment: this one then
    // finds the line's refund on the balance payment, settled by the other.
    const other = otherSender(bookingId, line.id);
    vi.spyOn(stripe.paymentIntents, 'retrieve').mockImplementationOnce(precededBy(other.run, stripe.paymentIntents.retrieve.bind(stripe.paymentIntents)));
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('settled-elsewhere');
    expect(other.outcome).toBe('succeeded');
    expect(atStripe(balanceSession).map((r) => r.amount)).toEqual([10000]);
    expect(atStripe(depositSession).map((r) => r.amount)).toEqual([1000]);
    expect((await ledgerOf(bookingId)).filter((l) => l.kind === 'refund').map((l) => [l.status, l.amountCents])).toEqual([['succeeded', -10000], ['succeeded', -1000]]);
    expect(await differences(bookingId)).toEqual([]);
  });

  it('the other sender sends the split line while this one sends it too: one refund for it at Stripe (its key), the part once', async () => {
    const { bookingId, depositSession, balanceSession, line } = await refundedWhileStripeDown(adminCancel(110));
    // This one has split the line and is sending its $100 when the worker sends the same (now aimed) line.
    const other = otherSender(bookingId, line.id);
    vi.spyOn(stripe.refunds, 'create').mockImplementationOnce(precededBy(other.run, stripe.refunds.create.bind(stripe.refunds)));
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    expect(other.outcome).toBe('succeeded');
    expect(atStripe(balanceSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[10000, line.id]]);
    expect(atStripe(depositSession).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[1000, splitLineId(line.id, 2)]]);
    expect(await differences(bookingId)).toEqual([]);
  });
});

describe('two senders at once (the first send and the worker)', () => {
  it('both made it: one refund at Stripe (the same idempotency key), the line settled once, by the first to finish, and logged once', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'ok');
    const other = otherSender(bookingId, line.id);
    vi.spyOn(stripe.refunds, 'create').mockImplementationOnce(precededBy(other.run, stripe.refunds.create.bind(stripe.refunds)));
    const info = vi.spyOn(logger, 'info');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    expect(other.outcome).toBe('succeeded');
    const made = atStripe(sessionId);
    expect(made.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[9000, line.id]]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: made[0]!.id, amountCents: -9000, settledAt: LATER.toISOString() });
    expect(info.mock.calls.filter((c) => c[0] === 'Refund made')).toHaveLength(1);
  });

  it('both refused: the line is failed once, by the first to finish, and the alarm counts it once', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await fault(sessionId, 'refuse');
    const other = otherSender(bookingId, line.id);
    vi.spyOn(stripe.refunds, 'create').mockImplementationOnce(precededBy(other.run, stripe.refunds.create.bind(stripe.refunds)));
    const error = vi.spyOn(logger, 'error');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('settled-elsewhere');
    expect(other.outcome).toBe('failed');
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: -9000, settledAt: LATER.toISOString() });
    expect(await queued(line.id)).toBeUndefined();
    expect(failedLogs(error)).toHaveLength(1);
  });

  it("refused because the other sender's refund took the payment: found at the second look and recorded, not failed", async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await refundEvents(sessionId, 'held');
    await fault(sessionId, 'ok');
    // The other sender's refund is made; this one's call is then refused, as Stripe refuses a refund of a refunded charge.
    madeThenRefused('Charge has already been refunded.');
    const error = vi.spyOn(logger, 'error');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    const made = atStripe(sessionId);
    expect(made.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[9000, line.id]]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: made[0]!.id, amountCents: -9000 });
    expect(await queued(line.id)).toBeUndefined();
    expect(failedLogs(error)).toEqual([]);
  });
});

describe('two senders at once, on a refund smaller than the payment', () => {
  /** A paid $110 booking an admin cancelled, refunding `dollars`, while Stripe was down: one pending line. */
  async function pendingAdminRefund(dollars: number) {
    const { bookingId, sessionId } = await paidInFull();
    await fault(sessionId, 'down');
    await adminCancel(dollars)(bookingId);
    const line = await lineOf(bookingId);
    expect([line.status, line.amountCents]).toEqual(['pending', -dollars * 100]);
    await fault(sessionId, 'ok');
    return { bookingId, sessionId, line };
  }

  it("refused for its key (the other sender's $10 refund was made with it): found at the second look and recorded, though the payment has room left", async () => {
    const { bookingId, sessionId, line } = await pendingAdminRefund(10);
    await refundEvents(sessionId, 'held');
    madeThenRefused('Keys for idempotent requests can only be used with the same parameters they were first used with.');
    const error = vi.spyOn(logger, 'error');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('succeeded');
    const made = atStripe(sessionId);
    expect(made.map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[1000, line.id]]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'succeeded', refundId: made[0]!.id, amountCents: -1000 });
    expect(failedLogs(error)).toEqual([]);
  });

  it("failed by the other sender while this one listed the payment's refunds: left as that one settled it", async () => {
    const { bookingId, sessionId, line } = await pendingAdminRefund(10);
    await fault(sessionId, 'refuse');
    const real = stripe.refunds.list.bind(stripe.refunds);
    const other = otherSender(bookingId, line.id);
    // The other sender runs whole while this one's listing is on its way (the sender pages through the list).
    vi.spyOn(stripe.refunds, 'list').mockImplementationOnce(
      (...args: Parameters<typeof real>) =>
        ({ autoPagingToArray: precededBy(other.run, (options: { limit: number }) => real(...args).autoPagingToArray(options)) }) as unknown as ReturnType<typeof real>,
    );
    const create = vi.spyOn(stripe.refunds, 'create');
    expect(await refunds.sendRefund(bookingId, line.id, { attempts: 1 })).toBe('settled-elsewhere');
    expect(other.outcome).toBe('failed');
    // Only the other sender asked Stripe.
    expect(create).toHaveBeenCalledTimes(1);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'failed', amountCents: -1000, settledAt: LATER.toISOString() });
  });
});

describe('the first send, right after the change that wrote the line', () => {
  it('a store error on the way (DynamoDB throttling): the change stands, the line and its request wait for the worker, and the log says so', async () => {
    const { bookingId, sessionId, line } = await pendingRefund();
    await fault(sessionId, 'ok');
    const booking = (await item(keys.booking(bookingId))) as unknown as Parameters<typeof refunds.refund>[0];
    const send = vi.spyOn(senderDb, 'send').mockImplementationOnce(() => Promise.reject(Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), { name: 'ThrottlingException' })));
    const warn = vi.spyOn(logger, 'warn');
    await expect(refunds.refund(booking, line as Parameters<typeof refunds.refund>[1])).resolves.toBeUndefined();
    expect(send).toHaveBeenCalled();
    expect(warn.mock.calls.filter((c) => c[0] === 'Refund left to the worker').map((c) => c[1])).toEqual([{ bookingId, ledgerLine: line.id, error: 'Rate of requests exceeds the allowed throughput.' }]);
    expect(await lineOf(bookingId)).toMatchObject({ status: 'pending', amountCents: -9000 });
    expect(await queued(line.id)).toMatchObject({ attempts: 1 });
    expect(atStripe(sessionId)).toEqual([]);
    // The store answers again: the same first send makes the refund.
    await refunds.refund(booking, line as Parameters<typeof refunds.refund>[1]);
    expect(atStripe(sessionId).map((r) => [r.amount, r.metadata.ledgerLine])).toEqual([[9000, line.id]]);
    expect((await lineOf(bookingId)).status).toBe('succeeded');
  });
});
