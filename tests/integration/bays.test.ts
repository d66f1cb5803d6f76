/**
 * One bay rule everywhere (shared/bays.ts): the yard numbers its bays 1 to its capacity, and the yard's check-in, a
 * walk-in, the admin's edit and the admin's New Booking each refuse anything else ('A12', 0, one past the last bay)
 * with the same 400 and message under `parking_bay_number`, writing nothing; a bay typed '007' is bay 7.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bayMessages } from '../../shared/bays';
import { addDays, nzToday } from '../../shared/nz-time';
import { testBay } from '../support/bays';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, payOnPage, uniquePhone } from './payment-support';

let admin: TestUser;
let capacity: number;

beforeAll(async () => {
  admin = await createUser(env, { admin: true });
  capacity = (await call('GET', '/api/admin/occupancy')).body.capacity;
  expect(capacity).toBeGreaterThan(1);
});

const call = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => request<any>(baseUrl, method, p, body, { authorization: admin.bearer, ...headers });

async function paidBooking() {
  const started = await checkout(checkoutBody({ quote: { dropOffDate: daysFromToday(4), pickUpDate: daysFromToday(6) } }));
  await payOnPage(started.sessionId);
  return (await booking(started.bookingId))!;
}

const walkIn = (bay: string) =>
  call(
    'POST',
    '/api/admin/walk-ins',
    { name: 'Bay Tester', email: `bay-${randomUUID().slice(0, 8)}@example.com`, contact_number: uniquePhone(), car_registration: 'BAY123', pick_up_date: addDays(nzToday(new Date()), 2), pick_up_time: '10:00', payment: 'cash', parking_bay_number: bay },
    { 'idempotency-key': randomUUID() },
  );

describe('one bay rule everywhere', () => {
  const refused = () => ['A12', '0', String(capacity + 1), '1.5', 'B-12'];

  it('the walk-in, the check-in, the admin edit and New Booking refuse the same bays with the same message', async () => {
    const message = bayMessages.outOfRange(capacity);
    const paid = await paidBooking();
    const attempts: Record<string, (bay: string) => Promise<{ status: number; body: any }>> = {
      'walk-in': walkIn,
      'check-in': (bay) => call('POST', `/api/yard/bookings/${paid.id}/check-in`, { car_registration: 'KTA123', parking_bay_number: bay, version: paid.updatedAt }),
      'admin edit': (bay) => call('PATCH', `/api/admin/bookings/${paid.id}`, { parking_bay_number: bay, version: paid.updatedAt }),
      'New Booking': (bay) =>
        call('POST', '/api/admin/bookings', { name: 'Bay Tester', email: `bay-${randomUUID().slice(0, 8)}@example.com`, contact_number: uniquePhone(), car_registration: 'BAY123', parking_bay_number: bay, drop_off_date: daysFromToday(8), drop_off_time: '08:00', pick_up_date: daysFromToday(9), pick_up_time: '18:00' }),
    };
    for (const [where, attempt] of Object.entries(attempts)) {
      for (const bay of refused()) {
        const res = await attempt(bay);
        expect([res.status, res.body.message, res.body.fieldErrors], `${where} ${bay}`).toEqual([400, message, { parking_bay_number: message }]);
      }
    }
    // Nothing written: the booking is as it was.
    expect(await booking(paid.id)).toEqual(paid);
  });

  it('a bay typed with spaces and leading zeros is the yard\'s number (a walk-in and the admin edit)', async () => {
    const bay = testBay(env.dataDir);
    const made = await walkIn(` 00${bay} `);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await booking(made.body.booking_id))!.parkingBayNumber).toBe(bay);
    const paid = await paidBooking();
    const other = testBay(env.dataDir);
    const edited = await call('PATCH', `/api/admin/bookings/${paid.id}`, { parking_bay_number: `0${other}`, version: paid.updatedAt });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.booking.parking_bay_number).toBe(other);
  });
});
