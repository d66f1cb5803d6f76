/**
 * Through the local gateway: the add-on services are priced by the server from the one price list
 * (Car Detailing $250 on 8 days' parking of $50 is $300, whatever total the browser sends), stored on the booking,
 * and once paid they are the yard's tasks on the day sheet (detailing: ready before the pick-up) and a column of the
 * CSV export. The figures are the price list's, written out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, payOnPage, quote } from './payment-support';

let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [staff, admin] = await Promise.all([createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

const asStaff = (path: string, user: TestUser = staff) => request(baseUrl, 'GET', path, undefined, { authorization: user.bearer });

describe('add-on services', () => {
  it('the quote prices Car Detailing at $250 on top of the parking', async () => {
    const res = await request(baseUrl, 'POST', '/api/quotes', quote({ carWash: false, carDetailing: true }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ days: 8, parkingCost: 50, carWashCost: 0, carDetailingCost: 250, carCleaningCost: 0, carServicingCost: 0, total: 300 });
  });

  it('the checkout charges what the price list says, not what the browser sends, and the paid booking is a task on its pick-up day and a CSV column', async () => {
    const body = checkoutBody({ quote: { carWash: false, carDetailing: true, carServicing: true }, cost: { days: 8, total: 50, paymentType: 'full' } });
    const started = await checkout(body);
    const stored = await booking(started.bookingId);
    expect(stored).toMatchObject({ carDetailing: true, carDetailingCents: 25000, carServicing: true, carServicingCents: 25000, carWash: false, totalCents: 55000 });

    expect((await payOnPage(started.sessionId)).status).toBe(303);
    const paid = (await booking(started.bookingId))!;
    const reference = paid.bookingReference as string;
    expect(paid.payment.amountPaidCents).toBe(55000);

    // Servicing is done on arrival (the drop-off day), detailing before the car is collected (the pick-up day).
    const dropOffDay = await asStaff(`/api/admin/day-sheet?date=${body.quote.dropOffDate}`);
    expect(dropOffDay.status).toBe(200);
    expect(dropOffDay.body.tasks.filter((t: { booking_id: string }) => t.booking_id === started.bookingId)).toEqual([
      { booking_id: started.bookingId, booking_reference: reference, service: 'car_servicing', text: `Car servicing for ${reference}`, time: '09:00', when: 'after_drop_off', status: 'reservation' },
    ]);
    const pickUpDay = await asStaff(`/api/admin/day-sheet?date=${body.quote.pickUpDate}`);
    expect(pickUpDay.body.tasks.filter((t: { booking_id: string }) => t.booking_id === started.bookingId)).toEqual([
      { booking_id: started.bookingId, booking_reference: reference, service: 'car_detailing', text: `Car detailing for ${reference}`, time: '11:00', when: 'before_pick_up', status: 'reservation' },
    ]);

    const csv = await request(baseUrl, 'GET', `/api/admin/bookings.csv?q=${encodeURIComponent(reference)}`, undefined, { authorization: admin.bearer });
    expect(csv.status).toBe(200);
    const text = typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body);
    const [header, row] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    const services = header!.split(',').indexOf('Services');
    expect(services).toBeGreaterThan(-1);
    expect(row).toContain(reference);
    expect(row).toContain('Car Detailing; Car Servicing');
  });
});
