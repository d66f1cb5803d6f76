/**
 * Paying the balance online cannot take money a booking does not owe, on a stack of its own (reconcile reads all of
 * it): the tester's three ways in, replayed. Ten balance checkouts at once make one payable session; a session
 * superseded by a staff payment is withdrawn, and one paid anyway is kept only up to what is due, the rest refunded
 * with a line that says why; a session paid after the booking was cancelled by its pass is refunded whole. After each,
 * reconcile finds nothing: the books agree with Stripe and with themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, LedgerLine } from '../../shared/records';
import { keys } from '../../functions/store/keys';
import { getItem } from '../../functions/store/table';
import { forgetPassSigningKey, passTokenFor } from '../../functions/lib/pass-token';
import { reindex } from '../../functions/maintenance/reindex';
import { reconcileBookings } from '../../functions/use-cases/booking/reconcile';
import { cancelBooking } from '../../functions/use-cases/booking/cancel-booking';
import { cancellationMessages } from '../../shared/cancellation';
import { ensurePassSigningKey } from '../../local/pass-key';
import { daysFromToday } from '../support/dates';
import { startTestStack, type TestEnv, type TestStack } from '../support/global-setup';
import { request } from '../support/http';
import { moneySettled, standInAt } from '../support/stand-in';
import { createUser, type TestUser } from '../support/users';
import { customer, quote } from './payment-support';

let testStack: TestStack;
let env: TestEnv;
let staff: TestUser;
let admin: TestUser;
let stripe: ReturnType<typeof standInAt>;
const made: string[] = [];

beforeAll(async () => {
  testStack = await startTestStack('none', 'runway-balance-races-');
  env = testStack.env;
  process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
  forgetPassSigningKey();
  stripe = standInAt(env.baseUrl);
  staff = await createUser(env, { staff: true });
  admin = await createUser(env, { admin: true });
});

afterAll(() => testStack?.stop());

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(env.baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const booking = async (id: string) => (await getItem<Booking>(keys.booking(id), true))!;
const linesOf = (b: Booking, kind: LedgerLine['kind']) => (b.ledger ?? []).filter((l) => l.kind === kind);

/** A $30.00 booking (3 days, nothing added) paid by the $10.00 deposit: $20.00 due. Its pass token. */
async function depositBooking(days = 20): Promise<{ id: string; token: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(days), pickUpDate: daysFromToday(days + 2), carWash: false }), customer: customer(), paymentType: 'deposit' });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect((await stripe.payOnPage(started.body.sessionId)).status).toBe(303);
  const id = started.body.bookingId as string;
  expect((await booking(id)).payment).toMatchObject({ amountPaidCents: 1000, balanceDueCents: 2000 });
  expect((await booking(id)).totalCents).toBe(3000);
  made.push(id);
  return { id, token: await passTokenFor(id) };
}

const balanceByPass = (token: string) => api('POST', `/api/pass/${encodeURIComponent(token)}/balance-checkout`, {});
const cash = async (id: string, dollars: number) => {
  const res = await api('POST', `/api/admin/bookings/${id}/payments`, { amount: dollars, method: 'cash', version: (await booking(id)).updatedAt }, staff);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

/** After the refunds are sent: the booking's money, and what reconcile says of the whole stack. */
async function settledAndReconciled(id: string) {
  await moneySettled(env.dataDir, made);
  const b = await booking(id);
  const report = await reconcileBookings();
  expect(report.differences).toEqual([]);
  return b;
}

describe('ten balance checkouts at once', () => {
  it('make one payable session; every session answered, paid, leaves $30.00 paid and nothing taken twice', async () => {
    const { id, token } = await depositBooking();
    const answers = await Promise.all(Array.from({ length: 10 }, () => balanceByPass(token)));
    const created = answers.filter((a) => a.status === 201);
    // The losers answer the winner's session or a 409 the page shows, never a second session.
    for (const a of answers.filter((x) => x.status !== 201)) expect([a.status, a.body.message]).toEqual([409, 'Your payment page is being opened in another window. Please try again in a moment.']);
    expect(created.length).toBeGreaterThan(0);
    const sessions = [...new Set(created.map((a) => a.body.session_id as string))];
    expect(sessions).toHaveLength(1);
    expect(created.every((a) => a.body.amount === 20)).toBe(true);
    expect(await stripe.openSessionsOf(id)).toEqual(sessions);

    // The customer pays every session any answer named.
    for (const s of sessions) await stripe.payOnPage(s);
    const b = await settledAndReconciled(id);
    expect(b.payment).toMatchObject({ amountPaidCents: 3000, balanceDueCents: 0 });
    expect(linesOf(b, 'payment')).toHaveLength(1);
    expect(linesOf(b, 'refund')).toEqual([]);
    expect(await stripe.openSessionsOf(id)).toEqual([]);
  });
});

describe('a session superseded by a staff payment', () => {
  it('tab 1 opens $20.00, staff take $5.00 cash, tab 2 opens $15.00, both paid: tab 1 was withdrawn, $30.00 kept', async () => {
    const { id, token } = await depositBooking();
    const tab1 = await balanceByPass(token);
    expect(tab1.body.amount).toBe(20);
    await cash(id, 5);
    expect((await stripe.session(tab1.body.session_id)).status).toBe('expired');
    const tab2 = await balanceByPass(token);
    expect([tab2.status, tab2.body.amount]).toEqual([201, 15]);
    expect(tab2.body.session_id).not.toBe(tab1.body.session_id);
    expect((await stripe.payOnPage(tab1.body.session_id)).status).toBe(410);
    expect((await stripe.payOnPage(tab2.body.session_id)).status).toBe(303);
    const b = await settledAndReconciled(id);
    expect(b.payment).toMatchObject({ amountPaidCents: 3000, balanceDueCents: 0 });
    expect(linesOf(b, 'payment').map((l) => l.amountCents)).toEqual([500, 1500]);
  });

  it('tab 1 paid at Stripe as staff took the cash (its webhook late), tab 2 paid too: $30.00 kept, tab 1\'s $20.00 refunded as paid twice', async () => {
    const { id, token } = await depositBooking();
    const tab1 = await balanceByPass(token);
    const late = await stripe.pay(tab1.body.session_id);
    await cash(id, 5);
    const tab2 = await balanceByPass(token);
    expect(tab2.body.amount).toBe(15);
    expect((await stripe.payOnPage(tab2.body.session_id)).status).toBe(303);
    expect((await stripe.deliver(late.eventId)).status).toBe(200);

    const b = await settledAndReconciled(id);
    expect(b.payment).toMatchObject({ amountPaidCents: 3000, balanceDueCents: 0 });
    const tab1Payment = (await stripe.session(tab1.body.session_id)).payment_intent;
    expect(linesOf(b, 'payment').map((l) => l.amountCents)).toEqual([500, 1500, 2000]);
    expect(linesOf(b, 'refund')).toEqual([expect.objectContaining({ amountCents: -2000, status: 'succeeded', note: 'Balance paid twice: refunded', paymentIntent: tab1Payment, refundId: expect.stringMatching(/^re_/) })]);
  });

  it('tab 1 paid late after staff took $5.00: $15.00 of it kept, $5.00 refunded; tab 2, opened meanwhile, is withdrawn', async () => {
    const { id, token } = await depositBooking();
    const tab1 = await balanceByPass(token);
    const late = await stripe.pay(tab1.body.session_id);
    await cash(id, 5);
    const tab2 = await balanceByPass(token);
    expect((await stripe.deliver(late.eventId)).status).toBe(200);
    // Tab 1's payment moved what is due: tab 2's $15.00 no longer fits and cannot be paid.
    expect((await stripe.session(tab2.body.session_id)).status).toBe('expired');

    const b = await settledAndReconciled(id);
    expect(b.payment).toMatchObject({ amountPaidCents: 3000, balanceDueCents: 0 });
    expect(linesOf(b, 'refund')).toEqual([expect.objectContaining({ amountCents: -500, status: 'succeeded', note: 'Paid beyond the balance due: refunded' })]);
  });

  it('Stripe cannot expire the superseded session: the staff payment stands, and the session paid anyway is refunded beyond what is due', async () => {
    const { id, token } = await depositBooking();
    const tab1 = await balanceByPass(token);
    await stripe.expireDown(tab1.body.session_id);
    await cash(id, 20);
    expect((await stripe.session(tab1.body.session_id)).status).toBe('open');
    expect((await stripe.payOnPage(tab1.body.session_id)).status).toBe(303);
    const b = await settledAndReconciled(id);
    expect(b.payment).toMatchObject({ amountPaidCents: 3000, balanceDueCents: 0 });
    expect(linesOf(b, 'refund')).toEqual([expect.objectContaining({ amountCents: -2000, status: 'succeeded', note: 'Balance paid twice: refunded' })]);
  });
});

describe('a session on a booking cancelled by its pass', () => {
  it('the cancellation withdraws the open session; a new one is refused', async () => {
    const { id, token } = await depositBooking();
    const open = await balanceByPass(token);
    expect((await api('POST', `/api/pass/${encodeURIComponent(token)}/cancellation`, {})).status).toBe(200);
    expect((await stripe.session(open.body.session_id)).status).toBe('expired');
    expect((await stripe.payOnPage(open.body.session_id)).status).toBe(410);
    expect((await balanceByPass(token)).status).toBe(409);
    const b = await settledAndReconciled(id);
    expect(b.status).toBe('cancelled');
    expect(linesOf(b, 'payment')).toEqual([]);
  });

  it('paid at Stripe as the booking was cancelled: refunded whole, never kept by a cancelled booking', async () => {
    const { id, token } = await depositBooking();
    const open = await balanceByPass(token);
    const late = await stripe.pay(open.body.session_id);
    expect((await api('POST', `/api/pass/${encodeURIComponent(token)}/cancellation`, {})).status).toBe(200);
    const heldAtCancel = (await booking(id)).payment!.amountPaidCents;
    expect((await stripe.deliver(late.eventId)).status).toBe(200);

    const b = await settledAndReconciled(id);
    expect(b.status).toBe('cancelled');
    expect(b.payment!.amountPaidCents).toBe(heldAtCancel);
    expect(linesOf(b, 'payment')).toEqual([expect.objectContaining({ amountCents: 2000, sessionId: open.body.session_id })]);
    expect(linesOf(b, 'refund')).toContainEqual(expect.objectContaining({ amountCents: -2000, status: 'succeeded', note: 'Paid after the booking was cancelled: refunded' }));
  });

  it('Stripe cannot expire it at the cancellation: paid afterwards, it is refunded whole', async () => {
    const { id, token } = await depositBooking();
    const open = await balanceByPass(token);
    await stripe.expireDown(open.body.session_id);
    expect((await api('POST', `/api/pass/${encodeURIComponent(token)}/cancellation`, {})).status).toBe(200);
    const heldAtCancel = (await booking(id)).payment!.amountPaidCents;
    expect((await stripe.payOnPage(open.body.session_id)).status).toBe(303);
    const b = await settledAndReconciled(id);
    expect(b.payment!.amountPaidCents).toBe(heldAtCancel);
    expect(linesOf(b, 'refund')).toContainEqual(expect.objectContaining({ amountCents: -2000, status: 'succeeded', note: 'Paid after the booking was cancelled: refunded' }));
  });
});

describe("an admin's cancellation as a balance checkout is opened", () => {
  const staffCancel = { policy: { actor: 'staff' as const, refund: { refundCents: 1000, reason: 'Goodwill: flight cancelled' } }, by: 'admin' as const, staff: 'desk@example.com', from: ['reservation', 'checkin', 'payment_review'] as const };

  it('named no version: decided again on the booking as the checkout left it, the session withdrawn, $10.00 back', async () => {
    const { id, token } = await depositBooking();
    // The admin's read, then the customer's checkout lands before the admin's save.
    const read = await booking(id);
    const open = await balanceByPass(token);
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    expect((await booking(id)).updatedAt).not.toBe(read.updatedAt);

    const { booking: after, decision } = await cancelBooking(read, staffCancel);
    expect(after.status).toBe('cancelled');
    expect(decision.refundCents).toBe(1000);
    expect((await stripe.session(open.body.session_id)).status).toBe('expired');
    const b = await settledAndReconciled(id);
    expect(linesOf(b, 'refund')).toContainEqual(expect.objectContaining({ amountCents: -1000, status: 'succeeded' }));
  });

  it('named the version it read: refused as changed meanwhile, and the booking is left as it was', async () => {
    const { id, token } = await depositBooking();
    const read = await booking(id);
    expect((await balanceByPass(token)).status).toBe(201);
    const before = await booking(id);

    await expect(cancelBooking(read, { ...staffCancel, versioned: true })).rejects.toMatchObject({ message: cancellationMessages.stale });
    const res = await api('POST', `/api/admin/bookings/${id}/cancellation`, { refund: 10, reason: 'Goodwill: flight cancelled', version: read.updatedAt }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(await booking(id)).toEqual(before);
  });
});

describe('the re-index over every booking above', () => {
  it('finds nothing to mend: each balance paid online keeps its payment item, and the counters hold what was kept and refunded', async () => {
    expect(made.length).toBeGreaterThan(0);
    await moneySettled(env.dataDir, made);
    const pass = (await reindex({ dryRun: true })).passes[0]!;
    expect(pass.stats.changes, JSON.stringify(pass.stats.changes)).toEqual([]);
    expect(pass.bookings, JSON.stringify(pass.bookings)).toMatchObject({ rewritten: 0, indexKeys: 0 });
    expect(Object.values(pass.bookings.items).every((k) => k.put === 0 && k.deleted === 0), JSON.stringify(pass.bookings.items)).toBe(true);
  });
});
