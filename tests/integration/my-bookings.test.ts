/**
 * GET /api/me/bookings for anonymous, customer A, customer B and admin: each sees only their own confirmed
 * bookings, including those paid before signing up with the same verified e-mail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, checkout, checkoutBody, env, payOnPage } from './payment-support';

const list = (headers: Record<string, string>) => request(baseUrl, 'GET', '/api/me/bookings', undefined, headers);
const idToken = (u: TestUser) => ({ authorization: `Bearer ${u.idToken}` });

async function bookAndPay(body: ReturnType<typeof checkoutBody>, headers: Record<string, string> = {}) {
  const started = await checkout(body, headers);
  await payOnPage(started.sessionId);
  return started.bookingId;
}

let a: TestUser;
let b: TestUser;
let admin: TestUser;
let aBooking: string;

beforeAll(async () => {
  [a, b, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { admin: true })]);
  aBooking = await bookAndPay(checkoutBody({ customer: { email: a.email } }), { authorization: a.bearer });
});

describe('GET /api/me/bookings', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await list({})).status).toBe(401);
  });

  it("lists A's booking for A only, with the spec's field names", async () => {
    const mine = await list({ authorization: a.bearer });
    expect(mine.status).toBe(200);
    expect(mine.body.bookings.map((x: { id: string }) => x.id)).toEqual([aBooking]);
    expect(mine.body.bookings[0]).toMatchObject({
      id: aBooking,
      user_id: a.sub,
      customer: { email: a.email },
      status: 'reservation',
      car_wash: true,
      total_cost: 110,
      amount_paid: 110,
      balance_due: 0,
      days: 8,
    });
    expect(mine.body.bookings[0].booking_reference).toMatch(/^RP-/);
    for (const other of [b, admin]) {
      const theirs = await list({ authorization: other.bearer });
      expect(theirs.status).toBe(200);
      expect(theirs.body.bookings.map((x: { id: string }) => x.id)).not.toContain(aBooking);
    }
  });

  it('shows bookings paid before sign-up once the e-mail is verified, and never unpaid ones', async () => {
    const body = checkoutBody();
    const paid = await bookAndPay(body);
    await checkout(checkoutBody({ customer: body.customer }));
    const user = await createUser(env, { email: body.customer.email });
    const seen = await list(idToken(user));
    expect(seen.body.bookings.map((x: { id: string }) => x.id)).toEqual([paid]);
    expect(seen.body.bookings[0].user_id).toBeNull();
    // Once claimed, the customer is the account's: its access token (which names no e-mail) sees it too.
    const again = await list({ authorization: user.bearer });
    expect(again.body.bookings.map((x: { id: string }) => x.id)).toEqual([paid]);
  });

  it('lists a deposit booking with the balance due at pick-up', async () => {
    const user = await createUser(env);
    const id = await bookAndPay(checkoutBody({ customer: { email: user.email }, paymentType: 'deposit' }), { authorization: user.bearer });
    const seen = await list({ authorization: user.bearer });
    expect(seen.body.bookings.find((x: { id: string }) => x.id === id)).toMatchObject({ amount_paid: 10, balance_due: 100 });
  });
});
