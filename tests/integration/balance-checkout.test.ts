/**
 * Paying the balance online: a Checkout session for the balance due, from the dashboard (the owner) and from the pass
 * link (anyone holding it); the payment is recorded on the ledger once, whichever of the webhook and the return page's
 * check comes first, however often either comes; the ledger records what Stripe took. One session is open at a time,
 * and a change of what is due withdraws it; a payment that still comes beyond what is due is refunded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetPassSigningKey, passTokenFor } from '../../functions/lib/pass-token';
import { ensurePassSigningKey } from '../../local/pass-key';
import { returnedPaymentText } from '../../shared/returned-payment';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, customer, env, getCheckout, outboxFor, payOnPage, quote, standIn, stripeSession } from './payment-support';

let owner: TestUser;
let other: TestUser;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  // The test signs pass links with the stack's own key, as the e-mails do.
  process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
  forgetPassSigningKey();
  [owner, other, staff, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const mine = (id: string, user?: TestUser) => api('POST', `/api/me/bookings/${id}/balance-checkout`, {}, user);
const byPass = (token: string) => api('POST', `/api/pass/${encodeURIComponent(token)}/balance-checkout`, {});
/** The "Payment received" e-mails of a booking (the owner's address is shared by this file's bookings). */
const receiptsOf = async (reference: string) => (await outboxFor(owner.email)).filter((m) => m.subject === `Payment received: ${reference} | Runway Parking`);
const onlineLines = (b: Record<string, any>) => (b.ledger ?? []).filter((l: { kind: string; method?: string }) => l.kind === 'payment' && l.method === 'online');

/** The owner's booking, 10 days ($60), paid by the $10 deposit ($50 due) unless `full`. */
async function paid(paymentType: 'full' | 'deposit' = 'deposit', days = 20): Promise<string> {
  const started = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(days), pickUpDate: daysFromToday(days + 9), carWash: false }), customer: customer({ email: owner.email }), paymentType }, owner);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect((await payOnPage(started.body.sessionId)).status).toBeLessThan(400);
  return started.body.bookingId as string;
}

describe('who may start a balance checkout', () => {
  it('the owner 201; anonymous 401; customer B, staff and admins (not their booking) 404 on the dashboard route', async () => {
    const id = await paid();
    expect((await mine(id)).status).toBe(401);
    for (const user of [other, staff, admin]) {
      const res = await mine(id, user);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Booking not found');
    }
    const res = await mine(id, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.amount).toBe(50);
    expect(res.body.url).toContain(`/_local/stripe/checkout/${res.body.session_id}`);
  });

  it('the pass link opens it without signing in; a made-up, altered or unknown token is the same 404', async () => {
    const id = await paid();
    const token = await passTokenFor(id);
    const res = await byPass(token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.amount).toBe(50);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const unknown = await passTokenFor('00000000-0000-4000-8000-000000000000');
    for (const bad of ['nonsense', altered, unknown]) {
      const refused = await byPass(bad);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Booking not found' });
    }
  });

  it('a booking paid in full has nothing due (409) and a cancelled one cannot be paid (409); nothing is written', async () => {
    const full = await paid('full');
    const res = await mine(full, owner);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Nothing is due on this booking');
    const cancelled = await paid();
    expect((await api('POST', `/api/me/bookings/${cancelled}/cancellation`, {}, owner)).status).toBe(200);
    const refused = await byPass(await passTokenFor(cancelled));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This booking cannot take a payment online');
  });
});

describe('the e-mails say where to pay', () => {
  it("the deposit confirmation links the booking's pass (which opens the balance checkout without signing in) and the dashboard", async () => {
    const id = await paid();
    const ref = (await booking(id))!.bookingReference as string;
    const mail = (await outboxFor(owner.email)).find((m) => m.subject.includes(ref) && m.subject.startsWith('Booking confirmed'));
    expect(mail, 'the confirmation e-mail').toBeDefined();
    const link = new RegExp(`Pay the balance of \\$50\\.00 online before pick-up: ${baseUrl.replace(/[.]/g, '\\.')}/pass/(\\S+) \\(or from My Bookings: ${baseUrl.replace(/[.]/g, '\\.')}/customer-dashboard\\)`).exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    const res = await byPass(link![1]!);
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(50);
  });
});

describe('paying the balance', () => {
  it('through the hosted page: $50 recorded once as an online payment, the balance $0.00, the history says so; a second click before paying reuses the session', async () => {
    const id = await paid();
    const first = await mine(id, owner);
    const again = await mine(id, owner);
    expect(again.body.session_id).toBe(first.body.session_id);
    const page = await payOnPage(first.body.session_id);
    expect(page.headers.get('location')).toBe(`${baseUrl}/customer-dashboard?balance_session=${first.body.session_id}`);
    const saved = await booking(id);
    expect(saved!.payment).toMatchObject({ amountPaidCents: 6000, balanceDueCents: 0 });
    expect(onlineLines(saved!)).toEqual([expect.objectContaining({ amountCents: 5000, by: 'customer', sessionId: first.body.session_id, paymentIntent: expect.stringMatching(/^pi_/), note: 'Paid online by card' })]);
    // The return page's check answers the booking as it stands, recording nothing more.
    const check = await getCheckout(first.body.session_id);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ booking_id: id, amount_paid: 60, balance_due: 0 });
    expect(onlineLines((await booking(id))!)).toHaveLength(1);
    const detail = await api('GET', `/api/admin/bookings/${id}`, undefined, admin);
    expect(detail.body.booking).toMatchObject({ amount_paid: 60, balance_due: 0 });
    expect(detail.body.history[0]).toMatchObject({ changes: [{ field: 'payment', old: null, new: '$50.00 Online (card)' }, { field: 'balance_due', old: '$50.00', new: '$0.00' }] });
    expect((await mine(id, owner)).body.message).toBe('Nothing is due on this booking');
    // The traveller's receipt of this payment, once (the return page's check sent no second one), with the pass.
    const receipts = await receiptsOf(saved!.bookingReference as string);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Thank you: we have received your payment of $50.00, paid online by card, on ');
    expect(receipts[0]!.text).toContain('Amount paid (deposit and balance): $60.00\nBalance due at pick-up: $0.00');
    expect(receipts[0]!.text).toContain('/pass/');
  });

  it('the webhook delivered five times racing five return-page checks records the payment once', async () => {
    const id = await paid();
    const started = await byPass(await passTokenFor(id));
    const { eventId } = await standIn.pay(started.body.session_id);
    const results = await Promise.all([...Array.from({ length: 5 }, () => standIn.deliver(eventId)), ...Array.from({ length: 5 }, () => getCheckout(started.body.session_id))]);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const saved = await booking(id);
    expect(onlineLines(saved!)).toHaveLength(1);
    expect(saved!.payment).toMatchObject({ amountPaidCents: 6000, balanceDueCents: 0 });
    expect(await receiptsOf(saved!.bookingReference as string)).toHaveLength(1);
    // And a delivery days later changes nothing.
    expect((await standIn.deliver(eventId)).status).toBe(200);
    expect((await booking(id))!.updatedAt).toBe(saved!.updatedAt);
  });

  it('staff take $20.00 cash while a $50.00 session is open: that session is withdrawn at Stripe, the next click asks $30.00 once', async () => {
    const id = await paid();
    const started = await mine(id, owner);
    const cash = await api('POST', `/api/admin/bookings/${id}/payments`, { amount: 20, method: 'cash', version: (await booking(id))!.updatedAt }, staff);
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect((await stripeSession(started.body.session_id)).status).toBe('expired');
    expect((await payOnPage(started.body.session_id)).status).toBe(410);
    const next = await mine(id, owner);
    expect([next.status, next.body.amount]).toEqual([201, 30]);
    expect(next.body.session_id).not.toBe(started.body.session_id);
    expect((await mine(id, owner)).body.session_id).toBe(next.body.session_id);
    expect((await payOnPage(next.body.session_id)).status).toBeLessThan(400);
    const saved = await booking(id);
    expect(onlineLines(saved!)).toEqual([expect.objectContaining({ amountCents: 3000, sessionId: next.body.session_id })]);
    expect(saved!.payment).toMatchObject({ amountPaidCents: 6000, balanceDueCents: 0 });
  });

  it('paid at Stripe just as staff took cash (its webhook late): recorded as Stripe took it, the balance kept, the rest refunded to that payment', async () => {
    const id = await paid();
    const started = await mine(id, owner);
    const { eventId } = await standIn.pay(started.body.session_id);
    const cash = await api('POST', `/api/admin/bookings/${id}/payments`, { amount: 20, method: 'cash', version: (await booking(id))!.updatedAt }, staff);
    expect(cash.status).toBe(201);
    // The return page's check comes first: it records the payment and answers the booking as it stands.
    const check = await getCheckout(started.body.session_id);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ amount_paid: 60, balance_due: 0 });
    expect((await standIn.deliver(eventId)).status).toBe(200);
    const saved = await booking(id);
    expect(onlineLines(saved!)).toEqual([expect.objectContaining({ amountCents: 5000 })]);
    expect(saved!.payment).toMatchObject({ amountPaidCents: 6000, balanceDueCents: 0 });
    const paidWith = (await stripeSession(started.body.session_id)).payment_intent;
    expect(saved!.ledger!.filter((l: { kind: string }) => l.kind === 'refund')).toEqual([expect.objectContaining({ amountCents: -2000, note: 'Paid beyond the balance due: refunded', paymentIntent: paidWith, status: 'succeeded' })]);
    const detail = await api('GET', `/api/admin/bookings/${id}`, undefined, admin);
    expect(detail.body.history[0]).toMatchObject({ by: 'Customer (paid online)', changes: [{ field: 'payment', new: '$50.00 Online (card)' }, { field: 'refund', new: '$20.00 (Paid beyond the balance due: refunded)' }, { field: 'balance_due', old: '$30.00', new: '$0.00' }] });
    // The customer is told what was kept and what goes back: the return page, the pass and one e-mail.
    const reference = saved!.bookingReference as string;
    const told = `We received your payment of $50.00 for ${reference}, but only $30.00 of it was due. The other $20.00 was not needed and has been refunded to your card.`;
    expect(check.body.returned_payment).toEqual({ amount: 50, kept: 30, refund: 20, reason: 'beyondDue', refunded: true });
    expect(returnedPaymentText(check.body.booking_reference, check.body.returned_payment)).toBe(told);
    const pass = await api('GET', `/api/pass/${encodeURIComponent(await passTokenFor(id))}`);
    expect(pass.body.returned_payments).toEqual([{ amount: 50, kept: 30, refund: 20, reason: 'beyondDue', refunded: true }]);
    const mails = (await outboxFor(owner.email)).filter((m) => m.subject.startsWith(`Your payment for ${reference} was not needed`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(told);
  });

  it('paid at Stripe after staff took the whole balance in cash: not needed, all of it refunded; the return page, the pass and an e-mail say so, never "Payment received"', async () => {
    const id = await paid();
    const started = await mine(id, owner);
    const { eventId } = await standIn.pay(started.body.session_id);
    const cash = await api('POST', `/api/admin/bookings/${id}/payments`, { amount: 50, method: 'cash', version: (await booking(id))!.updatedAt }, staff);
    expect(cash.status).toBe(201);
    const check = await getCheckout(started.body.session_id);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ amount_paid: 60, balance_due: 0, returned_payment: { amount: 50, kept: 0, refund: 50, reason: 'paidTwice', refunded: true } });
    // Delivered again later: recorded once, told once.
    expect((await standIn.deliver(eventId)).status).toBe(200);
    const reference = check.body.booking_reference as string;
    const told = `We received your payment of $50.00 for ${reference}, but it was not needed: the balance had already been paid. $50.00 has been refunded to your card.`;
    expect(returnedPaymentText(reference, check.body.returned_payment)).toBe(told);
    const pass = await api('GET', `/api/pass/${encodeURIComponent(await passTokenFor(id))}`);
    expect(pass.body.returned_payments).toEqual([check.body.returned_payment]);
    const mails = (await outboxFor(owner.email)).filter((m) => m.subject.startsWith(`Your payment for ${reference} was not needed`));
    expect(mails.map((m) => m.text.includes(told))).toEqual([true]);
  });

  it('a balance the booking kept whole returns no returned payment and sends no such e-mail', async () => {
    const id = await paid();
    const started = await mine(id, owner);
    expect((await payOnPage(started.body.session_id)).status).toBeLessThan(400);
    const check = await getCheckout(started.body.session_id);
    expect(check.body).toMatchObject({ balance_due: 0, returned_payment: null });
    expect((await api('GET', `/api/pass/${encodeURIComponent(await passTokenFor(id))}`)).body.returned_payments).toEqual([]);
    expect((await outboxFor(owner.email)).filter((m) => m.subject.includes(`${check.body.booking_reference} was not needed`))).toEqual([]);
  });

  it("a customer's edit that moves the price and a staff cancellation each withdraw the open session", async () => {
    const edited = await paid();
    const open = await mine(edited, owner);
    const b = (await booking(edited))!;
    const edit = await api('PATCH', `/api/me/bookings/${edited}`, { pick_up_date: daysFromToday(30), version: b.updatedAt }, owner);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await stripeSession(open.body.session_id)).status).toBe('expired');
    const again = await mine(edited, owner);
    expect(again.body.amount).toBe(edit.body.booking.balance_due);

    const cancelled = await paid();
    const before = await mine(cancelled, owner);
    expect((await api('POST', `/api/admin/bookings/${cancelled}/cancellation`, { refund: 0 }, admin)).status).toBe(200);
    expect((await stripeSession(before.body.session_id)).status).toBe('expired');
  });

  it('ten clicks at once on the dashboard answer one session, or a 409 the page shows', async () => {
    const id = await paid();
    const answers = await Promise.all(Array.from({ length: 10 }, () => mine(id, owner)));
    const sessions = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.session_id));
    expect(sessions.size).toBe(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect([a.status, a.body.message]).toEqual([409, 'Your payment page is being opened in another window. Please try again in a moment.']);
  });

  it('a session not paid records nothing: the check says the payment is not complete', async () => {
    const id = await paid();
    const started = await mine(id, owner);
    const check = await getCheckout(started.body.session_id);
    expect(check.status).toBe(409);
    expect(onlineLines((await booking(id))!)).toEqual([]);
    expect((await booking(id))!.payment.balanceDueCents).toBe(5000);
  });
});
