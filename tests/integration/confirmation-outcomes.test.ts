/**
 * The one conditional write that confirms a paid booking (functions/store/confirmation.ts), against DynamoDB Local:
 * what it writes when it confirms (the booking, its reference, the customer's first booking, the day sheet, the
 * payment's link for refunds), and that when any condition fails it says which ('reference-taken',
 * 'customer-changed', 'conflict', 'not-pending') and writes nothing at all. confirm-payment.ts draws a new reference or reads again on
 * those answers.
 */
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { nzToday } from '../../shared/nz-time';
import type { Booking } from '../../shared/records';
import { keys } from '../../functions/store/keys';
import type { Confirmation, ConfirmOutcome } from '../../functions/store/confirmation';
import type { TransactItem } from '../../functions/store/table';
import { booking, checkout, checkoutBody, customerByEmail, env, item, itemsOfBooking, partition, payOnPage, standIn, stripeSession, type Row } from './payment-support';

let confirmPendingBooking: (c: Confirmation) => Promise<ConfirmOutcome>;
let getBooking: (id: string, consistent?: boolean) => Promise<Booking | null>;

beforeAll(async () => {
  process.env.TABLE_NAME = env.tableName;
  process.env.DYNAMODB_ENDPOINT = env.dynamodbEndpoint;
  ({ confirmPendingBooking } = await import('../../functions/store/confirmation'));
  ({ getBooking } = await import('../../functions/store/bookings'));
});

/** A fresh reference no other booking has. */
const newReference = () => `RP-T${randomInt(36 ** 4, 36 ** 5).toString(36).toUpperCase()}`;

/** A checkout of a new customer (e-mail `email`), not paid: the booking as confirm-payment reads it. */
async function pending(email = `confirm-${randomInt(1e9)}@example.com`): Promise<{ stale: Booking; sessionId: string; email: string }> {
  const started = await checkout(checkoutBody({ customer: { email } }));
  const stale = (await getBooking(started.bookingId, true))!;
  expect(stale.status).toBe('pending_payment');
  return { stale, sessionId: started.sessionId, email };
}

function confirmation(stale: Booking, sessionId: string, overrides: Partial<Confirmation> = {}): Confirmation {
  const at = new Date().toISOString();
  return {
    booking: stale,
    reference: newReference(),
    payment: { type: 'full', amountPaidCents: 11000, balanceDueCents: 0, currency: 'nzd', paymentIntent: null, sessionId, paidAt: at },
    confirmedAt: at,
    createdNzDate: nzToday(new Date()),
    firstForCustomer: true,
    ...overrides,
  };
}

/** Every item that names the booking, in a stable order (to compare before and after a refused write). */
const snapshot = async (id: string): Promise<Row[]> => (await itemsOfBooking(id)).sort((x, y) => `${x.pk}${x.sk}`.localeCompare(`${y.pk}${y.sk}`));

describe('a confirmation that goes through', () => {
  it("writes the booking as confirmed, its reference, the customer's first booking, the day sheet and the payment's link", async () => {
    const { stale, sessionId, email } = await pending();
    expect((await booking(stale.id))!.ttl).toEqual(expect.any(Number));
    // Paid at Stripe (its event not delivered, so this write is the one that confirms): the payment Stripe made.
    await standIn.pay(sessionId);
    const paymentIntent = (await stripeSession(sessionId)).payment_intent as string;
    expect(paymentIntent).toMatch(/^pi_/);
    const c = confirmation(stale, sessionId, { payment: { ...confirmation(stale, sessionId).payment, paymentIntent } });
    expect(await confirmPendingBooking(c)).toBe('confirmed');

    const stored = (await booking(stale.id))!;
    expect(stored).toMatchObject({ status: 'reservation', bookingReference: c.reference, payment: c.payment, confirmedAt: c.confirmedAt, updatedAt: c.confirmedAt });
    // No longer an unpaid checkout that DynamoDB would expire.
    expect(stored.ttl).toBeUndefined();
    expect(await item(keys.bookingReference(c.reference))).toMatchObject({ bookingId: stale.id, type: 'booking_reference' });
    expect(await item(keys.paymentIntent(c.payment.paymentIntent!))).toMatchObject({ bookingId: stale.id, type: 'payment_intent' });
    expect(await item(keys.dayDropOff(stale.dropOffDate, stale.dropOffTime, stale.id))).toMatchObject({ kind: 'dropoff', bookingId: stale.id, bookingReference: c.reference });
    expect(await item(keys.dayPickUp(stale.pickUpDate, stale.pickUpTime, stale.id))).toMatchObject({ kind: 'pickup', bookingId: stale.id, bookingReference: c.reference });
    expect(await customerByEmail(email)).toMatchObject({ firstConfirmedAt: c.confirmedAt });
  });

  it('puts the booking in the bay staff chose for it, so the bay is not given to another car on those dates', async () => {
    const { stale, sessionId } = await pending();
    const bay = `T${randomInt(1e6)}`;
    const c = confirmation({ ...stale, parkingBayNumber: bay }, sessionId);
    expect(await confirmPendingBooking(c)).toBe('confirmed');
    expect(await partition(`BAY#${bay}`)).toEqual([
      expect.objectContaining({ ...keys.bayEntry(bay, `${stale.dropOffDate}T${stale.dropOffTime}`, stale.id), bookingId: stale.id, bookingReference: c.reference }),
    ]);
  });

  it('holds a payment that did not match for review', async () => {
    const { stale, sessionId } = await pending();
    const c = confirmation(stale, sessionId, { status: 'payment_review' });
    expect(await confirmPendingBooking(c)).toBe('confirmed');
    expect(await booking(stale.id)).toMatchObject({ status: 'payment_review', bookingReference: c.reference });
  });

  it('confirms a later booking of a customer counted already, without counting the customer again', async () => {
    const email = `confirm-${randomInt(1e9)}@example.com`;
    const first = await checkout(checkoutBody({ customer: { email } }));
    await payOnPage(first.sessionId);
    const counted = (await customerByEmail(email))!.firstConfirmedAt;
    expect(counted).toEqual(expect.any(String));
    const { stale, sessionId } = await pending(email);
    expect(await confirmPendingBooking(confirmation(stale, sessionId, { firstForCustomer: false }))).toBe('confirmed');
    expect((await customerByEmail(email))!.firstConfirmedAt).toBe(counted);
    expect(await booking(stale.id)).toMatchObject({ status: 'reservation' });
  });
});

describe('a confirmation refused by a condition says which, and writes nothing', () => {
  it("'not-pending': the booking was confirmed from the same read already (and keeps that confirmation)", async () => {
    const { stale, sessionId } = await pending();
    const first = confirmation(stale, sessionId);
    expect(await confirmPendingBooking(first)).toBe('confirmed');
    const after = await snapshot(stale.id);
    const again = confirmation(stale, sessionId);
    expect(await confirmPendingBooking(again)).toBe('not-pending');
    expect(await snapshot(stale.id)).toEqual(after);
    expect(await booking(stale.id)).toMatchObject({ status: 'reservation', bookingReference: first.reference });
    expect(await item(keys.bookingReference(again.reference))).toBeUndefined();
  });

  it("'reference-taken': the reference is another booking's", async () => {
    const other = await pending();
    const taken = confirmation(other.stale, other.sessionId);
    expect(await confirmPendingBooking(taken)).toBe('confirmed');

    const { stale, sessionId, email } = await pending();
    const before = await snapshot(stale.id);
    expect(await confirmPendingBooking(confirmation(stale, sessionId, { reference: taken.reference }))).toBe('reference-taken');
    expect(await snapshot(stale.id)).toEqual(before);
    expect(await item(keys.bookingReference(taken.reference))).toMatchObject({ bookingId: other.stale.id });
    expect((await customerByEmail(email))?.firstConfirmedAt).toBeUndefined();
  });

  it("'customer-changed': the customer was counted in the meantime, or was never counted", async () => {
    const email = `confirm-${randomInt(1e9)}@example.com`;
    const { stale, sessionId } = await pending(email);
    // Read as the customer's first booking, but another booking of theirs was confirmed since.
    const second = await pending(email);
    expect(await confirmPendingBooking(confirmation(second.stale, second.sessionId))).toBe('confirmed');
    const counted = (await customerByEmail(email))!.firstConfirmedAt;
    const before = await snapshot(stale.id);
    const c = confirmation(stale, sessionId, { reference: newReference() });
    expect(await confirmPendingBooking(c)).toBe('customer-changed');
    expect(await snapshot(stale.id)).toEqual(before);
    expect(await item(keys.bookingReference(c.reference))).toBeUndefined();
    expect((await customerByEmail(email))!.firstConfirmedAt).toBe(counted);

    // Read as a counted customer's booking, but the customer has no confirmed booking.
    const fresh = await pending();
    const freshBefore = await snapshot(fresh.stale.id);
    expect(await confirmPendingBooking(confirmation(fresh.stale, fresh.sessionId, { firstForCustomer: false }))).toBe('customer-changed');
    expect(await snapshot(fresh.stale.id)).toEqual(freshBefore);
  });

  it("'conflict': another condition of the write failed (here one of the customer's extra items)", async () => {
    const { stale, sessionId, email } = await pending();
    const firstCustomerItems: TransactItem[] = [
      {
        Update: {
          Key: keys.customer(stale.customerId),
          UpdateExpression: 'SET firstConfirmedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(firstConfirmedAt)',
          ExpressionAttributeValues: { ':at': new Date().toISOString() },
        },
      },
      { ConditionCheck: { Key: keys.booking(`missing-${randomInt(1e9)}`), ConditionExpression: 'attribute_exists(pk)' } },
    ];
    const before = await snapshot(stale.id);
    const c = confirmation(stale, sessionId, { firstCustomerItems });
    expect(await confirmPendingBooking(c)).toBe('conflict');
    expect(await snapshot(stale.id)).toEqual(before);
    expect(await item(keys.bookingReference(c.reference))).toBeUndefined();
    expect((await customerByEmail(email))?.firstConfirmedAt).toBeUndefined();
  });
});
