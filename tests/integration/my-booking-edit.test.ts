/**
 * PATCH /api/me/bookings/{id}: a customer's limited edit, with the server as the authority on what may change
 * and what it costs. Access for anonymous, customer A, customer B and admin; each rule; the money settled;
 * the booking, its day sheet and its ledger agreeing after every request, refused or not.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { bookingEditMessages } from '../../shared/booking-edit';
import { messages } from '../../shared/messages';
import { addDays, nzToday } from '../../shared/nz-time';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, item, outboxFor, partition, payOnPage } from './payment-support';
import { sharedStackWithUsers } from '../support/stack-with-users';

const { db, users: { a, b, admin } } = sharedStackWithUsers({ a: {}, b: {}, admin: { admin: true } });

/** A paid booking of A's: drop-off in 3 days 09:00, pick-up in 10 days 11:00 (8 days), car wash: $110. */
async function paidBooking(overrides: Parameters<typeof checkoutBody>[0] = {}) {
  const body = checkoutBody({ customer: { email: a.email }, ...overrides });
  const started = await checkout(body, { authorization: a.bearer });
  await payOnPage(started.sessionId);
  return (await booking(started.bookingId))!;
}

const patch = (id: string, body: unknown, user: TestUser | null = a) =>
  request(baseUrl, 'PATCH', `/api/me/bookings/${id}`, body, user ? { authorization: user.bearer } : {});

async function setOnBooking(id: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await db.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.booking(id),
      UpdateExpression: `SET ${names.map((n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, values[n]])),
    }),
  );
  return (await booking(id))!;
}

describe('access', () => {
  it('answers 401 to anonymous callers and 404 to anyone but the owner, changing nothing', async () => {
    const mine = await paidBooking();
    const body = { pick_up_date: daysFromToday(12), version: mine.updatedAt };
    expect((await patch(mine.id, body, null)).status).toBe(401);
    for (const other of [b, admin]) {
      const res = await patch(mine.id, body, other);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Booking not found');
    }
    expect((await patch('not-a-booking', body)).status).toBe(404);
    expect((await patch('00000000-0000-4000-8000-000000000000', body)).status).toBe(404);
    expect(await booking(mine.id)).toEqual(mine);
  });
});

describe('the limited set and its rules', () => {
  it.each([
    [{ car_registration: 'HACK1' }, 'car_registration'],
    [{ departure_flight: 'NZ1' }, 'departure_flight'],
    [{ total_cost: 1 }, 'total_cost'],
    [{ status: 'checkout' }, 'status'],
  ])('refuses a field outside the limited set: %j', async (extra, field) => {
    const mine = await paidBooking();
    const res = await patch(mine.id, { ...extra, version: mine.updatedAt });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(`Unknown field '${field}'`);
    expect(await booking(mine.id)).toEqual(mine);
  });

  it('refuses malformed JSON, and an edit without the version read', async () => {
    const mine = await paidBooking();
    expect((await request(baseUrl, 'PATCH', `/api/me/bookings/${mine.id}`, '{"pick_up_date":', { authorization: a.bearer, 'content-type': 'application/json' })).status).toBe(400);
    expect((await patch(mine.id, { pick_up_date: daysFromToday(12) })).status).toBe(400);
  });

  it.each([
    ['a drop-off inside the lead time', { drop_off_date: nzToday(new Date()), drop_off_time: '00:00' }, 'drop_off_time', messages.leadTime],
    ['pick-up before drop-off', { pick_up_date: daysFromToday(2) }, 'pick_up_time', messages.pickUpAfterDropOff],
    ['an off-grid time', { pick_up_time: '11:15' }, 'pick_up_time', messages.timeNotOnGrid],
    ['a stay over 365 days', { pick_up_date: daysFromToday(400) }, 'pick_up_date', messages.stayTooLong],
    ['a date that is not one', { pick_up_date: '2027-02-31' }, 'pick_up_date', messages.invalidDateTime],
  ])('refuses %s with the spec message', async (_name, change, field, message) => {
    const mine = await paidBooking();
    const res = await patch(mine.id, { ...change, version: mine.updatedAt });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
    expect(await booking(mine.id)).toEqual(mine);
  });

  it('refuses a changed drop-off once its date has passed, and a checked-in booking', async () => {
    const mine = await paidBooking();
    const started = await setOnBooking(mine.id, { dropOffDate: addDays(nzToday(new Date()), -1), updatedAt: 'v-past' });
    const locked = await patch(mine.id, { drop_off_date: daysFromToday(1), version: started.updatedAt });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe(bookingEditMessages.dropOffLocked);
    const checkedIn = await setOnBooking(mine.id, { status: 'checkin', updatedAt: 'v-checkin' });
    const res = await patch(mine.id, { pick_up_date: daysFromToday(12), version: checkedIn.updatedAt });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(bookingEditMessages.notEditable);
  });
});

describe('the money', () => {
  it('extending the stay raises the balance due at pick-up, moves the day sheet, keeps a ledger line and e-mails the customer', async () => {
    const mine = await paidBooking();
    const res = await patch(mine.id, { pick_up_date: daysFromToday(14), return_flight: 'nz 124', version: mine.updatedAt });
    expect(res.status).toBe(200);
    // 12 days: $30 + 8 x $5 = $70 parking + $60 wash = $130, of which $110 is paid.
    expect(res.body.settlement).toEqual({ total: 130, balance_due: 20, refund: 0, kept: 0, kept_reason: null });
    expect(res.body.booking).toMatchObject({ pick_up_date: daysFromToday(14), return_flight: 'NZ124', total_cost: 130, balance_due: 20, amount_paid: 110, days: 12 });
    const after = (await booking(mine.id))!;
    expect(after.ledger).toEqual([expect.objectContaining({ kind: 'balance', amountCents: 2000, by: 'customer' })]);
    expect(await item(keys.dayPickUp(mine.pickUpDate, mine.pickUpTime, mine.id))).toBeUndefined();
    expect(await item(keys.dayPickUp(daysFromToday(14), mine.pickUpTime, mine.id))).toMatchObject({ bookingId: mine.id, flight: 'NZ124' });
    expect(after.gsi1sk).toBe(mine.gsi1sk);
    const mail = (await outboxFor(a.email)).find((m) => m.subject.startsWith('Booking updated'))!;
    expect(mail.text).toContain('Balance due at pick-up: $20.00');
  });

  it('shortening before the drop-off date refunds what was paid beyond the new total, once, through Stripe', async () => {
    const mine = await paidBooking();
    const res = await patch(mine.id, { pick_up_date: daysFromToday(5), car_wash: false, version: mine.updatedAt });
    expect(res.status).toBe(200);
    // 2 days: $30, no wash; $110 paid: $80 back to the card.
    expect(res.body.settlement).toEqual({ total: 30, balance_due: 0, refund: 80, kept: 0, kept_reason: null });
    const after = (await booking(mine.id))!;
    expect(after.payment).toMatchObject({ amountPaidCents: 3000, balanceDueCents: 0 });
    const refund = after.ledger.find((l: { kind: string }) => l.kind === 'refund');
    expect(refund).toMatchObject({ amountCents: -8000, status: 'succeeded', refundId: expect.stringMatching(/^re_test_/) });
    const standIn = await (await fetch(`${baseUrl}/_local/stripe`)).text();
    expect(standIn).toContain(`Refunded $80.00 (${refund.refundId})`);
    const mail = (await outboxFor(a.email)).find((m) => m.subject.startsWith('Booking updated'))!;
    expect(mail.text).toContain('Refund to your card: $80.00');
  });

  it('a deposit booking made shorter owes less at pick-up and gets nothing back', async () => {
    const mine = await paidBooking({ paymentType: 'deposit' });
    const res = await patch(mine.id, { pick_up_date: daysFromToday(5), car_wash: false, version: mine.updatedAt });
    expect(res.body.settlement).toEqual({ total: 30, balance_due: 20, refund: 0, kept: 0, kept_reason: null });
  });

  it('after the drop-off nothing is refunded: what was paid beyond the total is kept, and the e-mail says why', async () => {
    const mine = await paidBooking();
    const dropped = await setOnBooking(mine.id, { dropOffDate: nzToday(new Date()), dropOffTime: '00:00', updatedAt: 'v-dropped' });
    const res = await patch(mine.id, { pick_up_date: daysFromToday(3), car_wash: false, version: dropped.updatedAt });
    expect(res.status).toBe(200);
    expect(res.body.settlement).toEqual({ total: 30, balance_due: 0, refund: 0, kept: 80, kept_reason: 'After drop-off: early pick-ups get no refund' });
    expect((await booking(mine.id))!.payment.amountPaidCents).toBe(11000);
    const mail = (await outboxFor(a.email)).find((m) => m.subject.startsWith('Booking updated'))!;
    expect(mail.text).toContain('Not refunded: $80.00 (After drop-off: early pick-ups get no refund)');
  });
});

describe('concurrency', () => {
  it('of two saves from the same version one wins and the other is told, never a lost update', async () => {
    const mine = await paidBooking();
    const [one, two] = await Promise.all([
      patch(mine.id, { pick_up_date: daysFromToday(12), version: mine.updatedAt }),
      patch(mine.id, { pick_up_date: daysFromToday(13), version: mine.updatedAt }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const lost = [one, two].find((r) => r.status === 409)!;
    expect(lost.body.message).toBe(bookingEditMessages.stale);
    const after = (await booking(mine.id))!;
    const pickUps = (await partition(`DAY#${after.pickUpDate}`, 'PICKUP#')).filter((e) => e.bookingId === mine.id);
    expect(pickUps).toHaveLength(1);
    expect(after.ledger).toHaveLength(1);
  });
});
