/**
 * Paying twice for one trip: POST /api/checkout and POST /api/me/checkout answer 409 'You already
 * have RP-... for these dates' when a paid booking of the same e-mail (any case) and car (any spacing) overlaps the
 * stay, and go on when the request says `confirm_duplicate: true`. Only a caller who may already see that booking is
 * told: the browser that paid it (its session id) or, on the dashboard, its signed-in owner; anyone else is answered
 * as if there were none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../shared/booking';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, customer, env, payOnPage } from './payment-support';

let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, stranger, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { admin: true })]);
});

const post = (body: unknown, headers: Record<string, string> = {}) => request<{ message: string; fieldErrors?: Record<string, string>; bookingId?: string }>(baseUrl, 'POST', '/api/checkout', body, headers);

/** A stay from `dropIn` days to `dropIn + 7` days from today, 09:00 to 11:00. */
const stay = (dropIn: number, extra: Record<string, unknown> = {}) => ({ dropOffDate: daysFromToday(dropIn), dropOffTime: '09:00', pickUpDate: daysFromToday(dropIn + 7), pickUpTime: '11:00', ...extra });

/** A paid booking of these details and stay; its session id and reference. */
async function paid(details: Record<string, unknown>, quote: Record<string, unknown>, headers: Record<string, string> = {}) {
  const started = await checkout(checkoutBody({ customer: details, quote }), headers);
  await payOnPage(started.sessionId);
  const b = (await booking(started.bookingId))!;
  expect(b.status).toBe('reservation');
  expect(b.bookingReference).toMatch(REFERENCE_PATTERN);
  return { sessionId: started.sessionId, bookingId: started.bookingId, reference: b.bookingReference as string };
}

describe('a traveller not signed in, paying again in the tab that paid', () => {
  it('is told which booking they have (any case of e-mail, any spacing of the plate) and can book anyway', async () => {
    const details = customer({ carRegistration: 'KTA123' });
    const first = await paid(details, stay(20));
    // The same trip a day later to a day later, typed differently.
    const again = checkoutBody({ customer: { ...details, email: details.email.toUpperCase(), carRegistration: 'kta 123' }, quote: stay(21) });

    const refused = await post({ ...again, paid_sessions: [first.sessionId] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`You already have ${first.reference} for these dates`);
    expect(refused.body.fieldErrors).toEqual({ confirm_duplicate: `You already have ${first.reference} for these dates` });

    const anyway = await post({ ...again, paid_sessions: [first.sessionId], confirm_duplicate: true });
    expect(anyway.status).toBe(201);
    expect((await booking(anyway.body.bookingId!))!.status).toBe('pending_payment');
  });

  it('is not warned for another car, a stay that starts when the paid one ends, or a cancelled booking', async () => {
    const details = customer({ carRegistration: 'DUP456' });
    const first = await paid(details, stay(30));
    const proof = { paid_sessions: [first.sessionId] };

    const otherCar = await post({ ...checkoutBody({ customer: { ...details, carRegistration: 'DUP457' }, quote: stay(30) }), ...proof });
    expect(otherCar.status).toBe(201);
    const after = await post({ ...checkoutBody({ customer: details, quote: { dropOffDate: daysFromToday(37), dropOffTime: '11:00', pickUpDate: daysFromToday(40), pickUpTime: '09:00' } }), ...proof });
    expect(after.status).toBe(201);
    // One minute more and the stays overlap: warned.
    const overlapping = await post({ ...checkoutBody({ customer: details, quote: { dropOffDate: daysFromToday(37), dropOffTime: '10:30', pickUpDate: daysFromToday(40), pickUpTime: '09:00' } }), ...proof });
    expect(overlapping.status).toBe(409);

    const cancelled = await request(baseUrl, 'POST', `/api/admin/bookings/${first.bookingId}/cancellation`, { refund: 0 }, { authorization: admin.bearer });
    expect(cancelled.status).toBe(200);
    expect((await post({ ...checkoutBody({ customer: details, quote: stay(30) }), ...proof })).status).toBe(201);
  });

  it('says nothing to a caller without the proof: a stranger with the e-mail, plate and dates learns nothing', async () => {
    const details = customer({ carRegistration: 'SPY789' });
    const first = await paid(details, stay(40));
    const probe = checkoutBody({ customer: { ...details, contactNumber: '021 000 0000' }, quote: stay(40) });
    expect((await post(probe)).status).toBe(201);
    // Signed in as someone else, the same: the booking is neither theirs nor started by them.
    expect((await post(probe, { authorization: `Bearer ${stranger.idToken}` })).status).toBe(201);
    // A session id this app did not make proves nothing (and is not an error).
    expect((await post({ ...probe, paid_sessions: ['cs_test_not_ours', 'not a session'] })).status).toBe(201);
    // The browser that paid is told.
    expect((await post({ ...probe, paid_sessions: [first.sessionId] })).body.message).toBe(`You already have ${first.reference} for these dates`);
  });
});

describe('a signed-in owner on the dashboard', () => {
  it('is told without any proof (their own bookings), and can book anyway', async () => {
    const details = customer({ email: owner.email, carRegistration: 'OWN321' });
    const headers = { authorization: `Bearer ${owner.idToken}` };
    const first = await paid(details, stay(50), headers);

    const profile = await request(baseUrl, 'PUT', '/api/me/profile', { first_name: 'Aroha', last_name: 'Ngata', phone: details.contactNumber, address: '' }, headers);
    expect(profile.status).toBe(200);
    const mine = { car_registration: 'own 321', drop_off_date: daysFromToday(51), drop_off_time: '09:00', pick_up_date: daysFromToday(53), pick_up_time: '09:00', payment_type: 'deposit' };
    const refused = await request<{ message: string; fieldErrors?: Record<string, string> }>(baseUrl, 'POST', '/api/me/checkout', mine, headers);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`You already have ${first.reference} for these dates`);
    expect(refused.body.fieldErrors).toEqual({ confirm_duplicate: `You already have ${first.reference} for these dates` });
    expect((await request(baseUrl, 'POST', '/api/me/checkout', { ...mine, car_registration: 'OWN322' }, headers)).status).toBe(201);
    expect((await request(baseUrl, 'POST', '/api/me/checkout', { ...mine, confirm_duplicate: true }, headers)).status).toBe(201);
  });
});
