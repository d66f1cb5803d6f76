/**
 * POST /api/me/checkout: a new booking in customer mode. The details come from the person's profile or latest
 * customer record, never from the request; the stay follows the quote's rules; the hosted checkout returns to the
 * dashboard; once paid the booking is the person's. Anonymous callers get 401; nothing is written on a refusal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { myCheckoutMessages } from '../../shared/my-checkout';
import { nzToday } from '../../shared/nz-time';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, env, payOnPage, stripeSession } from './payment-support';

const stay = { car_registration: 'abc123', drop_off_date: daysFromToday(3), drop_off_time: '09:00', pick_up_date: daysFromToday(6), pick_up_time: '09:00' };
const start = (body: unknown, user: TestUser | null) => request(baseUrl, 'POST', '/api/me/checkout', body, user ? { authorization: `Bearer ${user.idToken}` } : {});
const putProfile = (user: TestUser, body: unknown) => request(baseUrl, 'PUT', '/api/me/profile', body, { authorization: `Bearer ${user.idToken}` });

let member: TestUser;

beforeAll(async () => {
  member = await createUser(env);
  await putProfile(member, { first_name: 'Mere', last_name: 'Tane', phone: '021 777 8888', address: '' });
});

describe('POST /api/me/checkout', () => {
  it('answers 401 without a token', async () => {
    expect((await start(stay, null)).status).toBe(401);
  });

  it("books with the profile's details and the account's e-mail, returning to the dashboard", async () => {
    const res = await start({ ...stay, car_wash: true }, member);
    expect(res.status).toBe(201);
    const session = await stripeSession(res.body.sessionId);
    expect(session.success_url).toBe(`${baseUrl}/customer-dashboard?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${baseUrl}/customer-dashboard?checkout=canceled`);
    expect(session.customer_email).toBe(member.email);
    // 3 days: $30 parking + $60 wash.
    expect(session.amount_total).toBe(9000);
    const pending = (await booking(res.body.bookingId))!;
    expect(pending).toMatchObject({ userId: member.sub, carRegistration: 'ABC123', customer: { name: 'Mere Tane', email: member.email, contactNumber: '021 777 8888' }, status: 'pending_payment' });

    await payOnPage(res.body.sessionId);
    const mine = await request(baseUrl, 'GET', '/api/me/bookings', undefined, { authorization: `Bearer ${member.idToken}` });
    expect(mine.body.bookings.map((b: { id: string }) => b.id)).toContain(res.body.bookingId);
  });

  it('takes a deposit when asked', async () => {
    // Another car: the same car on the stay the test above paid for would be a second payment for one trip (409, duplicate-trip.test.ts).
    const res = await start({ ...stay, car_registration: 'DEP456', payment_type: 'deposit' }, member);
    expect((await stripeSession(res.body.sessionId)).amount_total).toBe(1000);
  });

  it('asks for a profile first when there are no details to book with, writing nothing', async () => {
    const newcomer = await createUser(env);
    const res = await start(stay, newcomer);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(myCheckoutMessages.profileIncomplete);
  });

  it.each([
    ['a drop-off inside the lead time', { drop_off_date: nzToday(new Date()), drop_off_time: '00:00' }, 'drop_off_time', messages.leadTime],
    ['pick-up before drop-off', { pick_up_date: daysFromToday(2) }, 'pick_up_time', messages.pickUpAfterDropOff],
    ['an off-grid time', { pick_up_time: '09:10' }, 'pick_up_time', messages.timeNotOnGrid],
  ])('refuses %s with the spec message under the field', async (_name, change, field, message) => {
    const res = await start({ ...stay, ...change }, member);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
  });

  it('refuses details in the request (they come from the profile) and a missing registration', async () => {
    const sneaky = await start({ ...stay, email: 'someone@else.nz' }, member);
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.fieldErrors.email).toBe("Unknown field 'email'");
    const { car_registration: _r, ...noCar } = stay;
    expect((await start(noCar, member)).body.fieldErrors.car_registration).toBe('Required');
  });
});
