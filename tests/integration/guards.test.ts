/**
 * Guards that a bug could remove without any other test noticing (each was put in by hand and passed the
 * suite): the refund's idempotency key and a refund Stripe refuses, a customer cancelling or moving a pick-up into the
 * past after drop-off, staff edits settling from the booking's drop-off date, an unverified e-mail claiming a
 * customer, a checked-in car's bay, and confirmation exactly once from a stale read. Each asserts what the data, the
 * Stripe stand-in or the caller sees, through the HTTP API or the store (not the use cases' inner structure).
 * Dates are put into the past by writing the booking (there is no clock to move), as my-booking-edit.test.ts does.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminMessages } from '../../shared/admin';
import { cancellationMessages } from '../../shared/cancellation';
import { addDays, nzToday } from '../../shared/nz-time';
import type { Booking } from '../../shared/records';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { testBay } from '../support/bays';
import { request } from '../support/http';
import { createUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, customerByEmail, env, item, payOnPage } from './payment-support';
import { sharedStackWithUsers } from '../support/stack-with-users';

const { db, users: { a, admin } } = sharedStackWithUsers({ a: {}, admin: { admin: true } });

/** A's booking from 3 to 10 days ahead (09:00 to 11:00), $110 paid in full (8 days with a car wash). */
async function paidBooking(): Promise<Booking> {
  const started = await checkout(checkoutBody({ customer: { email: a.email } }), { authorization: a.bearer });
  await payOnPage(started.sessionId);
  return (await booking(started.bookingId)) as Booking;
}

/** Writes fields of the stored booking (a new `updatedAt` too, as any change does), and answers it as stored. */
async function setOnBooking(id: string, values: Record<string, unknown>): Promise<Booking> {
  const all = { ...values, updatedAt: `v-${randomInt(1e9)}` };
  const names = Object.keys(all);
  await db.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.booking(id),
      UpdateExpression: `SET ${names.map((n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, all[n as keyof typeof all]])),
    }),
  );
  return (await booking(id)) as Booking;
}

/** The refunds the Stripe stand-in made on a booking's checkout session, with the idempotency key each came with. */
function refundsAtStripe(b: Booking): { idempotencyKey: string | null; refund: { amount: number; metadata: Record<string, string> } }[] {
  const stored = JSON.parse(readFileSync(path.join(env.dataDir, 'stripe', 'sessions', `${b.checkoutSessionId}.json`), 'utf8')) as { refunds?: never[] };
  return stored.refunds ?? [];
}

/** What the Stripe stand-in does with refunds of the booking's payment from now on: refuse them, or make them again. */
async function stripeRefundsFor(b: Booking, mode: 'refuse' | 'ok'): Promise<void> {
  expect((await request(baseUrl, 'POST', `/_local/stripe/sessions/${b.checkoutSessionId}/refunds-${mode}`)).status).toBe(200);
}

const cancel = (id: string) => request(baseUrl, 'POST', `/api/me/bookings/${id}/cancellation`, {}, { authorization: a.bearer });
const terms = (id: string) => request(baseUrl, 'GET', `/api/me/bookings/${id}/cancellation`, undefined, { authorization: a.bearer });
const myEdit = (id: string, body: unknown) => request(baseUrl, 'PATCH', `/api/me/bookings/${id}`, body, { authorization: a.bearer });
const staffEdit = (id: string, body: unknown) => request(baseUrl, 'PATCH', `/api/admin/bookings/${id}`, body, { authorization: admin.bearer });

describe('refunds', () => {
  it("asks Stripe with the refund's ledger line as the idempotency key, so a retried request can never refund twice", async () => {
    const mine = await paidBooking();
    expect((await cancel(mine.id)).status).toBe(200);
    const line = (await booking(mine.id))!.ledger.find((l: { kind: string }) => l.kind === 'refund');
    expect(line).toMatchObject({ amountCents: -9000, status: 'succeeded' });
    const made = refundsAtStripe(mine);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ idempotencyKey: `refund-${line.id}`, refund: { amount: 9000, metadata: { bookingId: mine.id, ledgerLine: line.id } } });
    expect(line.refundId).toBe((made[0]!.refund as unknown as { id: string }).id);
  });

  it('records a refund Stripe refused as failed, for staff to see, and the cancellation still stands', async () => {
    const mine = await paidBooking();
    // Stripe refuses to refund this payment (a disputed charge, Stripe's decision); switched back afterwards, as the
    // stand-in is the shared stack's, whose books reconcile checks at the end of the run.
    await stripeRefundsFor(mine, 'refuse');
    let res;
    try {
      res = await cancel(mine.id);
    } finally {
      await stripeRefundsFor(mine, 'ok');
    }
    expect(res.status).toBe(200);
    const saved = (await booking(mine.id))!;
    expect(saved.status).toBe('cancelled');
    const line = saved.ledger.find((l: { kind: string }) => l.kind === 'refund');
    expect(line).toMatchObject({ amountCents: -9000, status: 'failed' });
    expect(line.refundId).toBeUndefined();
    expect(refundsAtStripe(mine)).toEqual([]);
  });
});

describe('after drop-off', () => {
  it('a customer cannot cancel once the drop-off time has passed: 409 with the spec text, nothing refunded', async () => {
    const mine = await setOnBooking((await paidBooking()).id, { dropOffDate: addDays(nzToday(new Date()), -1) });
    expect((await terms(mine.id)).body).toMatchObject({ cancellable: false, reason: cancellationMessages.tooLate, refund: 0 });
    const res = await cancel(mine.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This booking can no longer be cancelled online: its drop-off time has passed. Please call us on 09 000 0000.');
    expect(await booking(mine.id)).toEqual(mine);
    expect(refundsAtStripe(mine)).toEqual([]);
  });

  it('a customer cannot move the pick-up into the past', async () => {
    const mine = await setOnBooking((await paidBooking()).id, { dropOffDate: addDays(nzToday(new Date()), -3) });
    const res = await myEdit(mine.id, { pick_up_date: addDays(nzToday(new Date()), -1), pick_up_time: '11:00', version: mine.updatedAt });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ pick_up_time: 'Pick-up date and time must be in the future' });
    expect(await booking(mine.id)).toEqual(mine);
  });
});

describe("staff shortening a paid stay settle from the booking's drop-off date", () => {
  it('before the drop-off date: what was paid beyond the new total goes back to the card', async () => {
    const mine = await paidBooking();
    // 3 days: $30 + $60 wash = $90, $20 less than paid.
    const res = await staffEdit(mine.id, { pick_up_date: daysFromToday(5), version: mine.updatedAt });
    expect(res.status).toBe(200);
    const saved = (await booking(mine.id))!;
    expect(saved.payment).toMatchObject({ amountPaidCents: 9000, balanceDueCents: 0 });
    expect(saved.ledger).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'refund', amountCents: -2000, status: 'succeeded' })]));
    expect(refundsAtStripe(mine).map((r) => r.refund.amount)).toEqual([2000]);
  });

  it('on the drop-off date: nothing is refunded, the difference is kept', async () => {
    const mine = await setOnBooking((await paidBooking()).id, { dropOffDate: nzToday(new Date()) });
    const res = await staffEdit(mine.id, { pick_up_date: addDays(nzToday(new Date()), 2), version: mine.updatedAt });
    expect(res.status).toBe(200);
    const saved = (await booking(mine.id))!;
    expect(saved.totalCents).toBe(9000);
    expect(saved.payment).toMatchObject({ amountPaidCents: 11000, balanceDueCents: 0 });
    expect(saved.ledger.filter((l: { kind: string }) => l.kind === 'refund')).toEqual([]);
    expect(saved.ledger).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'kept', amountCents: 2000 })]));
    expect(refundsAtStripe(mine)).toEqual([]);
  });
});

describe('accounts', () => {
  it('an account whose e-mail is not verified never claims the customer (and bookings) with that e-mail', async () => {
    const body = checkoutBody();
    const started = await checkout(body);
    await payOnPage(started.sessionId);
    const user = await createUser(env, { email: body.customer.email, verified: false });
    const listed = await request(baseUrl, 'GET', '/api/me/bookings', undefined, { authorization: `Bearer ${user.idToken}` });
    expect(listed.status).toBe(200);
    expect(listed.body.bookings).toEqual([]);
    const profile = await request(baseUrl, 'GET', '/api/me/profile', undefined, { authorization: `Bearer ${user.idToken}` });
    expect(JSON.stringify(profile.body)).not.toContain(body.customer.contactNumber);
    expect((await customerByEmail(body.customer.email))!.userId ?? null).toBeNull();
    // A checkout for that e-mail by the unverified account records the caller on the booking but links no customer.
    const own = await checkout(checkoutBody({ customer: { email: body.customer.email } }), { authorization: `Bearer ${user.idToken}` });
    expect((await booking(own.bookingId))!.userId).toBe(user.sub);
    expect((await customerByEmail(body.customer.email))!.userId ?? null).toBeNull();
  });
});

describe('bays', () => {
  it("a checked-in car's bay is not given to another booking on overlapping dates", async () => {
    const [first, second] = [await paidBooking(), await paidBooking()];
    const bay = testBay(env.dataDir);
    const parked = await staffEdit(first.id, { status: 'checkin', status_override: { confirmed: true, reason: 'Test set-up: out of the usual order' }, parking_bay_number: bay, version: first.updatedAt });
    expect(parked.status).toBe(200);
    expect(parked.body.booking).toMatchObject({ status: 'checkin', parking_bay_number: bay });
    const clash = await staffEdit(second.id, { parking_bay_number: bay, version: second.updatedAt });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: adminMessages.bayTaken, fieldErrors: { parking_bay_number: adminMessages.bayTaken } });
    expect((await booking(second.id))!.parkingBayNumber).toBeNull();
  });
});

describe('confirmation, exactly once', () => {
  it('confirming the same stale read of a pending booking twice confirms it once, with one reference', async () => {
    process.env.TABLE_NAME = env.tableName;
    process.env.DYNAMODB_ENDPOINT = env.dynamodbEndpoint;
    const { confirmPendingBooking } = await import('../../functions/store/confirmation');
    const { getBooking } = await import('../../functions/store/bookings');
    // The customer already has a confirmed booking, so the customer's first-booking guard does not stand in the way.
    const earlier = await paidBooking();
    const pending = await checkout(checkoutBody({ customer: { email: a.email } }), { authorization: a.bearer });
    const stale = (await getBooking(pending.bookingId, true))!;
    expect(stale.status).toBe('pending_payment');
    expect(stale.customerId).toBe(earlier.customerId);
    const confirmation = (reference: string) => ({
      booking: stale,
      reference,
      payment: { type: 'full' as const, amountPaidCents: 11000, balanceDueCents: 0, currency: 'nzd', paymentIntent: null, sessionId: pending.sessionId, paidAt: new Date().toISOString() },
      confirmedAt: new Date().toISOString(),
      createdNzDate: nzToday(new Date()),
      firstForCustomer: false,
    });
    const suffix = randomInt(100_000, 999_999).toString(36).toUpperCase().padStart(4, 'X').slice(0, 4);
    expect(await confirmPendingBooking(confirmation(`RP-FIRST${suffix}`))).toBe('confirmed');
    expect(await confirmPendingBooking(confirmation(`RP-AGAIN${suffix}`))).toBe('not-pending');
    expect((await booking(pending.bookingId))!).toMatchObject({ status: 'reservation', bookingReference: `RP-FIRST${suffix}` });
    expect(await item(keys.bookingReference(`RP-AGAIN${suffix}`))).toBeUndefined();
  });
});
