/**
 * Through the local gateway: flight numbers (one NZ123-style rule) stored by the checkout,
 * staff bookings, walk-ins and the admin edit, and refused with a 400 and nothing written when malformed; the
 * late-night rule (a drop-off from 19:00 to 05:00 needs 24 hours' notice) refused in the quote, the checkout and a
 * customer's drop-off move, and overridden by staff (New Booking, the edit, walk-ins).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { flightNumberMessage } from '../../shared/flight-number';
import { isLateNight, lateNightMessage } from '../../shared/late-night';
import { addDays, nzInstant, nzNow, nzToday } from '../../shared/nz-time';
import { ALL_SLOTS } from '../../shared/slots';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, customerByEmail, env, item, payOnPage, quote, uniquePhone } from './payment-support';

let a: TestUser;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [a, staff, admin] = await Promise.all([createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

const call = (method: string, path: string, body?: unknown, user: TestUser | null = admin) =>
  request(baseUrl, method, path, body, { ...(user ? { authorization: user.bearer } : {}), 'idempotency-key': randomUUID() });

/**
 * A late-night drop-off (19:00 to 04:30) that meets the 4-hour lead time but comes within 24 hours. There always is
 * one: the 20 hours from now + 4 h to now + 24 h always reach into a 10-hour night.
 */
function lateNightSoon() {
  const now = Date.now();
  for (const date of [nzToday(new Date()), daysFromToday(1), daysFromToday(2)]) {
    for (const time of ALL_SLOTS.filter(isLateNight)) {
      const at = nzInstant({ date, time })?.getTime();
      if (at && at >= now + 4.5 * 3_600_000 && at <= now + 22 * 3_600_000) return { dropOffDate: date, dropOffTime: time };
    }
  }
  throw new Error(`no late-night slot within a day of ${JSON.stringify(nzNow(new Date()))}`);
}

describe('flight numbers', () => {
  it('the checkout stores both flights as typed NZ123-style, in capitals without spaces', async () => {
    const started = await checkout(checkoutBody({ quote: { departureFlightNumber: 'nz 101', returnFlightNumber: 'jq 22' } }));
    expect(await booking(started.bookingId)).toMatchObject({ departureFlight: 'NZ101', returnFlight: 'JQ22' });
  });

  it('a malformed flight is a 400 with the message, and nothing is written', async () => {
    const body = checkoutBody({ quote: { returnFlightNumber: 'flight 7' } });
    const res = await request(baseUrl, 'POST', '/api/checkout', body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ 'quote.returnFlightNumber': flightNumberMessage });
    expect(await customerByEmail(body.customer.email)).toBeUndefined();
  });

  it('a walk-in keeps both flights; the day sheet shows the departure flight on the arrival', async () => {
    const res = await call(
      'POST',
      '/api/admin/walk-ins',
      {
        name: `Tama Fl${randomInt(1e6)}`,
        email: `walkin-fl-${randomUUID().slice(0, 8)}@example.com`,
        contact_number: uniquePhone(),
        car_registration: `FL${randomInt(1000, 9999)}`,
        pick_up_date: addDays(nzToday(new Date()), 3),
        pick_up_time: '10:00',
        departure_flight: 'nz 5',
        return_flight: 'NZ6',
        payment: 'cash',
      },
      staff,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.booking).toMatchObject({ departure_flight: 'NZ5', return_flight: 'NZ6' });
    const sheet = await call('GET', `/api/admin/day-sheet?date=${res.body.booking.drop_off_date}`, undefined, staff);
    expect(sheet.body.arrivals.find((r: { booking_id: string }) => r.booking_id === res.body.booking_id)).toMatchObject({ flight: 'NZ5' });
    const bad = await call('POST', '/api/admin/walk-ins', { departure_flight: '12345' }, staff);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.departure_flight).toBe(flightNumberMessage);
  });

  it('staff edit both flights: stored, in the history, on both day-sheet entries; a bad one is refused with nothing changed', async () => {
    const started = await checkout(checkoutBody());
    await payOnPage(started.sessionId);
    const paid = (await booking(started.bookingId))!;
    expect(paid).toMatchObject({ departureFlight: null, returnFlight: null });

    const bad = await call('PATCH', `/api/admin/bookings/${paid.id}`, { departure_flight: 'NZ', version: paid.updatedAt });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ departure_flight: flightNumberMessage });
    expect((await booking(paid.id))!.updatedAt).toBe(paid.updatedAt);

    const res = await call('PATCH', `/api/admin/bookings/${paid.id}`, { departure_flight: 'ek 450', return_flight: 'NZ 1', version: paid.updatedAt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ departure_flight: 'EK450', return_flight: 'NZ1', total_cost: 110 });
    expect(res.body.history[0].changes).toEqual([
      { field: 'departure_flight', old: null, new: 'EK450' },
      { field: 'return_flight', old: null, new: 'NZ1' },
    ]);
    expect(await item(keys.dayDropOff(paid.dropOffDate, paid.dropOffTime, paid.id))).toMatchObject({ flight: 'EK450' });
    expect(await item(keys.dayPickUp(paid.pickUpDate, paid.pickUpTime, paid.id))).toMatchObject({ flight: 'NZ1' });

    const cleared = await call('PATCH', `/api/admin/bookings/${paid.id}`, { departure_flight: '', version: res.body.booking.updated_at });
    expect(cleared.body.booking).toMatchObject({ departure_flight: null, return_flight: 'NZ1' });
  });
});

describe("the late-night rule: drop-off between 19:00 and 05:00 needs 24 hours' notice", () => {
  it('the quote refuses a late-night drop-off inside 24 hours with the message; three days ahead at 22:00 is priced', async () => {
    const refused = await request(baseUrl, 'POST', '/api/quotes', quote({ ...lateNightSoon(), pickUpDate: daysFromToday(6) }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: lateNightMessage, fieldErrors: { dropOffTime: lateNightMessage } });
    const ahead = await request(baseUrl, 'POST', '/api/quotes', quote({ dropOffDate: daysFromToday(3), dropOffTime: '22:00' }));
    expect(ahead.status).toBe(200);
  });

  it('the checkout refuses it too (never trusting the browser), and nothing is written', async () => {
    const body = checkoutBody({ quote: { ...lateNightSoon(), pickUpDate: daysFromToday(6) } });
    const res = await request(baseUrl, 'POST', '/api/checkout', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: lateNightMessage, fieldErrors: { 'quote.dropOffTime': lateNightMessage } });
    expect(await customerByEmail(body.customer.email)).toBeUndefined();
  });

  it("a customer moving the drop-off into tonight's late hours is refused; staff may make the same move", async () => {
    const started = await checkout(checkoutBody({ customer: { email: a.email } }), { authorization: a.bearer });
    await payOnPage(started.sessionId);
    const paid = (await booking(started.bookingId))!;
    const soon = lateNightSoon();
    const move = { drop_off_date: soon.dropOffDate, drop_off_time: soon.dropOffTime, version: paid.updatedAt };

    const mine = await request(baseUrl, 'PATCH', `/api/me/bookings/${paid.id}`, move, { authorization: a.bearer });
    expect(mine.status).toBe(400);
    expect(mine.body).toMatchObject({ message: lateNightMessage, fieldErrors: { drop_off_time: lateNightMessage } });
    expect((await booking(paid.id))!).toMatchObject({ dropOffDate: paid.dropOffDate, dropOffTime: paid.dropOffTime, updatedAt: paid.updatedAt });

    const byStaff = await call('PATCH', `/api/admin/bookings/${paid.id}`, move);
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(200);
    expect(byStaff.body.booking).toMatchObject({ drop_off_date: soon.dropOffDate, drop_off_time: soon.dropOffTime });
  });

  it("staff's New Booking takes a late-night drop-off at short notice, with both flights", async () => {
    const soon = lateNightSoon();
    const res = await call('POST', '/api/admin/bookings', {
      name: `Tane Night${randomInt(1e6)}`,
      email: `staff-night-${randomUUID().slice(0, 8)}@example.com`,
      contact_number: uniquePhone(),
      car_registration: 'NIGHT1',
      drop_off_date: soon.dropOffDate,
      drop_off_time: soon.dropOffTime,
      pick_up_date: addDays(soon.dropOffDate, 4),
      pick_up_time: '09:00',
      departure_flight: 'nz 77',
      return_flight: 'NZ78',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await booking(res.body.bookingId)).toMatchObject({ dropOffTime: soon.dropOffTime, departureFlight: 'NZ77', returnFlight: 'NZ78' });
  });
});
