/**
 * POST /api/checkout through the local gateway: the server's price reaches Stripe whatever the browser
 * sends, the customer is upserted by e-mail with unique contact numbers, the pending booking and its
 * session are recorded, a signed-in caller is recorded, and every kind of bad input is a 4xx with a
 * message and nothing written.
 */
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '../../shared/booking';
import { messages } from '../../shared/messages';
import { keys } from '../../functions/store/keys';
import { nzNow } from '../../shared/nz-time';
import { request } from '../support/http';
import { createUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, customer, customerByEmail, env, item, partition, stripeSession, uniquePhone } from './payment-support';

const post = (body: unknown, headers: Record<string, string> = {}) => request(baseUrl, 'POST', '/api/checkout', body, headers);

describe('POST /api/checkout', () => {
  it('opens a Stripe session for the server price and records a pending booking', async () => {
    const body = checkoutBody({ quote: { departureFlightNumber: 'nz 123', returnFlightNumber: '' } });
    const before = Math.floor(Date.now() / 1000);
    const res = await post(body);
    expect(res.status).toBe(201);
    const { url, sessionId, bookingId } = res.body;
    expect(url).toBe(`${baseUrl}/_local/stripe/checkout/${sessionId}`);

    const session = await stripeSession(sessionId);
    expect(session.amount_total).toBe(11000);
    expect(session.currency).toBe('nzd');
    expect(session.customer_email).toBe(body.customer.email);
    expect(session.client_reference_id).toBe(bookingId);
    expect(session.metadata?.bookingId).toBe(bookingId);
    expect(session.success_url).toBe(`${baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${baseUrl}/payment?canceled=true&booking=${bookingId}`);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(session.expires_at).toBeLessThanOrEqual(before + 32 * 60);

    const b = await booking(bookingId);
    expect(b).toMatchObject({
      type: 'booking',
      status: 'pending_payment',
      totalCents: 11000,
      parkingCents: 5000,
      carWashCents: 6000,
      amountDueNowCents: 11000,
      days: 8,
      carWash: true,
      shuttleService: true,
      carRegistration: 'KTA123',
      departureFlight: 'NZ123',
      returnFlight: null,
      userId: null,
      checkoutSessionId: sessionId,
      customer: { name: 'Aroha Ngata', email: body.customer.email, contactNumber: body.customer.contactNumber },
    });
    expect(b!.ttl).toBeGreaterThan(session.expires_at);
    // Pending bookings are in no list and have no reference.
    expect(b!.gsi1pk).toBeUndefined();
    expect(b!.gsi2pk).toBeUndefined();
    expect(b!.bookingReference).toBeUndefined();
    expect(await item(keys.checkoutSession(sessionId))).toMatchObject({ type: 'checkout_session', bookingId, expiresAt: session.expires_at });
  });

  it('ignores a tampered price: the session charges what the server computes', async () => {
    const body = checkoutBody({ quote: { carWash: false, total: 0.5, parkingCost: 0.5 }, cost: { days: 1, total: 0.5, paymentType: 'full' } });
    const { sessionId, bookingId } = await checkout(body);
    expect((await stripeSession(sessionId)).amount_total).toBe(5000);
    expect((await booking(bookingId))!.totalCents).toBe(5000);
  });

  it('charges $10.00 now for a deposit and records the rest as the balance', async () => {
    const { sessionId, bookingId } = await checkout(checkoutBody({ paymentType: 'deposit', cost: { days: 8, total: 10, paymentType: 'deposit' } }));
    expect((await stripeSession(sessionId)).amount_total).toBe(1000);
    expect(await booking(bookingId)).toMatchObject({ paymentType: 'deposit', totalCents: 11000, amountDueNowCents: 1000 });
  });

  describe('the customer', () => {
    it('is matched by e-mail whatever its case and never changed by a checkout: the booking keeps the details given', async () => {
      const first = customer();
      await checkout(checkoutBody({ customer: first }));
      const created = await customerByEmail(first.email);
      const again = { ...first, email: first.email.toUpperCase(), firstName: 'Mere', contactNumber: uniquePhone() };
      const { bookingId } = await checkout(checkoutBody({ customer: again }));
      expect(await customerByEmail(first.email)).toEqual(created);
      const b = (await booking(bookingId))!;
      expect(b.customerId).toBe(created!.id);
      expect(b.customer).toMatchObject({ name: 'Mere Ngata', contactNumber: again.contactNumber });
      expect(await item(keys.phoneGuard(again.contactNumber))).toBeUndefined();
    });

    it("books with another customer's contact number (a shared phone never blocks a booking), and the number stays theirs", async () => {
      const owner = customer();
      await checkout(checkoutBody({ customer: owner }));
      const ownerId = (await customerByEmail(owner.email))!.id;
      for (const typed of [owner.contactNumber.replace(/ /g, '-'), `+64 ${owner.contactNumber.slice(1)}`]) {
        const partner = customer({ contactNumber: typed });
        const res = await post(checkoutBody({ customer: partner }));
        expect(res.status).toBe(201);
        const created = (await customerByEmail(partner.email))!;
        expect(created.id).not.toBe(ownerId);
        expect(created.contactNumber).toBe(typed);
        expect(await item(keys.phoneGuard(owner.contactNumber))).toMatchObject({ customerId: ownerId });
      }
    });

    it('two checkouts racing with one new e-mail make one customer', async () => {
      const c = customer();
      const results = await Promise.all(Array.from({ length: 6 }, () => post(checkoutBody({ customer: c }))));
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
      const ids = new Set(await Promise.all(results.map(async (r) => (await booking(r.body.bookingId))!.customerId)));
      expect(ids.size).toBe(1);
      expect((await partition(keys.phoneGuard(c.contactNumber).pk)).map((g) => g.customerId)).toEqual([...ids]);
    });
  });

  describe('who is calling', () => {
    it("records a signed-in caller's user id on the booking, and links the new customer only for the account's own verified e-mail", async () => {
      const user = await createUser(env);
      const forSomeoneElse = checkoutBody();
      const { bookingId } = await checkout(forSomeoneElse, { authorization: `Bearer ${user.idToken}` });
      expect((await booking(bookingId))!.userId).toBe(user.sub);
      expect((await customerByEmail(forSomeoneElse.customer.email))!.userId).toBeNull();

      const own = checkoutBody({ customer: { email: user.email } });
      await checkout(own, { authorization: `Bearer ${user.idToken}` });
      expect(await customerByEmail(user.email)).toMatchObject({ userId: user.sub, gsi1pk: `USER#${user.sub}` });
    });

    it('links nothing through an access token, which names no e-mail', async () => {
      const user = await createUser(env);
      const { bookingId } = await checkout(checkoutBody({ customer: { email: user.email } }), { authorization: user.bearer });
      expect((await booking(bookingId))!.userId).toBe(user.sub);
      expect((await customerByEmail(user.email))!.userId).toBeNull();
    });

    it('accepts the id token as well as the access token', async () => {
      const user = await createUser(env);
      const { bookingId } = await checkout(checkoutBody(), { authorization: `Bearer ${user.idToken}` });
      expect((await booking(bookingId))!.userId).toBe(user.sub);
    });

    it('records no user for an anonymous caller', async () => {
      const body = checkoutBody();
      const { bookingId } = await checkout(body);
      expect((await booking(bookingId))!.userId).toBeNull();
      expect((await customerByEmail(body.customer.email))!.userId).toBeNull();
    });

    it("leaves an account's customer record alone when someone else checks out with its e-mail", async () => {
      const owner = await createUser(env);
      const mine = checkoutBody({ customer: { email: owner.email } });
      await checkout(mine, { authorization: `Bearer ${owner.idToken}` });
      const before = await customerByEmail(owner.email);
      expect(before).toMatchObject({ userId: owner.sub, name: 'Aroha Ngata' });

      const other = await createUser(env);
      const theirs = checkoutBody({ customer: { email: owner.email, firstName: 'Mallory', lastName: 'Intruder' } });
      const anonymous = await checkout(theirs);
      const signedIn = await checkout(checkoutBody({ customer: { email: owner.email, firstName: 'Eve' } }), { authorization: `Bearer ${other.idToken}` });
      expect(await customerByEmail(owner.email)).toEqual(before);
      // Each booking keeps the details given with it.
      expect((await booking(anonymous.bookingId))!.customer.name).toBe('Mallory Intruder');
      expect((await booking(signedIn.bookingId))!.userId).toBe(other.sub);
    });

    it("links an unlinked customer only to the account whose token vouches for that e-mail", async () => {
      const body = checkoutBody();
      await checkout(body);
      const stranger = await createUser(env);
      await checkout(checkoutBody({ customer: { email: body.customer.email, contactNumber: body.customer.contactNumber } }), { authorization: `Bearer ${stranger.idToken}` });
      expect((await customerByEmail(body.customer.email))!.userId).toBeNull();

      const owner = await createUser(env, { email: `later-${body.customer.email}` });
      const own = checkoutBody({ customer: { email: owner.email } });
      await checkout(own);
      await checkout(checkoutBody({ customer: { email: owner.email, contactNumber: own.customer.contactNumber } }), { authorization: `Bearer ${owner.idToken}` });
      expect((await customerByEmail(owner.email))!.userId).toBe(owner.sub);
    });

    it.each([
      ['a forged token', 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
      ['garbage', 'Bearer not-a-token'],
      ['an empty bearer', 'Bearer '],
    ])('answers 401 to %s and writes nothing', async (_name, authorization) => {
      const body = checkoutBody();
      const res = await post(body, { authorization });
      expect(res.status).toBe(401);
      expect(await item(keys.emailGuard(body.customer.email))).toBeUndefined();
    });
  });

  describe('bad input is a 400 with the message the page shows, and nothing is written', () => {
    const nzTime = nzNow(new Date());
    const soon = { dropOffDate: nzTime.date, dropOffTime: nzTime.time.slice(0, 3) + (nzTime.time.slice(3) < '30' ? '00' : '30') };
    const cases: [string, (b: ReturnType<typeof checkoutBody>) => unknown, string, string | null][] = [
      ['no quote', ({ quote: _q, ...rest }) => rest, 'quote', 'Please get a quote first to proceed with booking.'],
      ['no customer', ({ customer: _c, ...rest }) => rest, 'customer', paymentMessages.required],
      ['no payment type', ({ paymentType: _p, ...rest }) => rest, 'paymentType', paymentMessages.choosePaymentType],
      ['an unknown payment type', (b) => ({ ...b, paymentType: 'card' }), 'paymentType', paymentMessages.choosePaymentType],
      ['an unknown top-level field', (b) => ({ ...b, discount: 100 }), 'discount', "Unknown field 'discount'"],
      ['an unknown customer field', (b) => ({ ...b, customer: { ...b.customer, admin: true } }), 'customer.admin', "Unknown field 'admin'"],
      ...(['firstName', 'lastName', 'email', 'contactNumber', 'carRegistration'] as const).flatMap((f): typeof cases => [
        [`a missing ${f}`, (b) => ({ ...b, customer: { ...b.customer, [f]: undefined } }), `customer.${f}`, paymentMessages.required],
        [`a blank ${f}`, (b) => ({ ...b, customer: { ...b.customer, [f]: '   ' } }), `customer.${f}`, paymentMessages.required],
        [`a number as ${f}`, (b) => ({ ...b, customer: { ...b.customer, [f]: 42 } }), `customer.${f}`, 'Expected text'],
      ]),
      ['a first name of 51 characters', (b) => ({ ...b, customer: { ...b.customer, firstName: 'A'.repeat(51) } }), 'customer.firstName', paymentMessages.nameTooLong],
      ['an e-mail without @', (b) => ({ ...b, customer: { ...b.customer, email: 'aroha.example.com' } }), 'customer.email', paymentMessages.invalidEmail],
      ['an e-mail of 255 characters', (b) => ({ ...b, customer: { ...b.customer, email: `${'a'.repeat(243)}@example.com` } }), 'customer.email', paymentMessages.invalidEmail],
      ['a phone with letters', (b) => ({ ...b, customer: { ...b.customer, contactNumber: '021 CALL ME' } }), 'customer.contactNumber', paymentMessages.invalidPhone],
      ['a phone with 6 digits', (b) => ({ ...b, customer: { ...b.customer, contactNumber: '(12) 34-56' } }), 'customer.contactNumber', paymentMessages.invalidPhone],
      ['a phone of 21 characters', (b) => ({ ...b, customer: { ...b.customer, contactNumber: '0'.repeat(21) } }), 'customer.contactNumber', paymentMessages.invalidPhone],
      ['a registration with a dash', (b) => ({ ...b, customer: { ...b.customer, carRegistration: 'ABC-123' } }), 'customer.carRegistration', paymentMessages.invalidRegistration],
      ['a registration of 11 characters', (b) => ({ ...b, customer: { ...b.customer, carRegistration: 'ABCDEFGHIJK' } }), 'customer.carRegistration', paymentMessages.invalidRegistration],
      ['car wash as text', (b) => ({ ...b, quote: { ...b.quote, carWash: 'yes' } }), 'quote.carWash', paymentMessages.carWashChoice],
      ['a missing drop-off date', (b) => ({ ...b, quote: { ...b.quote, dropOffDate: undefined } }), 'quote.dropOffDate', messages.invalidDateTime],
      ['an impossible date', (b) => ({ ...b, quote: { ...b.quote, pickUpDate: '2027-02-30' } }), 'quote.pickUpDate', messages.invalidDateTime],
      ['a time off the grid', (b) => ({ ...b, quote: { ...b.quote, dropOffTime: '09:15' } }), 'quote.dropOffTime', messages.timeNotOnGrid],
      ['a drop-off inside the 4-hour lead time', (b) => ({ ...b, quote: { ...b.quote, ...soon } }), 'quote.dropOffTime', messages.leadTime],
      ['a pick-up before the drop-off', (b) => ({ ...b, quote: { ...b.quote, pickUpDate: b.quote.dropOffDate, pickUpTime: '08:00' } }), 'quote.pickUpTime', messages.pickUpAfterDropOff],
      ['a stay of centuries (beyond what a card can be charged)', (b) => ({ ...b, quote: { ...b.quote, pickUpDate: '2999-12-31' } }), 'quote.pickUpDate', messages.stayTooLong],
      ['a flight number of 11 characters', (b) => ({ ...b, quote: { ...b.quote, returnFlightNumber: 'NZ123456789' } }), 'quote.returnFlightNumber', paymentMessages.invalidFlightNumber],
    ];

    it.each(cases)('%s', async (_name, mutate, field, message) => {
      const body = checkoutBody();
      const res = await post(mutate(body));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.fieldErrors[field]).toBe(message);
      expect(await item(keys.emailGuard(body.customer.email))).toBeUndefined();
      expect(await item(keys.phoneGuard(body.customer.contactNumber))).toBeUndefined();
    });

    it.each([
      ['malformed JSON', '{"quote":'],
      ['an array', '[]'],
      ['an empty body', ''],
      ['null', 'null'],
    ])('%s', async (_name, raw) => {
      const res = await post(raw, { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.malformedJson);
    });
  });
});
