/**
 * What confirming a checkout session decides (functions/use-cases/booking/confirm-payment.ts), called as the webhook
 * and the success page call it, against the shared DynamoDB and the Stripe stand-in: a session not paid, not this
 * app's, or naming another booking confirms nothing; a paid one confirms its booking once with what was paid and
 * what is left to pay; a payment of another amount or currency, or one arriving after its checkout ended, is kept
 * and held for staff; a session that will never be paid ends its booking, never a confirmed one. The bookings are made
 * by the real checkout; the sessions are the stand-in's (paid for another amount or currency through its pay hook),
 * altered only where Stripe would differ. Also: a session whose booking is gone, the success page when Stripe does
 * not answer or the session pays a balance, and whether a first paid booking gives its details to a customer an
 * account holds.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutSessionItem } from '../../functions/store/checkout-sessions';
import { customerListKeys } from '../../functions/store/customers';
import { keys } from '../../functions/store/keys';
import { paymentMessages } from '../../shared/booking';
import type { Booking } from '../../shared/records';
import { accountHoldingUnpaidCustomer, baseUrl, booking, checkout, checkoutBody, customerByEmail, env, uniquePhone, item, standIn, stripeSession, webhookSecret } from './payment-support';

vi.mock('../../functions/lib/email', () => ({ sendEmail: async () => ({ id: 'sent' }) }));
/** Stripe out of reach for the success page's retrieve while set; the real stand-in otherwise. */
const stripeOutage = vi.hoisted(() => ({ on: false }));
vi.mock('../../functions/lib/stripe', async (original) => {
  const real = await original<typeof import('../../functions/lib/stripe')>();
  return {
    ...real,
    stripeClient: async () => {
      const client = await real.stripeClient();
      if (!stripeOutage.on) return client;
      const down = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED api.stripe.com'), { type: 'StripeConnectionError' }));
      return { ...client, checkout: { sessions: { ...client.checkout.sessions, retrieve: down } } };
    },
  };
});

let confirm: typeof import('../../functions/use-cases/booking/confirm-payment');
let balance: typeof import('../../functions/use-cases/booking/balance-checkout');
let table: typeof import('../../functions/store/table');

beforeAll(async () => {
  process.env.TABLE_NAME = env.tableName;
  process.env.DYNAMODB_ENDPOINT = env.dynamodbEndpoint;
  process.env.STRIPE_STANDIN_URL = env.baseUrl;
  process.env.STRIPE_STANDIN_WEBHOOK_SECRET = webhookSecret();
  process.env.SITE_URL ??= baseUrl; // the balance session's return address
  confirm = await import('../../functions/use-cases/booking/confirm-payment');
  balance = await import('../../functions/use-cases/booking/balance-checkout');
  table = await import('../../functions/store/table');
});

/**
 * The completed events of the payments each test made, which the test confirms (or not) by calling the use case:
 * Stripe's own delivery arrives after it, as it would in the end, so every payment Stripe took is on its booking when
 * the run's closing reconcile looks (tests/support/books-check.ts). Delivered again, a confirmed one changes nothing.
 */
const undelivered: string[] = [];
afterEach(async () => {
  for (const eventId of undelivered.splice(0)) expect((await standIn.deliver(eventId)).status).toBe(200);
});

/**
 * A fresh checkout ($110, or the $10 deposit), paid at the stand-in (for `charged`: another amount or currency than it
 * asked); its event is not delivered during the test.
 */
async function paid(paymentType: 'full' | 'deposit' = 'full', firstName = 'Aroha', charged: { amount_total?: number; currency?: string } = {}): Promise<{ session: Stripe.Checkout.Session; bookingId: string; email: string }> {
  const body = checkoutBody({ paymentType, customer: { firstName } });
  const started = await checkout(body);
  undelivered.push((await standIn.pay(started.sessionId, charged)).eventId);
  return { session: await stripeSession(started.sessionId), bookingId: started.bookingId, email: body.customer.email };
}

describe('sessions that confirm nothing', () => {
  it('not paid, unknown, or naming another booking: nothing confirmed, the booking still waits for its payment', async () => {
    const { session, bookingId } = await paid();
    expect(await confirm.confirmPaidSession({ ...session, payment_status: 'unpaid' })).toEqual({ kind: 'unpaid' });
    expect(await confirm.confirmPaidSession({ ...session, id: 'cs_test_nobodys_session' })).toEqual({ kind: 'unknown' });
    expect(await confirm.confirmPaidSession({ ...session, metadata: { ...session.metadata, bookingId: '00000000-0000-4000-8000-000000000000' } })).toEqual({ kind: 'unknown' });
    expect(await booking(bookingId)).toMatchObject({ status: 'pending_payment' });
    expect((await booking(bookingId))!.bookingReference).toBeUndefined();
  });
});

describe('a paid session', () => {
  it('confirms its booking once, with the amount paid, nothing left to pay and the payment intent; again: the same booking, not confirmed anew', async () => {
    const { session, bookingId, email } = await paid();
    const first = await confirm.confirmPaidSession(session);
    expect(first).toMatchObject({ kind: 'confirmed', confirmedNow: true, booking: { id: bookingId, status: 'reservation' } });
    const saved = (await booking(bookingId))!;
    expect(saved).toMatchObject({ status: 'reservation', bookingReference: expect.stringMatching(/^RP-/) });
    expect(saved.payment).toEqual({ type: 'full', amountPaidCents: 11000, balanceDueCents: 0, currency: 'nzd', paymentIntent: session.payment_intent, sessionId: session.id, paidAt: saved.confirmedAt });
    // The customer's first paid booking puts the customer in the admin's list, in the same write.
    const guard = (await item(keys.emailGuard(email)))!;
    const customer = (await item(keys.customer(guard.customerId as string)))!;
    expect(customer).toMatchObject({ firstConfirmedAt: saved.confirmedAt, ...customerListKeys({ id: customer.id as string, name: customer.name as string }) });

    const again = await confirm.confirmPaidSession(session);
    expect(again).toMatchObject({ kind: 'confirmed', confirmedNow: false, booking: { bookingReference: saved.bookingReference } });
    expect((await booking(bookingId))!.bookingReference).toBe(saved.bookingReference);
  });

  it('a $10 deposit: confirmed with $100 of the $110 left to pay; a payment intent given as an object is recorded by its id', async () => {
    const { session, bookingId } = await paid('deposit');
    const intent = session.payment_intent as string;
    expect(await confirm.confirmPaidSession({ ...session, payment_intent: { id: intent } as Stripe.PaymentIntent })).toMatchObject({ kind: 'confirmed', confirmedNow: true });
    expect((await booking(bookingId))!.payment).toMatchObject({ type: 'deposit', amountPaidCents: 1000, balanceDueCents: 10000, currency: 'nzd', paymentIntent: intent });
  });

  it('more than the booking asked, or another currency: kept, held for staff as an amount to check, no balance below zero', async () => {
    const more = await paid('full', 'Aroha', { amount_total: 12000 });
    expect(await confirm.confirmPaidSession(more.session)).toMatchObject({ kind: 'confirmed', booking: { status: 'payment_review' } });
    expect(await booking(more.bookingId)).toMatchObject({ status: 'payment_review', payment: { amountPaidCents: 12000, balanceDueCents: 0, reviewReason: 'amount' } });

    const aud = await paid('full', 'Aroha', { currency: 'aud' });
    expect(await confirm.confirmPaidSession(aud.session)).toMatchObject({ kind: 'confirmed', booking: { status: 'payment_review' } });
    expect(await booking(aud.bookingId)).toMatchObject({ status: 'payment_review', payment: { amountPaidCents: 11000, currency: 'aud', reviewReason: 'amount' } });
    // Its success page says it is held, not confirmed.
    await expect(confirm.bookingForSession(aud.session.id)).rejects.toMatchObject({ message: paymentMessages.paymentUnderReview });
  });
});

describe('a checkout that ends', () => {
  it('ends a booking still waiting (expired); a payment arriving after that is kept and held for staff as late', async () => {
    const { session, bookingId } = await paid();
    expect(await confirm.endUnpaidSession(session, 'expired')).toBe(true);
    expect(await booking(bookingId)).toMatchObject({ status: 'expired' });
    expect(await confirm.endUnpaidSession(session, 'payment_failed')).toBe(false);
    expect(await confirm.confirmPaidSession(session)).toMatchObject({ kind: 'confirmed', confirmedNow: true, booking: { status: 'payment_review' } });
    expect(await booking(bookingId)).toMatchObject({ status: 'payment_review', bookingReference: expect.stringMatching(/^RP-/), payment: { amountPaidCents: 11000, reviewReason: 'ended' } });
  });

  it('a payment after the checkout ended as failed is kept and held for staff as late too', async () => {
    const { session, bookingId } = await paid();
    expect(await confirm.endUnpaidSession(session, 'payment_failed')).toBe(true);
    expect(await booking(bookingId)).toMatchObject({ status: 'payment_failed' });
    expect(await confirm.confirmPaidSession(session)).toMatchObject({ kind: 'confirmed', confirmedNow: true, booking: { status: 'payment_review' } });
    expect(await booking(bookingId)).toMatchObject({ status: 'payment_review', payment: { amountPaidCents: 11000, reviewReason: 'ended' } });
  });

  it('never ends a confirmed booking, nor one of an unknown session', async () => {
    const { session, bookingId } = await paid();
    await confirm.confirmPaidSession(session);
    expect(await confirm.endUnpaidSession(session, 'payment_failed')).toBe(false);
    expect(await booking(bookingId)).toMatchObject({ status: 'reservation' });
    expect(await confirm.endUnpaidSession({ id: 'cs_test_nobodys_session', metadata: {} }, 'expired')).toBe(false);
  });
});

describe('the success page', () => {
  it('confirms a paid session the webhook has not reached yet; says not found for a made-up or unknown session', async () => {
    const { session, bookingId } = await paid();
    expect(await confirm.bookingForSession(session.id)).toMatchObject({ id: bookingId, status: 'reservation' });
    for (const id of ['not-a-session', 'cs_test_nobodys_session']) await expect(confirm.bookingForSession(id), id).rejects.toMatchObject({ message: paymentMessages.sessionNotFound });
  });
});

describe('a session whose booking is gone', () => {
  it('confirms nothing, ends nothing, and the success page says not found (its records expired, the session item kept)', async () => {
    const { session } = await paid();
    // A booking removed (or its records expired) before a late event or reload: its session item still names it.
    const gone = { sessionId: `cs_test_gone_${randomUUID().replaceAll('-', '')}`, bookingId: randomUUID(), createdAt: new Date().toISOString(), expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    await table.putItem(checkoutSessionItem(gone));
    const late = { ...session, id: gone.sessionId, metadata: {} };
    expect(await confirm.confirmPaidSession(late)).toEqual({ kind: 'unknown' });
    expect(await confirm.endUnpaidSession(late, 'expired')).toBe(false);
    await expect(confirm.bookingForSession(gone.sessionId)).rejects.toMatchObject({ code: 'not-found', message: paymentMessages.sessionNotFound });
    expect(await booking(gone.bookingId)).toBeUndefined();
  });
});

describe('the success page when Stripe does not answer', () => {
  it('says to try again and leaves the booking waiting for its payment; once Stripe answers, it confirms', async () => {
    const { session, bookingId } = await paid();
    stripeOutage.on = true;
    try {
      await expect(confirm.bookingForSession(session.id)).rejects.toMatchObject({ code: 'provider-failed', message: 'Could not check the payment with the payment provider. Please try again.' });
    } finally {
      stripeOutage.on = false;
    }
    expect(await booking(bookingId)).toMatchObject({ status: 'pending_payment' });
    expect((await booking(bookingId))!.bookingReference).toBeUndefined();
    expect(await confirm.bookingForSession(session.id)).toMatchObject({ id: bookingId, status: 'reservation' });
  });
});

describe('the success page of a balance payment', () => {
  it('not paid yet: says so; paid (the webhook not there yet): records the $100 balance once and answers the booking', async () => {
    const { session, bookingId } = await paid('deposit');
    const confirmed = await confirm.confirmPaidSession(session);
    expect(confirmed).toMatchObject({ kind: 'confirmed', booking: { status: 'reservation', payment: { amountPaidCents: 1000, balanceDueCents: 10000 } } });
    const started = await balance.startBalanceCheckout((await booking(bookingId)) as Booking, { kind: 'dashboard' });
    expect(started.amount).toBe(100);

    await expect(confirm.bookingForSession(started.session_id)).rejects.toMatchObject({ code: 'conflict', message: paymentMessages.paymentNotCompleted });
    expect((await booking(bookingId))!.payment).toMatchObject({ amountPaidCents: 1000, balanceDueCents: 10000 });

    await standIn.pay(started.session_id);
    const answered = await confirm.bookingForSession(started.session_id);
    expect(answered).toMatchObject({ id: bookingId, status: 'reservation', payment: { amountPaidCents: 11000, balanceDueCents: 0 } });
    const paidLines = () => booking(bookingId).then((b) => (b!.ledger as { kind: string; sessionId?: string; amountCents: number }[]).filter((l) => l.kind === 'payment'));
    expect((await paidLines()).map((l) => [l.sessionId, l.amountCents])).toEqual([[started.session_id, 10000]]);

    // Reloaded: the same booking, the balance recorded once, without asking Stripe (even when it is out of reach).
    stripeOutage.on = true;
    try {
      expect(await confirm.bookingForSession(started.session_id)).toMatchObject({ id: bookingId, payment: { amountPaidCents: 11000, balanceDueCents: 0 } });
    } finally {
      stripeOutage.on = false;
    }
    expect(await paidLines()).toHaveLength(1);
  });
});

describe('the first paid booking of a customer an account holds', () => {
  const payAndConfirm = async (body: ReturnType<typeof checkoutBody>, headers: Record<string, string> = {}) => {
    const started = await checkout(body, headers);
    await standIn.pay(started.sessionId);
    expect(await confirm.confirmPaidSession(await stripeSession(started.sessionId))).toMatchObject({ kind: 'confirmed', confirmedNow: true });
  };

  it("by someone else, not signed in, with the account's e-mail: the customer keeps the account's name and number", async () => {
    const { holder, typed } = await accountHoldingUnpaidCustomer();
    await payAndConfirm(checkoutBody({ customer: { ...typed, firstName: 'Mallory', lastName: 'Else', contactNumber: uniquePhone() } }));
    expect(await customerByEmail(holder.email)).toMatchObject({ name: 'Hemi Holder', firstName: 'Hemi', lastName: 'Holder', contactNumber: typed.contactNumber, userId: holder.sub, firstConfirmedAt: expect.any(String) });
  });

  it('by the account holder, signed in: the customer takes the name and number paid with', async () => {
    const { holder, typed } = await accountHoldingUnpaidCustomer();
    const phone = uniquePhone();
    await payAndConfirm(checkoutBody({ customer: { ...typed, firstName: 'Hemi', lastName: 'Tane', contactNumber: phone } }), { authorization: holder.bearer });
    expect(await customerByEmail(holder.email)).toMatchObject({ name: 'Hemi Tane', lastName: 'Tane', contactNumber: phone, userId: holder.sub, firstConfirmedAt: expect.any(String) });
  });
});
