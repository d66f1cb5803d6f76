/**
 * Reconcile, on a stack of its own: after payments, cancellations, a refund made in Stripe's
 * dashboard and a dashboard refund racing a cancellation, every booking's ledger agrees with Stripe (0 differences,
 * `npm run admin -- reconcile` exits 0); a ledger line tampered with in DynamoDB is reported with its booking's
 * reference, and the command exits 1.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../project-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../shared/records';
import { keys } from '../../functions/store/keys';
import { getItem, updateItem } from '../../functions/store/table';
import { reconcileBookings } from '../../functions/use-cases/booking/reconcile';
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
  testStack = await startTestStack('none', 'runway-reconcile-');
  env = testStack.env;
  owner = await createUser(env);
});

afterAll(() => testStack?.stop());

const api = <T = any>(method: string, p: string, body?: unknown) => request<T>(env.baseUrl, method, p, body, { authorization: owner.bearer });

async function paidBooking(paymentType: 'full' | 'deposit' = 'full'): Promise<{ bookingId: string; sessionId: string }> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(10), pickUpDate: daysFromToday(17) }), customer: customer({ email: owner.email }), paymentType });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const paid = await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return started.body;
}

const cancel = (bookingId: string) => api('POST', `/api/me/bookings/${bookingId}/cancellation`, {});
const dashboardRefund = (sessionId: string, amount?: number) => request(env.baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/refund${amount ? `?amount=${amount}` : ''}`);

/** Until every event the stand-in made is delivered and no refund line is pending (the worker's pass run between). */
async function quiet(ids: string[]): Promise<void> {
  const dir = path.join(env.dataDir, 'stripe', 'events');
  for (let i = 0; i < 100; i++) {
    await sendDueRefunds(() => new Date(Date.now() + 3 * 3_600_000));
    const undelivered = readdirSync(dir).filter((f) => f.endsWith('.json') && (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { deliveries: unknown[] }).deliveries.length === 0);
    const bookings = await Promise.all(ids.map((id) => getItem<Booking>(keys.booking(id), true)));
    if (undelivered.length === 0 && bookings.every((b) => !(b?.ledger ?? []).some((l) => l.status === 'pending'))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The refunds never settled');
}

/** `npm run admin -- reconcile` against this stack (tsx, a process of its own, as the npm script runs it): its exit code and what it printed. */
async function reconcileCommand(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), path.join(projectRoot, 'bin/admin.ts'), 'reconcile', '--data-dir', env.dataDir], { env: { ...process.env, STRIPE_SECRET_KEY: '', LOG_LEVEL: 'SILENT' } });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

describe('reconcile', () => {
  it('agrees with Stripe after payments, cancellations and dashboard refunds; reports a tampered ledger line', async () => {
    const plain = await paidBooking();
    const deposit = await paidBooking('deposit');
    const cancelled = await paidBooking();
    const dashboard = await paidBooking();
    const raced = await paidBooking();
    expect((await cancel(cancelled.bookingId)).status).toBe(200);
    expect((await cancel(deposit.bookingId)).status).toBe(200);
    expect((await dashboardRefund(dashboard.sessionId, 3000)).status).toBe(200);
    await Promise.all([dashboardRefund(raced.sessionId), cancel(raced.bookingId)]);
    const ids = [plain, deposit, cancelled, dashboard, raced].map((b) => b.bookingId);
    await quiet(ids);

    const clean = await reconcileBookings();
    expect(clean.differences).toEqual([]);
    expect(clean.checked).toBe(5);
    const command = await reconcileCommand();
    expect(command.out).toContain('5 paid bookings checked, 0 differences');
    expect(command.code).toBe(0);

    // Someone edits the cancelled booking's refund line by hand: $90 becomes $80.
    const victim = (await getItem<Booking>(keys.booking(cancelled.bookingId), true))!;
    const index = victim.ledger!.findIndex((l) => l.kind === 'refund');
    expect(victim.ledger![index]!.amountCents).toBe(-9000);
    await updateItem({ Key: keys.booking(cancelled.bookingId), UpdateExpression: `SET ledger[${index}].amountCents = :v`, ExpressionAttributeValues: { ':v': -8000 } });

    const found = await reconcileBookings();
    expect(found.differences.length).toBeGreaterThan(0);
    expect(new Set(found.differences.map((d) => d.reference))).toEqual(new Set([victim.bookingReference]));
    expect(found.differences).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'matches-stripe', ledger: expect.stringContaining('$80.00'), stripe: expect.stringContaining('$90.00') })]));
    const reported = await reconcileCommand();
    expect(reported.code).toBe(1);
    expect(reported.out).toContain(`${victim.bookingReference}: [matches-stripe] the ledger says`);
  });
});
