/**
 * The money policy through the HTTP API, on a stack of its own so the summary's
 * figures are exact: editing first no longer gets round the 48-hour rule (shorten then cancel, move the stay
 * out then cancel), staff refund above the terms only with a reason the ledger and history keep, the summary
 * shows revenue collected and due apart, and the cancellation e-mail states what was kept, why, and its GST.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { customer, quote } from './payment-support';
import { ownStackWithUsers } from '../support/stack-with-users';

const { env, db, users: { owner, admin } } = ownStackWithUsers('runway-money-', { owner: {}, admin: { admin: true } });

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(env.baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const stored = async (id: string) => (await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(id), ConsistentRead: true }))).Item as Record<string, any>;
const mine = async (id: string) => ((await api('GET', '/api/me/bookings', undefined, owner)).body.bookings as { id: string }[]).find((b) => b.id === id) as Record<string, any>;
const refundedCents = (b: Record<string, any>) => (b.ledger ?? []).filter((l: { kind: string }) => l.kind === 'refund').reduce((sum: number, l: { amountCents: number }) => sum - l.amountCents, 0);
const outbox = async (email: string) => (await request<StoredEmail[]>(env.baseUrl, 'GET', `/_local/outbox.json?to=${encodeURIComponent(email)}`)).body.filter((m) => m.to.includes(email));

/**
 * The owner's paid booking: drop-off `dropIn` days ahead at 09:00, pick-up `pickIn` days ahead at 11:00, no car
 * wash (10 days: $30 + 6 x $5 = $60), paid in full or by the $10 deposit.
 */
async function paid(dropIn: number, pickIn: number, paymentType: 'full' | 'deposit' = 'full'): Promise<string> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(dropIn), pickUpDate: daysFromToday(pickIn), carWash: false }), customer: customer({ email: owner.email }), paymentType }, owner);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const res = await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
  return started.body.bookingId as string;
}

const edit = async (id: string, body: Record<string, unknown>) => api('PATCH', `/api/me/bookings/${id}`, { ...body, version: (await stored(id)).updatedAt }, owner);
const cancel = (id: string) => api('POST', `/api/me/bookings/${id}/cancellation`, {}, owner);
const staffCancel = (id: string, body: Record<string, unknown>) => api('POST', `/api/admin/bookings/${id}/cancellation`, body, admin);

describe('the summary: revenue collected and due apart', () => {
  it('a full $60 and a $60 deposit booking: $120 revenue, $70 collected, $50 due; the deposit cancelled keeps its $10', async () => {
    const full = await paid(20, 29);
    const deposit = await paid(20, 29, 'deposit');
    const summary = async () => (await api('GET', '/api/admin/summary', undefined, admin)).body;
    expect(await summary()).toMatchObject({ total_bookings: 2, total_revenue: 120, revenue_collected: 70, revenue_due: 50 });

    expect((await cancel(deposit)).body.refund).toBe(0);
    expect(await summary()).toMatchObject({ total_revenue: 70, revenue_collected: 70, revenue_due: 0 });
    expect(full).toBeTruthy();
  });

  it("the deposit's cancellation e-mail says the $10 is the $20 fee, with GST on what was kept and no balance due", async () => {
    const id = await paid(15, 24, 'deposit');
    const terms = await api('GET', `/api/me/bookings/${id}/cancellation`, undefined, owner);
    expect(terms.body).toMatchObject({ cancellable: true, paid: 10, refund: 0, kept: 10, kept_reason: 'The $20 cancellation fee, 48 hours or more before drop-off' });
    expect((await cancel(id)).status).toBe(200);
    const reference = (await stored(id)).bookingReference as string;
    const mail = (await outbox(owner.email)).find((m) => m.subject.startsWith('Booking cancelled') && m.text.includes(reference))!;
    expect(mail.text).toContain('Amount paid (deposit): $10.00');
    expect(mail.text).toContain('Refund to your card: $0.00');
    expect(mail.text).toContain('Kept: $10.00 (The $20 cancellation fee, 48 hours or more before drop-off)');
    // $10 x 3/23 = $1.30, not the GST in the $60 the booking would have cost.
    expect(mail.text).toContain('GST included (3/23 of what was kept): $1.30');
    expect(mail.text).not.toContain('Balance due');
    expect(mail.text).not.toContain('less than 48 hours');
  });
});

describe('editing first does not get round the 48-hour rule', () => {
  it('inside 48 hours: shortening a $60 stay to $30 refunds nothing, and cancelling then gives $0 back in total', async () => {
    const id = await paid(1, 10);
    const shorter = await edit(id, { pick_up_date: daysFromToday(3) });
    expect(shorter.status, JSON.stringify(shorter.body)).toBe(200);
    expect(shorter.body.settlement).toEqual({ total: 30, balance_due: 0, refund: 0, kept: 30, kept_reason: 'Less than 48 hours before drop-off: not refunded' });
    expect(shorter.body.booking).toMatchObject({ total_cost: 30, amount_paid: 60, balance_due: 0, refunded: 0 });

    const cancelled = await cancel(id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toBe(0);
    const saved = await stored(id);
    expect(refundedCents(saved)).toBe(0);
    expect(saved.payment.amountPaidCents).toBe(6000);
    const mail = (await outbox(owner.email)).find((m) => m.subject.startsWith('Booking cancelled') && m.text.includes(saved.bookingReference))!;
    expect(mail.text).toContain('Kept: $60.00 (Less than 48 hours before drop-off: not refunded)');
  });

  it('moving the stay 10 days out inside 48 hours of the original drop-off, then cancelling, gives $0 back', async () => {
    const id = await paid(1, 10);
    const moved = await edit(id, { drop_off_date: daysFromToday(11), pick_up_date: daysFromToday(20) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.settlement).toMatchObject({ total: 60, refund: 0 });
    // The terms still count from the original drop-off, and the dashboard is told so.
    expect((await api('GET', `/api/me/bookings/${id}/cancellation`, undefined, owner)).body).toMatchObject({ cancellable: true, refund: 0, kept: 60 });
    const cancelled = await cancel(id);
    expect(cancelled.body.refund).toBe(0);
    expect(refundedCents(await stored(id))).toBe(0);
  });

  it('48 hours or more ahead: shortening refunds the difference and cancelling the rest, $20 kept in all, as cancelling at once would', async () => {
    const id = await paid(6, 15);
    expect((await edit(id, { pick_up_date: daysFromToday(8) })).body.settlement).toMatchObject({ total: 30, refund: 30, kept: 0 });
    expect((await mine(id)).refunded).toBe(30);
    expect((await cancel(id)).body.refund).toBe(10);
    const saved = await stored(id);
    expect(refundedCents(saved)).toBe(4000);
    expect(saved.payment.amountPaidCents).toBe(2000);
  });
});

describe('staff', () => {
  it('refund above the terms only with a reason, which the ledger and the history keep', async () => {
    const id = await paid(1, 10);
    const refused = await staffCancel(id, { refund: 60 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A refund above the terms ($0.00) needs a reason');
    expect((await stored(id)).status).toBe('reservation');

    const done = await staffCancel(id, { refund: 60, reason: 'Flight cancelled by the airline' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.refund).toBe(60);
    const saved = await stored(id);
    expect(saved.ledger).toEqual([expect.objectContaining({ kind: 'refund', amountCents: -6000, by: 'admin', note: 'Booking cancelled; above the terms ($0.00): Flight cancelled by the airline' })]);
    const detail = await api('GET', `/api/admin/bookings/${id}`, undefined, admin);
    expect(detail.body.history[0].changes).toEqual(expect.arrayContaining([{ field: 'refund', old: null, new: "$60.00 (above the terms' $0.00: Flight cancelled by the airline)" }]));
  });

  it('a staff edit inside 48 hours keeps the lower price by the terms, and refunds it when staff say so with a reason', async () => {
    const id = await paid(1, 10);
    const kept = await api('PATCH', `/api/admin/bookings/${id}`, { pick_up_date: daysFromToday(3), version: (await stored(id)).updatedAt }, admin);
    expect(kept.body.settlement).toMatchObject({ total: 30, refund: 0, kept: 30 });
    const noReason = await api('PATCH', `/api/admin/bookings/${id}`, { refund: 30, version: (await stored(id)).updatedAt }, admin);
    expect(noReason.status).toBe(400);
    const refunded = await api('PATCH', `/api/admin/bookings/${id}`, { refund: 30, reason: 'Came back early: sick', version: (await stored(id)).updatedAt }, admin);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.settlement).toMatchObject({ total: 30, refund: 30, balance_due: 0 });
    expect(refundedCents(await stored(id))).toBe(3000);
  });
});
