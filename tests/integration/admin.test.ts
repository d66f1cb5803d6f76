/**
 * The admin API: every /api/admin route for anonymous, customer A, customer B and admin; the lists'
 * search, filters, pages and sort over bookings made through the real checkout; the staff edit (price and
 * balance follow, bay clashes refused, history written, stale saves refused); the customer editor's
 * uniqueness rules; and a booking for a customer through the hosted checkout. Other test files write to the
 * same table at the same time, so each test finds its own bookings by a unique name or a date window no
 * other test uses.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../shared/admin';
import { messages } from '../../shared/messages';
import { keys } from '../../functions/store/keys';
import { addDays, nzToday } from '../../shared/nz-time';
import { daysFromToday } from '../support/dates';
import { testBay } from '../support/bays';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, item, outboxFor, partition, payOnPage, uniquePhone } from './payment-support';
import { env } from './payment-support';

let a: TestUser;
let b: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [a, b, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { admin: true })]);
});

const call = (method: string, path: string, body?: unknown, user: TestUser | null = admin) =>
  request(baseUrl, method, path, body, user ? { authorization: user === admin ? `Bearer ${admin.idToken}` : user.bearer } : {});

/** A surname no other booking has: letters only, so it is one search token. */
const uniqueSurname = () => `Zz${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('')}`;

interface Paid {
  id: string;
  reference: string;
  surname: string;
  email: string;
  phone: string;
  registration: string;
  updatedAt: string;
}

async function paidBooking(options: { dropIn?: number; pickIn?: number; surname?: string; email?: string; carWash?: boolean } = {}): Promise<Paid> {
  const surname = options.surname ?? uniqueSurname();
  const phone = uniquePhone();
  const registration = `T${randomInt(10000, 99999)}`;
  const body = checkoutBody({
    customer: { lastName: surname, contactNumber: phone, carRegistration: registration, ...(options.email ? { email: options.email } : {}) },
    quote: { dropOffDate: dateIn(options.dropIn ?? 3), pickUpDate: dateIn(options.pickIn ?? 10), carWash: options.carWash ?? true },
  });
  const started = await checkout(body);
  await payOnPage(started.sessionId);
  const saved = (await booking(started.bookingId))!;
  expect(saved.status).toBe('reservation');
  return { id: saved.id, reference: saved.bookingReference, surname, email: body.customer.email, phone, registration, updatedAt: saved.updatedAt };
}

const list = (query: string, user: TestUser | null = admin) => call('GET', `/api/admin/bookings?${query}`, undefined, user);

/**
 * Date windows of this file's own: from 1,000 days ahead (no other test books there) and 15 days apart (a test
 * books at most 12 days from its start), so a test that counts what a range, a date or a bay holds counts only
 * its own bookings. Their dates count from the NZ date the file loaded on, so a test running across NZ midnight
 * still finds the dates it booked; nearer dates count from now, for the 4-hour lead time.
 */
const FIRST_WINDOW = 1000;
const loadedOn = nzToday(new Date());
let windows = 0;
const window = () => FIRST_WINDOW + 15 * windows++;
const dateIn = (days: number) => (days >= FIRST_WINDOW ? addDays(loadedOn, days) : daysFromToday(days));

describe('access to every admin route', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/summary'],
    ['GET', '/api/admin/bookings'],
    ['POST', '/api/admin/bookings', {}],
    ['GET', `/api/admin/bookings/${id}`],
    ['PATCH', `/api/admin/bookings/${id}`, { version: 'x' }],
    ['GET', '/api/admin/customers?search=ab'],
    ['GET', `/api/admin/customers/${id}`],
    ['PATCH', `/api/admin/customers/${id}`, { name: 'A', email: 'a@example.com', contact_number: '021 555 0000' }],
  ];

  it.each(routes)('%s %s: 401 anonymous, 403 for customers A and B, and not refused for staff', async (method, path, body) => {
    expect((await call(method, path, body, null)).status).toBe(401);
    for (const customer of [a, b]) {
      const res = await call(method, path, body, customer);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
    const res = await call(method, path, body, admin);
    expect([200, 400, 404]).toContain(res.status);
  });

  it('changes nothing for a customer who tries to edit a booking or a customer', async () => {
    const paid = await paidBooking();
    const before = await booking(paid.id);
    const res = await call('PATCH', `/api/admin/bookings/${paid.id}`, { status: 'checkout', version: paid.updatedAt }, a);
    expect(res.status).toBe(403);
    expect(await booking(paid.id)).toEqual(before);
  });
});

describe('summary', () => {
  it('counts a new paid booking, its revenue and today, from the counters', async () => {
    const before = (await call('GET', '/api/admin/summary')).body;
    await paidBooking();
    const after = (await call('GET', '/api/admin/summary')).body;
    expect(after.total_bookings).toBeGreaterThanOrEqual(before.total_bookings + 1);
    expect(after.total_revenue).toBeGreaterThanOrEqual(before.total_revenue + 110);
    expect(after.todays_bookings).toBeGreaterThanOrEqual(before.todays_bookings + 1);
    expect(after.unique_customers).toBeGreaterThanOrEqual(before.unique_customers + 1);
    // Dollars to the cent, as the cards show them.
    expect(after.total_revenue).toBe(Math.round(after.total_revenue * 100) / 100);
    expect(after.by_status.reservation).toBeGreaterThanOrEqual(1);
  });
});

describe('lists', () => {
  it('finds a booking by name, e-mail, phone, registration and reference', async () => {
    const paid = await paidBooking();
    for (const q of [paid.surname, paid.surname.slice(0, 6), paid.email, paid.phone, paid.registration, paid.reference, `Aroha ${paid.surname}`]) {
      const res = await list(`q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.items.map((i: { id: string }) => i.id), q).toContain(paid.id);
    }
    const row = (await list(`q=${paid.surname}`)).body.items[0];
    expect(row).toMatchObject({ booking_reference: paid.reference, car_registration: paid.registration, status: 'reservation', total_cost: 110, balance_due: 0, days: 8, parking_bay_number: null });
    expect(row.customer).toEqual({ name: `Aroha ${paid.surname}`, email: paid.email, contact_number: paid.phone });
  });

  it('pages, counts, filters and sorts a drop-off range; the status filter and the other range narrow it', async () => {
    const start = window();
    const made = [await paidBooking({ dropIn: start + 2, pickIn: start + 5 }), await paidBooking({ dropIn: start, pickIn: start + 9 }), await paidBooking({ dropIn: start + 1, pickIn: start + 3 })];
    const range = `dropOffFrom=${dateIn(start)}&dropOffTo=${dateIn(start + 2)}`;
    const first = await list(`${range}&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2, truncated: false, sortedWithinPage: false });
    const second = await list(`${range}&pageSize=2&page=2`);
    const ids = [...first.body.items, ...second.body.items].map((i: { id: string }) => i.id);
    // Default order for a drop-off range: earliest drop-off first.
    expect(ids).toEqual([made[1]!.id, made[2]!.id, made[0]!.id]);
    const byPickUpDesc = (await list(`${range}&sort=pickup_desc`)).body.items.map((i: { id: string }) => i.id);
    expect(byPickUpDesc).toEqual([made[1]!.id, made[0]!.id, made[2]!.id]);
    const beyond = await list(`${range}&pageSize=2&page=3`);
    expect(beyond.body).toMatchObject({ items: [], total: 3 });

    await call('PATCH', `/api/admin/bookings/${made[0]!.id}`, { status: 'checkin', status_override: { confirmed: true, reason: 'Test set-up: out of the usual order' }, version: (await booking(made[0]!.id))!.updatedAt });
    const checkedIn = await list(`${range}&status=checkin`);
    expect(checkedIn.body.items.map((i: { id: string }) => i.id)).toEqual([made[0]!.id]);
    expect(checkedIn.body.items[0].status).toBe('checkin');
    const narrowed = await list(`${range}&pickUpFrom=${dateIn(start + 4)}&pickUpTo=${dateIn(start + 6)}`);
    expect(narrowed.body.items.map((i: { id: string }) => i.id)).toEqual([made[0]!.id]);
    const pickUpOnly = await list(`pickUpFrom=${dateIn(start + 3)}&pickUpTo=${dateIn(start + 3)}`);
    expect(pickUpOnly.body.items.map((i: { id: string }) => i.id)).toEqual([made[2]!.id]);
  });

  it('pages all bookings newest first, month by month, and by status, with totals from the counters', async () => {
    const mine = await paidBooking();
    const all = await list('pageSize=100');
    expect(all.status).toBe(200);
    expect(all.body.items.map((i: { id: string }) => i.id)).toContain(mine.id);
    const created = all.body.items.map((i: { created_at: string }) => i.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    // The list's total and the summary's count the same bookings (counters that only grow, while other files book):
    // a summary read between two lists lies between their totals.
    const summary = (await call('GET', '/api/admin/summary')).body;
    const later = await list('pageSize=1');
    expect(all.body.total).toBeGreaterThanOrEqual(all.body.items.length);
    expect(summary.total_bookings).toBeGreaterThanOrEqual(all.body.total);
    expect(later.body.total).toBeGreaterThanOrEqual(summary.total_bookings);
    const page1 = (await list('pageSize=3&page=1')).body.items.map((i: { id: string }) => i.id);
    const page2 = (await list('pageSize=3&page=2')).body.items.map((i: { id: string }) => i.id);
    expect(page1.filter((id: string) => page2.includes(id))).toEqual([]);
    const reservations = await list('status=reservation&pageSize=100');
    expect(reservations.body.items.every((i: { status: string }) => i.status === 'reservation')).toBe(true);
    expect(reservations.body.items.map((i: { id: string }) => i.id)).toContain(mine.id);
    const sorted = await list('pageSize=5&sort=dropoff_asc');
    expect(sorted.body.sortedWithinPage).toBe(true);
  });

  it("shows tomorrow's drop-offs and pick-ups in the upcoming tabs, and a quick search narrows them", async () => {
    const soon = await paidBooking({ dropIn: 1, pickIn: 1 + randomInt(3, 9) });
    const drop = await list(`tab=dropoffs&q=${soon.surname}`);
    expect(drop.body.items.map((i: { id: string }) => i.id)).toEqual([soon.id]);
    expect((await list(`tab=pickups&q=${soon.surname}`)).body.items).toEqual([]);
    const tab = await list('tab=dropoffs&pageSize=100');
    expect(tab.body.items.every((i: { drop_off_date: string }) => [daysFromToday(0), daysFromToday(1)].includes(i.drop_off_date))).toBe(true);
    const summary = (await call('GET', '/api/admin/summary')).body;
    expect(summary.upcoming_dropoffs).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['page=0', adminMessages.pageInvalid],
    ['page=-1', adminMessages.pageInvalid],
    ['page=abc', adminMessages.pageInvalid],
    ['pageSize=1000', adminMessages.pageSizeInvalid],
    ['tab=everything', 'Unknown tab'],
    ['status=lost', 'Unknown status'],
    ['sort=price', 'Unknown sort'],
    ['colour=red', "Unknown field 'colour'"],
    ['dropOffFrom=2030-05-10&dropOffTo=2030-05-01', adminMessages.fromAfterTo],
    ['dropOffFrom=2030-01-01&dropOffTo=2030-12-31', adminMessages.rangeTooLong],
    ['pickUpFrom=2030-02-31', 'Invalid date or time format'],
    ['dropOffFrom=tomorrow', 'Invalid date or time format'],
    [`q=${'x'.repeat(101)}`, adminMessages.searchTooLong],
  ])('refuses %s with a message the page shows', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect([res.body.message, ...Object.values(res.body.fieldErrors ?? {})]).toContain(message);
  });

  it('answers an empty page for a search that matches nothing', async () => {
    const res = await list(`q=${uniqueSurname()}`);
    expect(res.body).toMatchObject({ items: [], total: 0 });
  });
});

describe('staff edit', () => {
  const edit = (id: string, body: unknown) => call('PATCH', `/api/admin/bookings/${id}`, body);

  it('re-prices new dates, keeps the money straight, moves the day sheet and writes the history', async () => {
    const start = window();
    const paid = await paidBooking({ dropIn: start, pickIn: start + 7, carWash: false });
    // 8 days parking ($50) paid in full; 12 days is $70: $20 due at pick-up.
    const res = await edit(paid.id, { pick_up_date: dateIn(start + 11), version: paid.updatedAt });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ total_cost: 70, amount_paid: 50, balance_due: 20, days: 12, pick_up_date: dateIn(start + 11) });
    expect(res.body.settlement).toEqual({ total: 70, balance_due: 20, refund: 0, kept: 0, kept_reason: null });
    expect(res.body.history[0]).toMatchObject({ by: admin.email });
    expect(res.body.history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'pick_up_date', old: dateIn(start + 7), new: dateIn(start + 11) },
        { field: 'total_cost', old: '$50.00', new: '$70.00' },
      ]),
    );
    expect(await item(keys.dayPickUp(dateIn(start + 7), '11:00', paid.id))).toBeUndefined();
    expect(await item(keys.dayPickUp(dateIn(start + 11), '11:00', paid.id))).toMatchObject({ status: 'reservation', pickUpAt: `${dateIn(start + 11)}T11:00` });
    const detail = await call('GET', `/api/admin/bookings/${paid.id}`);
    expect(detail.body.history).toHaveLength(1);
    const mail = (await outboxFor(paid.email)).find((m) => m.subject.startsWith('Booking updated'));
    expect(mail?.text).toContain('$20.00');
  });

  it('refunds the difference of a shorter stay before the drop-off date', async () => {
    const start = window();
    const paid = await paidBooking({ dropIn: start, pickIn: start + 7, carWash: true });
    const res = await edit(paid.id, { car_wash: false, version: paid.updatedAt });
    expect(res.body.settlement).toEqual({ total: 50, balance_due: 0, refund: 60, kept: 0, kept_reason: null });
    const saved = (await booking(paid.id))!;
    expect(saved.ledger.find((l: { kind: string }) => l.kind === 'refund')).toMatchObject({ amountCents: -6000, status: 'succeeded', by: 'admin' });
  });

  it('sets status, bay, shuttle and registration; empty registration and bay are stored as null', async () => {
    const paid = await paidBooking();
    // Written with spaces and leading zeros: stored as the yard numbers it.
    const firstBay = testBay(env.dataDir);
    const res = await edit(paid.id, { status: 'checkin', status_override: { confirmed: true, reason: 'Test set-up: out of the usual order' }, parking_bay_number: ` 00${firstBay} `, shuttle_service: false, car_registration: ' ', version: paid.updatedAt });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'checkin', parking_bay_number: firstBay, shuttle_service: false, car_registration: null });
    const cleared = await edit(paid.id, { parking_bay_number: '', version: res.body.booking.updated_at });
    expect(cleared.body.booking.parking_bay_number).toBeNull();
    expect((await booking(paid.id))!.parkingBayNumber).toBeNull();
    expect(await partition('BAY#A-12')).not.toContainEqual(expect.objectContaining({ bookingId: paid.id }));
  });

  it('refuses a bay another booking holds on overlapping dates, and allows it once they do not overlap', async () => {
    const start = window();
    const bay = testBay(env.dataDir);
    const first = await paidBooking({ dropIn: start, pickIn: start + 5 });
    const second = await paidBooking({ dropIn: start + 3, pickIn: start + 8 });
    const third = await paidBooking({ dropIn: start + 6, pickIn: start + 9 });
    expect((await edit(first.id, { parking_bay_number: bay, version: first.updatedAt })).status).toBe(200);
    const clash = await edit(second.id, { parking_bay_number: bay, version: second.updatedAt });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: adminMessages.bayTaken, fieldErrors: { parking_bay_number: adminMessages.bayTaken } });
    expect((await booking(second.id))!.parkingBayNumber).toBeNull();
    expect((await edit(third.id, { parking_bay_number: bay, version: third.updatedAt })).status).toBe(200);
  });

  it('lets only one of two staff give the same bay to overlapping bookings at the same moment', async () => {
    const start = window();
    const bay = testBay(env.dataDir);
    const [x, y] = await Promise.all([paidBooking({ dropIn: start, pickIn: start + 4 }), paidBooking({ dropIn: start + 1, pickIn: start + 5 })]);
    const results = await Promise.all([edit(x.id, { parking_bay_number: bay, version: x.updatedAt }), edit(y.id, { parking_bay_number: bay, version: y.updatedAt })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses a stale save, bad values, unknown fields and unknown bookings, writing nothing', async () => {
    const paid = await paidBooking();
    const before = await booking(paid.id);
    const stale = await edit(paid.id, { status: 'checkout', version: '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(adminMessages.stale);
    for (const body of [
      { drop_off_date: daysFromToday(-3), version: paid.updatedAt },
      { pick_up_date: daysFromToday(1), version: paid.updatedAt },
      { status: 'cancelled', version: paid.updatedAt },
      { total_cost: 1, version: paid.updatedAt },
      { parking_bay_number: '<script>', version: paid.updatedAt },
    ]) {
      expect((await edit(paid.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const pickUpBefore = await edit(paid.id, { pick_up_date: daysFromToday(2), version: paid.updatedAt });
    expect(pickUpBefore.body.fieldErrors.pick_up_time).toBe(messages.pickUpAfterDropOff);
    expect(await booking(paid.id)).toEqual(before);
    expect((await edit(randomUUID(), { version: 'x' })).status).toBe(404);
    expect((await call('GET', '/api/admin/bookings/not-an-id')).status).toBe(404);
  });
});

describe('customers', () => {
  it('searches from 2 characters, up to 5', async () => {
    const paid = await paidBooking();
    const res = await call('GET', `/api/admin/customers?search=${paid.surname}`);
    expect(res.body.customers).toEqual([expect.objectContaining({ name: `Aroha ${paid.surname}`, email: paid.email, contact_number: paid.phone })]);
    const short = await call('GET', '/api/admin/customers?search=a');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(adminMessages.customerSearchShort);
    expect((await call('GET', '/api/admin/customers?search=aroha')).body.customers.length).toBeLessThanOrEqual(5);
  });

  it("edits a customer, refuses another's e-mail or number with the spec's messages, and carries the change to the bookings", async () => {
    const [mine, other] = await Promise.all([paidBooking(), paidBooking()]);
    const customerId = (await booking(mine.id))!.customerId;
    const current = (await call('GET', `/api/admin/customers/${customerId}`)).body.customer;
    const patch = (body: Record<string, unknown>) => call('PATCH', `/api/admin/customers/${customerId}`, { name: current.name, email: current.email, contact_number: current.contact_number, ...body });
    const emailTaken = await patch({ email: other.email.toUpperCase() });
    expect(emailTaken.status).toBe(409);
    expect(emailTaken.body).toMatchObject({ message: 'A customer with this email already exists', fieldErrors: { email: 'A customer with this email already exists' } });
    const phoneTaken = await patch({ contact_number: other.phone });
    expect(phoneTaken.status).toBe(409);
    expect(phoneTaken.body.message).toBe('A customer with this contact number already exists');

    const newSurname = uniqueSurname();
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const done = await patch({ name: `Mere ${newSurname}`, email: newEmail, version: current.updated_at });
    expect(done.status).toBe(200);
    expect(done.body.customer).toMatchObject({ name: `Mere ${newSurname}`, email: newEmail });
    expect(await item(keys.emailGuard(mine.email))).toBeUndefined();
    expect(await item(keys.emailGuard(newEmail))).toMatchObject({ customerId });
    const found = await list(`q=${newSurname}`);
    expect(found.body.items.map((i: { id: string }) => i.id)).toEqual([mine.id]);
    expect(found.body.items[0].customer).toEqual({ name: `Mere ${newSurname}`, email: newEmail, contact_number: mine.phone });
    expect((await list(`q=${mine.surname}`)).body.items).toEqual([]);
    const history = await partition(`CUSTOMER#${customerId}`, 'AUDIT#');
    expect(history[0]).toMatchObject({ by: admin.email, changes: expect.arrayContaining([{ field: 'email', old: mine.email, new: newEmail }]) });
    const stale = await patch({ name: 'Someone Else', version: current.updated_at });
    expect(stale.status).toBe(409);
  });
});

describe('booking for a customer', () => {
  it('opens a checkout that returns to /admin; once paid the booking is listed with its bay', async () => {
    const start = window();
    const surname = uniqueSurname();
    const bay = testBay(env.dataDir);
    const body = {
      name: `Tane ${surname}`,
      email: `staff-booked-${randomUUID().slice(0, 8)}@example.com`,
      contact_number: uniquePhone(),
      car_registration: 'abc123',
      parking_bay_number: bay,
      drop_off_date: dateIn(start),
      drop_off_time: '08:00',
      pick_up_date: dateIn(start + 2),
      pick_up_time: '18:00',
    };
    const res = await call('POST', '/api/admin/bookings', body);
    expect(res.status).toBe(201);
    const session = res.body;
    await payOnPage(session.sessionId);
    const saved = (await booking(session.bookingId))!;
    expect(saved).toMatchObject({ status: 'reservation', parkingBayNumber: bay, carRegistration: 'ABC123', userId: null, totalCents: 3000 });
    const listed = await list(`q=${surname}`);
    expect(listed.body.items[0]).toMatchObject({ id: session.bookingId, parking_bay_number: bay });

    const clash = await call('POST', '/api/admin/bookings', { ...body, email: `x-${randomUUID().slice(0, 6)}@example.com`, drop_off_date: dateIn(start + 1), pick_up_date: dateIn(start + 4) });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(adminMessages.bayTaken);
    const late = await call('POST', '/api/admin/bookings', { ...body, parking_bay_number: undefined, drop_off_date: daysFromToday(-1) });
    expect(late.status).toBe(400);
    expect(late.body.fieldErrors.drop_off_time).toBe(messages.leadTime);
    const unknown = await call('POST', '/api/admin/bookings', { ...body, parking_bay_number: undefined, customer_id: randomUUID() });
    expect(unknown.status).toBe(404);
  });
});

describe('day sheet', () => {
  it("lists a date's arrivals and departures in time order with what the gate needs; only for staff", async () => {
    const start = window();
    const paid = await paidBooking({ dropIn: start, pickIn: start + 4 });
    const date = dateIn(start);
    expect((await call('GET', `/api/admin/day-sheet?date=${date}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/admin/day-sheet?date=${date}`, undefined, a)).status).toBe(403);
    const sheet = await call('GET', `/api/admin/day-sheet?date=${date}`);
    expect(sheet.status).toBe(200);
    const arrival = sheet.body.arrivals.find((r: { booking_id: string }) => r.booking_id === paid.id);
    expect(arrival).toMatchObject({ booking_reference: paid.reference, time: '09:00', customer_name: `Aroha ${paid.surname}`, contact_number: paid.phone, car_registration: paid.registration, car_wash: true, balance_due: 0, status: 'reservation' });
    const times = sheet.body.arrivals.map((r: { time: string }) => r.time);
    expect([...times].sort()).toEqual(times);
    const departures = (await call('GET', `/api/admin/day-sheet?date=${dateIn(start + 4)}`)).body.departures;
    expect(departures.map((r: { booking_id: string }) => r.booking_id)).toContain(paid.id);
    for (const bad of ['2030-02-30', 'today', '']) expect((await call('GET', `/api/admin/day-sheet?date=${bad}`)).status).toBe(400);
  });
});
