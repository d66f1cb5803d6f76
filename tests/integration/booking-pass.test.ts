/**
 * The booking pass and manage-my-booking without an account: the pass a signed token
 * opens and what it leaves out; a made-up, altered or orphaned token answering one 404; cancelling and re-sending
 * the confirmation through the token; the owner's /api/me variant for every kind of caller; the one-time link
 * (the same answer for unknown reference or e-mail, once, expiry, budgets); and the confirmation e-mail's link.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { nzToday } from '../../shared/nz-time';
import { inOneBudgetWindow } from '../support/budget-window';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, getCheckout, outboxFor, payOnPage } from './payment-support';
import { sharedStackWithUsers } from '../support/stack-with-users';

const { db, users: { a, b, staff, admin } } = sharedStackWithUsers({ a: {}, b: {}, staff: { staff: true }, admin: { admin: true } });

const NOT_FOUND = 'This booking pass was not found. Check the link, or ask for a new one from Manage my booking.';
const SENT = 'If the reference and e-mail match a booking, we have e-mailed a link to it. The link works once, for 30 minutes.';
const LINK_USED = 'This link has expired or has already been used. Ask for a new one below.';

interface Paid {
  id: string;
  reference: string;
  email: string;
  token: string;
  passUrl: string;
}

/** A paid booking ($110: 8 days with a car wash), dropping off `dropIn` days from today at 09:00, with flights. */
async function paid(options: { dropIn?: number; deposit?: boolean; user?: TestUser } = {}): Promise<Paid> {
  const dropIn = options.dropIn ?? 3;
  const body = checkoutBody({
    customer: options.user ? { email: options.user.email } : {},
    quote: { dropOffDate: daysFromToday(dropIn), pickUpDate: daysFromToday(dropIn + 7), departureFlightNumber: 'NZ101', returnFlightNumber: 'NZ102' },
    paymentType: options.deposit ? 'deposit' : 'full',
  });
  const started = await checkout(body, options.user ? { authorization: options.user.bearer } : {});
  await payOnPage(started.sessionId);
  const success = await getCheckout(started.sessionId);
  expect(success.status).toBe(200);
  return { id: started.bookingId, reference: success.body.booking_reference, email: body.customer.email, token: success.body.pass_token, passUrl: success.body.pass_url };
}

const getPass = (token: string) => request(baseUrl, 'GET', `/api/pass/${encodeURIComponent(token)}`);
const cancel = (token: string) => request(baseUrl, 'POST', `/api/pass/${encodeURIComponent(token)}/cancellation`, {});
const resend = (token: string, from = '203.0.113.9') => request(baseUrl, 'POST', `/api/pass/${encodeURIComponent(token)}/confirmation-email`, {}, { 'x-forwarded-for': from });
/** An address of this test's own (10.0.0.0/8 is never a real visitor's). */
const anAddress = () => `10.${randomInt(200, 256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const askLink = (reference: string, email: string, from?: string) => request(baseUrl, 'POST', '/api/manage-booking', { reference, email }, from ? { 'x-forwarded-for': from } : {});
const openLink = (token: string) => request(baseUrl, 'POST', '/api/manage-booking/open', { token });
const myPass = (id: string, user: TestUser | null) => request(baseUrl, 'GET', `/api/me/bookings/${id}/pass`, undefined, user ? { authorization: user.bearer } : {});

/** The secrets of the manage links e-mailed to this address. */
async function linkSecrets(email: string): Promise<string[]> {
  const mails = (await outboxFor(email)).filter((m) => m.subject.startsWith('Your link to manage booking'));
  return mails.map((m) => /\/manage-booking\/open#([A-Za-z0-9_-]+)/.exec(m.text)?.[1] ?? '');
}

describe('the pass by its token', () => {
  it('shows the booking: reference, the QR content (its own address), NZ dates and times, flights, status, money and what can be done', async () => {
    const mine = await paid({ deposit: true });
    expect(mine.token).toMatch(/^p1\./);
    expect(mine.passUrl).toBe(`${baseUrl}/pass/${mine.token}`);
    const res = await getPass(mine.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reference: mine.reference,
      pass_url: mine.passUrl,
      token: mine.token,
      status: 'reservation',
      drop_off: { date: daysFromToday(3), time: '09:00' },
      pick_up: { date: daysFromToday(10), time: '11:00' },
      days: 8,
      departure_flight: 'NZ101',
      return_flight: 'NZ102',
      // The flight tracker has not asked yet (it starts 24 hours before the arrival): nothing to say.
      return_flight_notice: null,
      return_flight_landed: false,
      car_registration: 'KTA123',
      parking_bay_number: null,
      car_wash: true,
      car_cleaning: false,
      car_detailing: false,
      car_servicing: false,
      total_cost: 110,
      amount_paid: 10,
      balance_due: 100,
      can: { pay_balance: true, cancel: true, say_landed: false, resend_confirmation: true, add_to_calendar: true },
      cancellation: { cancellable: true, reason: null, paid: 10, refund: 0, fee: 10, kept: 10, kept_reason: 'The $20 cancellation fee, 48 hours or more before drop-off' },
      // No wallet is configured on the shared test stack (tests/integration/wallet-passes.test.ts has one that is).
      wallet: { apple: false, google_save_url: null },
      invoice: 'download',
      returned_payments: [],
    });
  });

  it('holds no name, e-mail, phone or ids: the link is made to be forwarded', async () => {
    const mine = await paid();
    const stored = (await booking(mine.id))!;
    const text = JSON.stringify((await getPass(mine.token)).body);
    for (const secret of [stored.customer.email, stored.customer.contactNumber, stored.customer.name, 'Aroha', 'Ngata', stored.customerId, stored.checkoutSessionId]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/email|phone|contact|customer/i);
  });

  it('answers a made-up token, an altered one and a deleted booking with the same 404', async () => {
    const mine = await paid();
    const last = mine.token.at(-1) === 'A' ? 'B' : 'A';
    const altered = `${mine.token.slice(0, -1)}${last}`;
    const otherId = mine.token.replace(mine.id, '00000000-0000-4000-8000-000000000000');
    const answers = [await getPass('p1.made-up.AAAAAAAAAAAAAAAAAAAAAA'), await getPass(altered), await getPass(otherId), await getPass('nonsense')];
    const stored = (await booking(mine.id))!;
    await db.send(new DeleteCommand({ TableName: env.tableName, Key: keys.booking(mine.id) }));
    try {
      answers.push(await getPass(mine.token), await cancel(mine.token), await resend(mine.token));
    } finally {
      // Put back: a paid booking never goes in the product, and Stripe's payment must stay on one (the run's closing reconcile).
      await db.send(new PutCommand({ TableName: env.tableName, Item: stored }));
    }
    for (const res of answers) expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: { message: NOT_FOUND } });
  });

  it('offers "I\'ve landed" on the return day only, and pay balance only with money due', async () => {
    const mine = await paid();
    expect((await getPass(mine.token)).body.can).toMatchObject({ say_landed: false, pay_balance: false });
    await db.send(
      new UpdateCommand({ TableName: env.tableName, Key: keys.booking(mine.id), UpdateExpression: 'SET pickUpDate = :d', ExpressionAttributeValues: { ':d': nzToday(new Date()) } }),
    );
    expect((await getPass(mine.token)).body.can.say_landed).toBe(true);
  });

  it('cancels by the terms through the token: the refund, the pass cancelled, the e-mail; a second time is refused', async () => {
    const mine = await paid({ dropIn: 3 });
    const res = await cancel(mine.token);
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe(90);
    expect(res.body.pass).toMatchObject({ status: 'cancelled', amount_paid: 20, balance_due: 0, can: { cancel: false, pay_balance: false, resend_confirmation: false, add_to_calendar: false } });
    expect((await booking(mine.id))!.status).toBe('cancelled');
    const mail = (await outboxFor(mine.email)).find((m) => m.subject.startsWith('Booking cancelled'));
    expect(mail?.text).toContain('Refund to your card: $90.00');
    const again = await cancel(mine.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking is already cancelled');
    expect((await resend(mine.token)).status).toBe(409);
  });

  it('re-sends the confirmation with the pass link to the booking\'s own e-mail, three times an hour', async () => {
    const mine = await paid();
    const confirmations = async () => (await outboxFor(mine.email)).filter((m) => m.subject.startsWith('Booking confirmed'));
    expect(await confirmations()).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      const res = await resend(mine.token, `198.51.100.${i + 1}`);
      expect(res.status).toBe(202);
      expect(res.body.message).toBe('We have sent the confirmation again to the e-mail address on the booking.');
    }
    const sent = await confirmations();
    expect(sent).toHaveLength(4);
    for (const m of sent) expect(m.text).toContain(mine.passUrl);
    const fourth = await resend(mine.token, '198.51.100.9');
    expect(fourth.status).toBe(429);
    expect(await confirmations()).toHaveLength(4);
  });
});

describe('the confirmation e-mail and the success page', () => {
  it('link to the pass', async () => {
    const mine = await paid();
    const [mail] = (await outboxFor(mine.email)).filter((m) => m.subject.startsWith('Booking confirmed'));
    expect(mail!.text).toContain(`Your booking pass has the QR code to show at the yard`);
    expect(mail!.text).toContain(mine.passUrl);
    expect(mail!.html).toContain(`href="${mine.passUrl}"`);
    expect((await getPass(mine.token)).status).toBe(200);
  });
});

describe('the pass for account holders: GET /api/me/bookings/{id}/pass', () => {
  it('answers the owner the same pass, 401 anonymous and 404 to customer B, staff and admin', async () => {
    const mine = await paid({ user: a });
    const own = await myPass(mine.id, a);
    expect(own.status).toBe(200);
    expect(own.body).toEqual((await getPass(mine.token)).body);
    expect((await myPass(mine.id, null)).status).toBe(401);
    for (const other of [b, staff, admin]) {
      const res = await myPass(mine.id, other);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Booking not found' });
    }
  });
});

describe('manage my booking without an account', () => {
  it('answers an unknown reference, a wrong e-mail and a match alike, and e-mails only the match', async () => {
    const mine = await paid();
    const stranger = `nobody-${mine.id.slice(0, 8)}@example.com`;
    const answers = [await askLink('RP-ZZZZZZ', mine.email), await askLink(mine.reference, stranger), await askLink(mine.reference.replace('RP-', '').toLowerCase(), mine.email.toUpperCase())];
    for (const res of answers) expect({ status: res.status, body: res.body }).toEqual({ status: 202, body: { message: SENT } });
    expect(await outboxFor(stranger)).toHaveLength(0);
    const links = (await outboxFor(mine.email)).filter((m) => m.subject === `Your link to manage booking ${mine.reference} | Runway Parking`);
    expect(links).toHaveLength(1);
    expect(links[0]!.text).toContain('It works once, for 30 minutes.');
  });

  it('refuses a malformed reference or e-mail with a message the form shows', async () => {
    const res = await askLink('hello', 'not-an-email');
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ reference: 'Enter the booking reference from your confirmation, like RP-ABC234', email: 'Please enter a valid email address' });
  });

  it('opens the pass once; a second open, an unknown link and an expired one are refused alike', async () => {
    const mine = await paid();
    await askLink(mine.reference, mine.email);
    const [secret = ''] = await linkSecrets(mine.email);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const opened = await openLink(secret);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ pass_token: mine.token, pass_url: mine.passUrl });
    expect((await openLink(secret)).body).toEqual({ message: LINK_USED });
    expect((await openLink('x'.repeat(43))).status).toBe(404);

    await askLink(mine.reference, mine.email);
    const second = (await linkSecrets(mine.email)).find((s) => s !== secret) ?? '';
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hash = createHash('sha256').update(second).digest('base64url');
    const stored = await db.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.manageLink(hash),
        UpdateExpression: 'SET expiresAt = :past',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    // Only the secret's hash is stored, with its booking.
    expect(stored.Attributes).toMatchObject({ bookingId: mine.id });
    expect(JSON.stringify(stored.Attributes)).not.toContain(second);
    const expired = await openLink(second);
    expect({ status: expired.status, body: expired.body }).toEqual({ status: 404, body: { message: LINK_USED } });
  });

  it("wrong e-mails never lock the owner out: strangers' guesses at the reference and at the e-mail, then the owner's own request sends the link", async () => {
    await inOneBudgetWindow(3600, async () => {
      const mine = await paid();
      const tag = mine.id.slice(0, 6);
      for (let i = 0; i < 4; i++) expect((await askLink(mine.reference, `probe-${i}-${tag}@example.com`, anAddress())).status).toBe(202);
      for (let i = 0; i < 4; i++) expect((await askLink(`RP-ZZZZ${'2345'[i]}${'2345'[i]}`, mine.email, anAddress())).status).toBe(202);
      expect(await linkSecrets(mine.email)).toEqual([]);
      const owners = await askLink(mine.reference, mine.email, anAddress());
      expect({ status: owners.status, body: owners.body }).toEqual({ status: 202, body: { message: SENT } });
      expect(await linkSecrets(mine.email)).toHaveLength(1);
    });
  });

  it('the e-mails sent for one reference stay bounded: 3 an hour however many ask, and the answer never changes', async () => {
    await inOneBudgetWindow(3600, async () => {
      const mine = await paid();
      for (let i = 0; i < 5; i++) {
        const res = await askLink(mine.reference, mine.email, anAddress());
        expect({ status: res.status, body: res.body }).toEqual({ status: 202, body: { message: SENT } });
      }
      expect(await linkSecrets(mine.email)).toHaveLength(3);
    });
  });

  it('an address that has guessed 5 wrong e-mails has no link sent for it, silently; the owner elsewhere still gets theirs', async () => {
    await inOneBudgetWindow(3600, async () => {
      const mine = await paid();
      const guesser = anAddress();
      for (let i = 0; i < 5; i++) expect((await askLink(`RP-ZZZZ${'23456'[i]}${'23456'[i]}`, `walker-${i}-${mine.id.slice(0, 6)}@example.com`, guesser)).status).toBe(202);
      const fromGuesser = await askLink(mine.reference, mine.email, guesser);
      expect({ status: fromGuesser.status, body: fromGuesser.body }).toEqual({ status: 202, body: { message: SENT } });
      expect(await linkSecrets(mine.email)).toEqual([]);
      expect((await askLink(mine.reference, mine.email, anAddress())).status).toBe(202);
      expect(await linkSecrets(mine.email)).toHaveLength(1);
    });
  });

  it('nothing says whether a reference exists, however many wrong e-mails it has had', async () => {
    await inOneBudgetWindow(3600, async () => {
      const mine = await paid();
      const unknown = `RP-${'ZYXWVT'.split('').sort(() => Math.random() - 0.5).join('')}`;
      for (const reference of [mine.reference, unknown]) {
        for (let i = 0; i < 12; i++) {
          const res = await askLink(reference, `guess-${i}-${mine.id.slice(0, 6)}@example.com`, anAddress());
          expect({ reference, status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') }).toEqual({ reference, status: 202, body: { message: SENT }, retryAfter: null });
        }
      }
    });
  });

  it('one address has 10 requests an hour, whatever they ask, decided before anything is looked up', async () => {
    await inOneBudgetWindow(3600, async () => {
      const mine = await paid();
      const from = anAddress();
      for (let i = 0; i < 10; i++) expect((await askLink(i % 2 ? mine.reference : 'RP-ZZZZ22', `one-address-${i}@example.com`, from)).status).toBe(202);
      const refused = await askLink(mine.reference, mine.email, from);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await linkSecrets(mine.email)).toEqual([]);
    });
  });
});
