/**
 * Reconcile checks our books against themselves as well as Stripe, on a stack of its own (it reads all of it). Healthy
 * bookings of every kind (paid in full, a deposit with its balance paid online, one cancelled, a walk-in paid cash)
 * report nothing. Then each kind of inconsistency is written straight into the table, each on a booking of its own,
 * and reconcile names each booking with the rule it breaks; the command prints them and exits 1, and so does the check
 * the integration run ends with (tests/support/books-check.ts), which also fails the run when reconcile cannot run.
 */
import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../project-paths';
import { addDays, nzToday } from '../../shared/nz-time';
import type { Booking, LedgerLine } from '../../shared/records';
import { keys } from '../../functions/store/keys';
import { getItem, updateItem } from '../../functions/store/table';
import { forgetPassSigningKey, passTokenFor } from '../../functions/lib/pass-token';
import { reconcileBookings, type ReconcileDifference } from '../../functions/use-cases/booking/reconcile';
import { ensurePassSigningKey } from '../../local/pass-key';
import { daysFromToday } from '../support/dates';
import { startTestStack, type TestEnv, type TestStack } from '../support/global-setup';
import { request } from '../support/http';
import { booksAgreeAfterTheSuite } from '../support/books-check';
import { moneySettled, standInAt } from '../support/stand-in';
import { createUser, type TestUser } from '../support/users';
import { customer, quote, uniquePhone } from './payment-support';

let testStack: TestStack;
let env: TestEnv;
let staff: TestUser;
let stripe: ReturnType<typeof standInAt>;

beforeAll(async () => {
  testStack = await startTestStack('none', 'runway-reconcile-books-');
  env = testStack.env;
  process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
  forgetPassSigningKey();
  stripe = standInAt(env.baseUrl);
  staff = await createUser(env, { staff: true });
});

afterAll(() => testStack?.stop());

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(env.baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const booking = async (id: string) => (await getItem<Booking>(keys.booking(id), true))!;
const set = (id: string, expression: string, values: Record<string, unknown>) => updateItem({ Key: keys.booking(id), UpdateExpression: expression, ExpressionAttributeValues: values });

/** A paid $30.00 booking (3 days, nothing added), in full or by the $10.00 deposit; its id, session and pass token. */
async function paid(paymentType: 'full' | 'deposit'): Promise<{ id: string; sessionId: string; token: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(22), carWash: false }), customer: customer(), paymentType });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect((await stripe.payOnPage(started.body.sessionId)).status).toBe(303);
  return { id: started.body.bookingId, sessionId: started.body.sessionId, token: await passTokenFor(started.body.bookingId) };
}

async function walkInPaidCash(): Promise<string> {
  const res = await api(
    'POST',
    '/api/admin/walk-ins',
    { name: `Tama Books${randomInt(1e6)}`, email: `walkin-books-${randomUUID().slice(0, 8)}@example.com`, contact_number: uniquePhone(), car_registration: `BK${randomInt(1000, 9999)}`, pick_up_date: addDays(nzToday(new Date()), 3), pick_up_time: '10:00', payment: 'cash' },
    staff,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.booking_id as string;
}

/** `npm run admin -- reconcile` against this stack, as the npm script runs it: its exit code and what it printed. */
async function reconcileCommand(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), path.join(projectRoot, 'bin/admin.ts'), 'reconcile', '--data-dir', env.dataDir], { env: { ...process.env, STRIPE_SECRET_KEY: '', LOG_LEVEL: 'SILENT' } });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

/** The integration run's closing check (tests/support/books-check.ts) on this stack: its answer, what it printed, the exit code it set. */
async function suiteEndCheck(): Promise<{ ok: boolean; lines: string[]; exitCode: typeof process.exitCode }> {
  const lines: string[] = [];
  const before = process.exitCode;
  process.exitCode = undefined;
  try {
    const ok = await booksAgreeAfterTheSuite((line) => lines.push(line));
    return { ok, lines, exitCode: process.exitCode };
  } finally {
    process.exitCode = before;
  }
}

const rulesOf = (differences: readonly ReconcileDifference[], b: Booking) => [...new Set(differences.filter((d) => d.reference === b.bookingReference).map((d) => d.rule))];

describe('reconcile: the books against themselves', () => {
  it('reports nothing on healthy bookings, then each injected inconsistency by its booking and rule', async () => {
    // Healthy: paid in full; a deposit with the balance paid online; cancelled; a walk-in paid in cash.
    const full = await paid('full');
    const online = await paid('deposit');
    const balance = await api('POST', `/api/pass/${encodeURIComponent(online.token)}/balance-checkout`, {});
    expect(balance.status).toBe(201);
    expect((await stripe.payOnPage(balance.body.session_id)).status).toBe(303);
    const cancelled = await paid('full');
    expect((await api('POST', `/api/pass/${encodeURIComponent(cancelled.token)}/cancellation`, {})).status).toBe(200);
    const walkIn = await walkInPaidCash();
    // The bookings the inconsistencies go into, healthy for now.
    const [overPaid, overTotal, keptMore, openOnPaid, superseded, unrecorded, overRefunded, unknownPayment] = await Promise.all([paid('full'), paid('full'), paid('full'), paid('full'), paid('deposit'), paid('deposit'), paid('full'), paid('full')]);
    expect((await api('POST', `/api/pass/${encodeURIComponent(keptMore.token)}/cancellation`, {})).status).toBe(200);
    const open = await api('POST', `/api/pass/${encodeURIComponent(superseded.token)}/balance-checkout`, {});
    expect(open.status).toBe(201);
    const notRecorded = await api('POST', `/api/pass/${encodeURIComponent(unrecorded.token)}/balance-checkout`, {});
    expect(notRecorded.status).toBe(201);
    const all = [full, online, cancelled, overPaid, overTotal, keptMore, openOnPaid, superseded, unrecorded, overRefunded, unknownPayment].map((b) => b.id);
    await moneySettled(env.dataDir, [...all, walkIn]);

    const clean = await reconcileBookings();
    expect(clean.differences).toEqual([]);
    expect(clean.checked).toBe(12);
    // The check the integration run ends with passes them, and leaves the exit code alone.
    const passed = await suiteEndCheck();
    expect([passed.ok, passed.exitCode, passed.lines]).toEqual([true, undefined, [expect.stringMatching(/^Reconcile after the integration files: 12 bookings checked, 0 differences \(\d+\.\d s\)$/)]]);

    // ledger-sums-to-paid: what the booking says was paid moved without a ledger line.
    await set(overPaid.id, 'SET payment.amountPaidCents = :v', { ':v': 3500 });
    // paid-within-total: the total lowered under what is held, with no credit kept.
    await set(overTotal.id, 'SET totalCents = :v', { ':v': 2000 });
    // cancelled-keeps-policy: a cancelled booking takes a payment (the old balance path's hole), its ledger in step.
    const extra: LedgerLine = { id: randomUUID(), at: new Date().toISOString(), by: 'admin', kind: 'payment', amountCents: 2000, note: 'Paid in the yard: Cash', method: 'cash', takenBy: staff.email };
    const keptBefore = (await booking(keptMore.id)).payment!.amountPaidCents;
    await set(keptMore.id, 'SET payment.amountPaidCents = :v, ledger = list_append(ledger, :line)', { ':v': keptBefore + 2000, ':line': [extra] });
    // no-open-session: a fully paid booking says it has an open balance checkout; another's open session is not its own.
    await set(openOnPaid.id, 'SET balanceCheckout = :c', { ':c': { claimId: randomUUID(), state: 'open', claimedAt: new Date().toISOString(), amountCents: 500, sessionId: 'cs_test_injected', url: 'https://example.invalid', expiresAt: Math.floor(Date.now() / 1000) + 1800 } });
    await updateItem({ Key: keys.booking(superseded.id), UpdateExpression: 'REMOVE balanceCheckout' });
    // stripe-payment-recorded: Stripe takes a balance payment whose webhook never comes.
    await stripe.pay(notRecorded.body.session_id);
    // refund-within-payment: a refund line beyond the charge, what is held in step with it.
    const refund: LedgerLine = { id: randomUUID(), at: new Date().toISOString(), by: 'admin', kind: 'refund', amountCents: -4000, note: 'By hand', status: 'succeeded' };
    await set(overRefunded.id, 'SET payment.amountPaidCents = :v, ledger = :lines', { ':v': -1000, ':lines': [refund] });

    // matches-stripe: the booking names a payment Stripe never took (reported; the run goes on to the others).
    await set(unknownPayment.id, 'SET payment.paymentIntent = :v', { ':v': 'pi_test_unknowntostripe' });

    const report = await reconcileBookings();
    const of = async (b: { id: string }) => rulesOf(report.differences, await booking(b.id));
    expect(await of(overPaid)).toContain('ledger-sums-to-paid');
    expect(await of(overTotal)).toContain('paid-within-total');
    expect(await of(keptMore)).toEqual(['cancelled-keeps-policy']);
    expect(await of(openOnPaid)).toEqual(['no-open-session']);
    expect(await of(superseded)).toEqual(['no-open-session']);
    expect(await of(unrecorded)).toEqual(['stripe-payment-recorded']);
    expect(await of(overRefunded)).toContain('refund-within-payment');
    // (Stripe's real payment for it is then no booking's either: stripe-payment-recorded too.)
    expect(await of(unknownPayment)).toContain('matches-stripe');
    // The healthy ones are still clean.
    for (const b of [full, online, cancelled, { id: walkIn }]) expect(await of(b)).toEqual([]);

    const command = await reconcileCommand();
    expect(command.code).toBe(1);
    // The check the integration run ends with fails the run on them: exit code 1, each printed with its reference and rule.
    const failed = await suiteEndCheck();
    expect([failed.ok, failed.exitCode]).toEqual([false, 1]);
    expect(failed.lines[0]).toMatch(new RegExp(`^FAILED: reconcile found ${report.differences.length} differences in 12 bookings after the integration files \\(\\d+\\.\\d s\\):$`));
    for (const [b, rule] of [
      [overPaid, 'ledger-sums-to-paid'],
      [overTotal, 'paid-within-total'],
      [keptMore, 'cancelled-keeps-policy'],
      [openOnPaid, 'no-open-session'],
      [superseded, 'no-open-session'],
      [unrecorded, 'stripe-payment-recorded'],
      [overRefunded, 'refund-within-payment'],
      [unknownPayment, 'matches-stripe'],
    ] as const) {
      const reference = (await booking(b.id)).bookingReference;
      expect(command.out).toContain(`${reference}: [${rule}] `);
      expect(failed.lines.some((line) => line.startsWith(`  ${reference}: [${rule}] `))).toBe(true);
    }

    // A fault left on at Stripe (its refunds cannot be listed): reconcile cannot run, and the check fails the run too.
    expect((await stripe.refundsFault(full.sessionId, 'down')).status).toBe(200);
    try {
      const unreadable = await suiteEndCheck();
      expect([unreadable.ok, unreadable.exitCode]).toEqual([false, 1]);
      expect(unreadable.lines).toEqual([expect.stringMatching(/^FAILED: reconcile could not run over the integration stack after its files: /)]);
    } finally {
      expect((await stripe.refundsFault(full.sessionId, 'ok')).status).toBe(200);
    }
  });
});
