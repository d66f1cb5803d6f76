/**
 * Settling balances, on a stack of its own so the summary's figures are exact: staff record a
 * payment towards a booking's balance (who from the token, never the body), check-out is refused while money is due
 * unless an admin lets the car go with a reason, and an unnotified late pick-up adds the terms' $5 a day.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { addDays, nzNow } from '../../shared/nz-time';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { customer, quote } from './payment-support';
import { ownStackWithUsers } from '../support/stack-with-users';

const { env, db, users: { owner, other, staff, admin } } = ownStackWithUsers('runway-balances-', { owner: {}, other: {}, staff: { staff: true }, admin: { admin: true } });

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(env.baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const stored = async (id: string) => (await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(id), ConsistentRead: true }))).Item as Record<string, any>;
const summary = async () => (await api('GET', '/api/admin/summary', undefined, admin)).body;

/** The owner's paid booking, drop-off in 20 days, pick-up in 29 (10 days, $60), paid in full or by the $10 deposit. */
async function paid(paymentType: 'full' | 'deposit' = 'deposit'): Promise<string> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(29), carWash: false }), customer: customer({ email: owner.email }), paymentType }, owner);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const res = await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
  return started.body.bookingId as string;
}

/** Staff unless another caller is named; `null` sends no token. */
const pay = async (id: string, body: Record<string, unknown>, user: TestUser | null = staff) => api('POST', `/api/admin/bookings/${id}/payments`, { version: (await stored(id)).updatedAt, ...body }, user ?? undefined);
const setStatus = async (id: string, status: string, extra: Record<string, unknown> = {}) => api('PATCH', `/api/admin/bookings/${id}`, { status, version: (await stored(id)).updatedAt, ...extra }, admin);
/** These bookings drop off weeks ahead: checking one in now is an admin's exception (shared/status-transitions.ts). */
const early = { status_override: { confirmed: true, reason: 'Test set-up: out of the usual order' } };

describe('POST /api/admin/bookings/{id}/payments: who may record a payment', () => {
  it('anonymous 401, customers 403 (the owner too), staff and admins 201', async () => {
    const id = await paid();
    expect((await pay(id, { amount: 5, method: 'cash' }, null)).status).toBe(401);
    expect((await pay(id, { amount: 5, method: 'cash' }, owner)).status).toBe(403);
    expect((await pay(id, { amount: 5, method: 'cash' }, other)).status).toBe(403);
    expect((await stored(id)).payment.balanceDueCents).toBe(5000);
    expect((await pay(id, { amount: 5, method: 'cash' }, staff)).status).toBe(201);
    expect((await pay(id, { amount: 5, method: 'eftpos' }, admin)).status).toBe(201);
    expect((await stored(id)).payment).toMatchObject({ amountPaidCents: 2000, balanceDueCents: 4000 });
    expect((await api('POST', '/api/admin/bookings/no-such-booking/payments', { amount: 5, method: 'cash', version: 'x' }, staff)).status).toBe(404);
  });
});

describe('recording a payment', () => {
  // Who is the caller's e-mail when the token carries it, else their user id (these tests send access tokens, which carry no e-mail).
  it('$20 cash against a $50 balance: the balance falls, the amount paid rises, the ledger and history say who and how, the counters move', async () => {
    const id = await paid();
    const before = await summary();
    const res = await pay(id, { amount: 20, method: 'cash' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.booking).toMatchObject({ amount_paid: 30, balance_due: 30, total_cost: 60 });
    expect(res.body.payment).toMatchObject({ amount: 20, method: 'cash', taken_by: staff.sub });
    const saved = await stored(id);
    expect(saved.payment).toMatchObject({ amountPaidCents: 3000, balanceDueCents: 3000 });
    expect(saved.ledger).toEqual([expect.objectContaining({ kind: 'payment', amountCents: 2000, method: 'cash', takenBy: staff.sub, by: 'admin', note: 'Paid in the yard: Cash' })]);
    expect(Date.parse(saved.ledger[0].at)).toBeGreaterThan(Date.now() - 60_000);
    const after = await summary();
    expect(after.revenue_collected - before.revenue_collected).toBe(20);
    expect(after.revenue_due - before.revenue_due).toBe(-20);
    expect(after.total_revenue).toBe(before.total_revenue);
    const detail = await api('GET', `/api/admin/bookings/${id}`, undefined, admin);
    expect(detail.body.booking.balance_due).toBe(30);
    expect(detail.body.history[0]).toMatchObject({
      by: staff.sub,
      changes: [
        { field: 'payment', old: null, new: '$20.00 Cash' },
        { field: 'balance_due', old: '$50.00', new: '$30.00' },
      ],
    });
  });

  it('refuses more than the balance, $0, an unknown method, a who in the body and a stale version, writing nothing', async () => {
    const id = await paid();
    const over = await pay(id, { amount: 50.01, method: 'cash' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The payment can be at most $50.00 (the balance due)');
    const zero = await pay(id, { amount: 0, method: 'cash' });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('Enter the amount paid in dollars and cents, more than $0');
    expect((await pay(id, { amount: 10, method: 'cheque' })).body.message).toBe('Choose cash, EFTPOS or card');
    expect((await pay(id, { amount: 10, method: 'cash', taken_by: 'someone-else@example.com' })).status).toBe(400);
    const stale = await pay(id, { amount: 10, method: 'cash', version: '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    const saved = await stored(id);
    expect(saved.payment).toMatchObject({ amountPaidCents: 1000, balanceDueCents: 5000 });
    expect(saved.ledger ?? []).toEqual([]);
  });

  it('the same request sent twice records one payment; nothing is due once the balance is paid', async () => {
    const id = await paid();
    const version = (await stored(id)).updatedAt;
    const [a, b] = await Promise.all([pay(id, { amount: 50, method: 'card', version }), pay(id, { amount: 50, method: 'card', version })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const saved = await stored(id);
    expect(saved.payment).toMatchObject({ amountPaidCents: 6000, balanceDueCents: 0 });
    expect(saved.ledger.filter((l: { kind: string }) => l.kind === 'payment')).toHaveLength(1);
    const again = await pay(id, { amount: 1, method: 'cash' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Nothing is due on this booking');
  });
});

describe('check-out while money is due', () => {
  it('is refused with the amount due; after a $50 cash payment it goes through', async () => {
    const id = await paid();
    expect((await setStatus(id, 'checkin', early)).status).toBe(200);
    const refused = await setStatus(id, 'checkout');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('$50.00 is still due. Record the payment before check-out, or an admin can let the car go with a reason.');
    expect((await stored(id)).status).toBe('checkin');
    expect((await pay(id, { amount: 50, method: 'cash' })).status).toBe(201);
    const done = await setStatus(id, 'checkout');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await stored(id)).status).toBe('checkout');
  });

  it('an admin lets the car go with a reason, which the history keeps; plain staff cannot change the status at all', async () => {
    const id = await paid();
    const version = (await stored(id)).updatedAt;
    expect((await api('PATCH', `/api/admin/bookings/${id}`, { status: 'checkout', checkout_override: 'Pays by invoice', ...early, version }, staff)).status).toBe(403);
    const empty = await setStatus(id, 'checkout', { checkout_override: '  ', ...early });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Give the reason for checking out with money due');
    const done = await setStatus(id, 'checkout', { checkout_override: 'Pays by invoice', ...early });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.booking).toMatchObject({ status: 'checkout', balance_due: 50 });
    expect(done.body.history[0].changes).toEqual(expect.arrayContaining([{ field: 'checkout_override', old: null, new: '$50.00 due: Pays by invoice' }]));
    // The balance can still be taken after the car has gone.
    expect((await pay(id, { amount: 50, method: 'eftpos' })).status).toBe(201);
  });
});

describe('an unnotified late pick-up', () => {
  /** Moves a paid booking's stay into the past: booked pick-up `hoursLate` hours ago (NZ wall clock), drop-off 5 days before it. */
  async function bookedInThePast(id: string, hoursLate: number) {
    const pickUp = nzNow(new Date(Date.now() - hoursLate * 3_600_000));
    await db.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.booking(id),
        UpdateExpression: 'SET dropOffDate = :d, pickUpDate = :p, pickUpTime = :t, #s = :checkin',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': addDays(pickUp.date, -5), ':p': pickUp.date, ':t': pickUp.time, ':checkin': 'checkin' },
      }),
    );
    return pickUp;
  }

  it('50 hours late is 3 days at $5: the refused check-out charges $15 once, and it goes through when paid', async () => {
    const id = await paid('full');
    const pickUp = await bookedInThePast(id, 50);
    const before = await summary();
    const refused = await setStatus(id, 'checkout');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('$15.00 is still due. Record the payment before check-out, or an admin can let the car go with a reason.');
    const charged = await stored(id);
    expect(charged).toMatchObject({ status: 'checkin', totalCents: 7500, lateFeeCents: 1500, payment: { amountPaidCents: 6000, balanceDueCents: 1500 } });
    expect(charged.ledger).toEqual([expect.objectContaining({ kind: 'balance', amountCents: 1500, note: `Late pick-up: 3 days after the booked ${pickUp.time}, ${pickUp.date}, at $5.00 a day` })]);
    const after = await summary();
    expect(after.total_revenue - before.total_revenue).toBe(15);
    expect(after.revenue_due - before.revenue_due).toBe(15);

    // A second try does not charge the days again.
    expect((await setStatus(id, 'checkout')).body.message).toBe('$15.00 is still due. Record the payment before check-out, or an admin can let the car go with a reason.');
    expect((await stored(id)).totalCents).toBe(7500);

    expect((await pay(id, { amount: 15, method: 'cash' })).status).toBe(201);
    const done = await setStatus(id, 'checkout');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'checkout', totalCents: 7500, payment: { amountPaidCents: 7500, balanceDueCents: 0 } });
  });

  it('collected before the booked pick-up: no fee, check-out goes straight through', async () => {
    const id = await paid('full');
    await bookedInThePast(id, -3);
    const done = await setStatus(id, 'checkout');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'checkout', totalCents: 6000 });
  });
});

describe('POST /api/admin/bookings/{id}/refunds: refunding part of a booking without cancelling it', () => {
  const refundPart = async (id: string, body: Record<string, unknown>, user: TestUser | null = admin) => api('POST', `/api/admin/bookings/${id}/refunds`, { version: (await stored(id)).updatedAt, ...body }, user ?? undefined);

  it('anonymous 401, customers and plain staff 403; an admin refunds $15 of $60 with a reason: the card gets it once, the booking stays on', async () => {
    const id = await paid('full');
    expect((await refundPart(id, { amount: 15, reason: 'Shuttle was late' }, null)).status).toBe(401);
    expect((await refundPart(id, { amount: 15, reason: 'Shuttle was late' }, owner)).status).toBe(403);
    expect((await refundPart(id, { amount: 15, reason: 'Shuttle was late' }, staff)).status).toBe(403);
    const before = await summary();
    const version = (await stored(id)).updatedAt;
    const done = await refundPart(id, { amount: 15, reason: 'Shuttle was late', version });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.refund).toBe(15);
    expect(done.body.booking).toMatchObject({ status: 'reservation', total_cost: 45, amount_paid: 45, balance_due: 0, refunded: 15 });
    const saved = await stored(id);
    const refunds = saved.ledger.filter((l: { kind: string }) => l.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ amountCents: -1500, by: 'admin', status: 'succeeded' })]);
    expect(done.body.history[0].changes).toEqual(expect.arrayContaining([{ field: 'refund', old: null, new: '$15.00 (part refund: Shuttle was late)' }]));
    // The durable path: the queue's request is gone once the refund is made.
    expect((await db.send(new GetCommand({ TableName: env.tableName, Key: keys.refundRequest(refunds[0].id), ConsistentRead: true }))).Item).toBeUndefined();
    const after = await summary();
    expect(after.total_revenue - before.total_revenue).toBe(-15);
    expect(after.revenue_collected - before.revenue_collected).toBe(-15);
    // The same request again names the old version: refused, nothing refunded twice.
    expect((await refundPart(id, { amount: 15, reason: 'Shuttle was late', version })).status).toBe(409);
    expect((await stored(id)).ledger.filter((l: { kind: string }) => l.kind === 'refund')).toHaveLength(1);
  });

  it('never more than is held, never without a reason, and nothing from a booking with a balance due', async () => {
    const full = await paid('full');
    const over = await refundPart(full, { amount: 60.01, reason: 'Too much' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The refund can be at most $60.00 (what is held beyond what the booking still needs)');
    const noReason = await refundPart(full, { amount: 5, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Give the reason for the refund');
    const deposit = await paid('deposit');
    const owed = await refundPart(deposit, { amount: 5, reason: 'Goodwill' });
    expect(owed.status).toBe(400);
    expect(owed.body.message).toBe('The refund can be at most $0.00 (what is held beyond what the booking still needs)');
    expect((await stored(full)).ledger ?? []).toEqual([]);
    expect((await stored(deposit)).ledger ?? []).toEqual([]);
  });
});

describe('a receipt for every payment', () => {
  it('a payment staff record in the yard is e-mailed to the traveller as a receipt, with the pass', async () => {
    const id = await paid('deposit');
    const reference = (await stored(id)).bookingReference as string;
    expect((await pay(id, { amount: 20, method: 'eftpos' })).status).toBe(201);
    // The owner's bookings share an address: this booking's receipt is the one naming its reference.
    const outbox = (await api<{ to: string[]; subject: string; text: string }[]>('GET', '/_local/outbox.json')).body.filter((m) => m.to.includes(owner.email) && m.subject === `Payment received: ${reference} | Runway Parking`);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.text).toContain('we have received your payment of $20.00, paid in the yard by EFTPOS');
    expect(outbox[0]!.text).toContain('Balance due at pick-up: $30.00');
    expect(outbox[0]!.text).toMatch(/\/pass\/p1\./);
  });
});

describe('money goes back the way it came', () => {
  const refundPart = async (id: string, body: Record<string, unknown>, user: TestUser = admin) => api('POST', `/api/admin/bookings/${id}/refunds`, { version: (await stored(id)).updatedAt, ...body }, user);
  const detail = async (id: string) => (await api('GET', `/api/admin/bookings/${id}`, undefined, admin)).body;
  const refundRequest = async (lineId: string) => (await db.send(new GetCommand({ TableName: env.tableName, Key: keys.refundRequest(lineId), ConsistentRead: true }))).Item;

  async function cashWalkIn(payment: 'cash' | 'eftpos' = 'cash'): Promise<{ id: string; totalCents: number }> {
    const res = await api(
      'POST',
      '/api/admin/walk-ins',
      { name: 'Tama Walker', email: `walk-${randomUUID().slice(0, 8)}@example.com`, contact_number: '027 555 1234', car_registration: 'WLK123', pick_up_date: daysFromToday(2), pick_up_time: '10:00', payment },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.booking_id, totalCents: Math.round(res.body.booking.total_cost * 100) };
  }

  it('a cash walk-in: Refund part $5 is handed back in cash by the admin, recorded (amount, method, who, when), never sent to Stripe', async () => {
    const { id, totalCents } = await cashWalkIn();
    expect((await detail(id)).refund_room).toEqual({ online: 0, in_yard: totalCents / 100, yard_method: 'cash' });
    const done = await refundPart(id, { amount: 5, reason: 'Shuttle was late' });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.refunds).toEqual([expect.objectContaining({ amount: 5, status: 'succeeded', way: 'cash', by: admin.sub, reason: null, outside: false })]);
    expect(done.body.booking).toMatchObject({ amount_paid: (totalCents - 500) / 100, balance_due: 0 });
    const saved = await stored(id);
    const line = saved.ledger.find((l: { kind: string }) => l.kind === 'refund');
    expect(line).toMatchObject({ amountCents: -500, method: 'cash', takenBy: admin.sub, status: 'succeeded', note: 'Handed back in the yard: Cash; Lower price; above the terms ($0.00): Shuttle was late' });
    expect(line.settledAt).toBe(line.at);
    // Who handed it back is who asked (their token's user id here); nothing for the refund worker to send.
    expect(await refundRequest(line.id)).toBeUndefined();
    expect((await detail(id)).refunds).toEqual([expect.objectContaining({ way: 'cash', status: 'succeeded', by: admin.sub })]);
  });

  it('an EFTPOS walk-in cancelled by an admin with a refund: handed back by EFTPOS, the booking cancelled', async () => {
    const { id, totalCents } = await cashWalkIn('eftpos');
    const res = await api('POST', `/api/admin/bookings/${id}/cancellation`, { refund: 10, reason: 'Plans changed at the gate', version: (await stored(id)).updatedAt }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = await stored(id);
    expect(saved.status).toBe('cancelled');
    expect(saved.ledger.filter((l: { kind: string }) => l.kind === 'refund')).toEqual([expect.objectContaining({ amountCents: -1000, method: 'eftpos', status: 'succeeded', takenBy: admin.sub })]);
    expect(saved.payment.amountPaidCents).toBe(totalCents - 1000);
  });

  it('a card refund Stripe refuses is answered as failed with Stripe\'s reason, never as made', async () => {
    const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(29), carWash: false }), customer: customer({ email: owner.email }), paymentType: 'full' }, owner);
    expect((await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBeLessThan(400);
    const id = started.body.bookingId as string;
    expect((await detail(id)).refund_room).toEqual({ online: 60, in_yard: 0, yard_method: null });
    expect((await request(env.baseUrl, 'POST', `/_local/stripe/sessions/${started.body.sessionId}/refunds-refuse`)).status).toBe(200);
    const done = await refundPart(id, { amount: 5, reason: 'Goodwill' });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.refunds).toEqual([expect.objectContaining({ amount: 5, status: 'failed', way: 'online', reason: 'This charge has been disputed and cannot be refunded.' })]);
    // Retried and refused again: the reason is still there for staff to read.
    const retried = await api('POST', `/api/admin/bookings/${id}/refunds/${done.body.refunds[0].id}/retry`, {}, admin);
    expect(retried.body.refunds).toEqual([expect.objectContaining({ status: 'failed', reason: 'This charge has been disputed and cannot be refunded.' })]);
  });

  it('a booking paid by deposit online and the balance in cash: a refund goes first to the card, the rest in cash', async () => {
    const id = await paid('deposit');
    expect((await pay(id, { amount: 50, method: 'cash' })).status).toBe(201);
    expect((await detail(id)).refund_room).toEqual({ online: 10, in_yard: 50, yard_method: 'cash' });
    const done = await refundPart(id, { amount: 25, reason: 'Goodwill' });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.refunds).toEqual([expect.objectContaining({ amount: 10, way: 'online', status: 'succeeded' }), expect.objectContaining({ amount: 15, way: 'cash', status: 'succeeded', by: admin.sub })]);
    expect((await detail(id)).refund_room).toEqual({ online: 0, in_yard: 35, yard_method: 'cash' });
  });

  it('a customer cancelling what was paid in cash: the card part sent, the cash part left to hand back, which staff then record', async () => {
    const id = await paid('deposit');
    expect((await pay(id, { amount: 50, method: 'cash' })).status).toBe(201);
    const cancelled = await api('POST', `/api/me/bookings/${id}/cancellation`, {}, owner);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refunds = (await detail(id)).refunds;
    // $60 paid, $20 fee kept: $10 back to the card, $30 of the cash still to hand back (nobody has handed it over yet).
    expect(refunds).toEqual([expect.objectContaining({ amount: 10, way: 'online', status: 'succeeded' }), expect.objectContaining({ amount: 30, way: 'cash', status: 'pending', by: null })]);
    expect(await refundRequest(refunds[1].id)).toBeUndefined();
    const handed = await api('POST', `/api/admin/bookings/${id}/refunds/${refunds[1].id}/retry`, {}, admin);
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.retried).toBe(true);
    expect(handed.body.refunds[1]).toMatchObject({ amount: 30, way: 'cash', status: 'succeeded', by: admin.sub });
    // Once: a second press changes nothing.
    expect((await api('POST', `/api/admin/bookings/${id}/refunds/${refunds[1].id}/retry`, {}, admin)).body.retried).toBe(false);
  });
});
