/**
 * The desk and the gate: the forgiving search against bookings stored by the real
 * checkout; a date range filtered to Cancelled finds cancelled bookings; walk-ins paid in the yard or by a card link;
 * and who may call the routes opened to staff (anonymous, customer A, customer B, staff, admin). Other files write
 * to the same table, so each test finds its own bookings by unique names, numbers and far-off dates.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { keys } from '../../functions/store/keys';
import { addDays, nzNow, nzToday } from '../../shared/nz-time';
import { testBay } from '../support/bays';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, item, outboxFor, payOnPage } from './payment-support';
import { tableClient } from '../support/stack-with-users';

let a: TestUser;
let b: TestUser;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [a, b, staff, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

const call = (method: string, path: string, body?: unknown, user: TestUser | null = staff, headers: Record<string, string> = {}) =>
  request(baseUrl, method, path, body, { ...(user ? { authorization: user.bearer } : {}), ...headers });
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');

/** Far-off dates no other file books (2,000 days on, a window per test), counted from the NZ date the file loaded. */
const loadedOn = nzToday(new Date());
let windows = 0;
const window = () => addDays(loadedOn, 2000 + 20 * windows++);

interface Paid {
  id: string;
  reference: string;
  surname: string;
  email: string;
  phone: string;
  registration: string;
  dropOffDate: string;
}

/** A booking paid through the checkout, the number typed as +64 and the registration with a space. */
async function paidBooking(dropOffDate = window()): Promise<Paid> {
  const surname = `Yy${letters(8)}`;
  const digits = `${randomInt(100, 999)}${randomInt(1000, 9999)}`;
  const phone = `+64 21 ${digits.slice(0, 3)} ${digits.slice(3)}`;
  const registration = `Q${letters(1).toUpperCase()} ${randomInt(1000, 9999)}`;
  const body = checkoutBody({ customer: { firstName: 'Mere', lastName: surname, contactNumber: phone, carRegistration: registration }, quote: { dropOffDate, pickUpDate: addDays(dropOffDate, 5) } });
  const started = await checkout(body);
  await payOnPage(started.sessionId);
  const saved = (await booking(started.bookingId))!;
  expect(saved.status).toBe('reservation');
  return { id: saved.id, reference: saved.bookingReference, surname, email: body.customer.email, phone, registration, dropOffDate };
}

describe('routes opened to staff, and what stays with admins', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const opened: [string, string, unknown?][] = [
    ['GET', '/api/admin/bookings?q=zz'],
    ['GET', `/api/admin/bookings/${id}`],
    ['GET', `/api/admin/day-sheet?date=${loadedOn}`],
    ['POST', '/api/admin/walk-ins', {}],
  ];

  it.each(opened)('%s %s: 401 anonymous, 403 for customers A and B, answered for staff and admins', async (method, path, body) => {
    expect((await call(method, path, body, null)).status).toBe(401);
    for (const customer of [a, b]) {
      const res = await call(method, path, body, customer);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
    for (const user of [staff, admin]) {
      const res = await call(method, path, body, user);
      // A made-up id is 404 and an empty walk-in 400: answered, not refused.
      expect([200, 400, 404], `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    }
  });

  it('refuses staff the export, cancelling, refunds, capacity and customer edits (403), which admins reach', async () => {
    const adminOnly: [string, string, unknown?][] = [
      ['GET', '/api/admin/bookings.csv'],
      ['POST', `/api/admin/bookings/${id}/cancellation`, { refund: 0 }],
      ['POST', `/api/admin/bookings/${id}/refunds`, { amount: 1, reason: 'x' }],
      ['PUT', '/api/admin/capacity', { capacity: 300 }],
      ['PATCH', `/api/admin/customers/${id}`, { name: 'A B', email: 'a@example.com', contact_number: '021 555 0000' }],
      ['PATCH', `/api/admin/bookings/${id}`, { version: 'x' }],
    ];
    for (const [method, path, body] of adminOnly) {
      expect((await call(method, path, body, staff)).status, `${method} ${path}`).toBe(403);
      expect((await call(method, path, body, admin)).status, `${method} ${path}`).not.toBe(403);
    }
  });
});

describe('the forgiving search, against stored bookings', () => {
  it('finds a booking by its reference without RP- or in any case, any 4+ digits of the number, the registration without its space, the surname and e-mail', async () => {
    const paid = await paidBooking();
    const code = paid.reference.slice(3);
    const digits = paid.phone.replace(/\D/g, '');
    const forms = [
      code,
      code.toLowerCase(),
      paid.reference.toLowerCase(),
      `rp ${code.toLowerCase()}`,
      `RP${code}`,
      digits.slice(-4),
      digits.slice(-7, -2),
      `0${digits.slice(2)}`,
      paid.phone,
      paid.registration.replace(' ', ''),
      paid.registration.toLowerCase(),
      paid.surname.toLowerCase(),
      paid.surname.toUpperCase().slice(0, 5),
      paid.email.toUpperCase(),
    ];
    for (const q of forms) {
      const res = await call('GET', `/api/admin/bookings?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(ids(res), q).toContain(paid.id);
    }
    // The yard's phone screen finds the same through the upcoming tabs' quick search.
    for (const q of [code.toLowerCase(), digits.slice(-4), paid.registration.replace(' ', '').toLowerCase()]) {
      expect(ids(await call('GET', `/api/admin/bookings?q=${encodeURIComponent(q)}&dropOffFrom=${paid.dropOffDate}&dropOffTo=${paid.dropOffDate}`)), q).toEqual([paid.id]);
    }
  });

  it('does not find a booking by a run of four digits its number does not hold', async () => {
    const paid = await paidBooking();
    const digits = paid.phone.replace(/\D/g, '');
    // Four digits the number does not hold anywhere (as typed or in its national 0 form).
    const national = `0${digits.slice(2)}`;
    const wrongRun = Array.from({ length: 10_000 }, (_, n) => String(n).padStart(4, '0')).find((run) => !digits.includes(run) && !national.includes(run))!;
    const res = await call('GET', `/api/admin/bookings?q=${wrongRun}&dropOffFrom=${paid.dropOffDate}&dropOffTo=${paid.dropOffDate}`);
    expect(ids(res)).not.toContain(paid.id);
  });
});

describe('a date range filtered to Cancelled', () => {
  it('finds the cancelled booking (All does too, Reservation does not), and the day sheet still leaves it out', async () => {
    const paid = await paidBooking();
    const kept = await paidBooking(paid.dropOffDate);
    expect((await call('POST', `/api/admin/bookings/${paid.id}/cancellation`, { refund: 0 }, admin)).status).toBe(200);
    const range = `dropOffFrom=${paid.dropOffDate}&dropOffTo=${paid.dropOffDate}`;
    expect(ids(await call('GET', `/api/admin/bookings?status=cancelled&${range}`))).toEqual([paid.id]);
    expect((await call('GET', `/api/admin/bookings?status=cancelled&${range}`)).body.items[0]).toMatchObject({ status: 'cancelled', booking_reference: paid.reference });
    expect(ids(await call('GET', `/api/admin/bookings?status=all&${range}`)).sort()).toEqual([paid.id, kept.id].sort());
    expect(ids(await call('GET', `/api/admin/bookings?status=reservation&${range}`))).toEqual([kept.id]);
    const byPickUp = `pickUpFrom=${addDays(paid.dropOffDate, 5)}&pickUpTo=${addDays(paid.dropOffDate, 5)}`;
    expect(ids(await call('GET', `/api/admin/bookings?status=cancelled&${byPickUp}`))).toEqual([paid.id]);
    const sheet = (await call('GET', `/api/admin/day-sheet?date=${paid.dropOffDate}`)).body;
    expect(sheet.arrivals.map((r: { booking_id: string }) => r.booking_id)).toEqual([kept.id]);
  });
});

describe('walk-ins', () => {
  const walkIn = (overrides: Record<string, unknown> = {}, user: TestUser | null = staff) =>
    call(
      'POST',
      '/api/admin/walk-ins',
      {
        name: `Tama Ww${letters(8)}`,
        email: `walkin-${randomUUID().slice(0, 8)}@example.com`,
        contact_number: `027 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`,
        car_registration: `WK${randomInt(1000, 9999)}`,
        pick_up_date: addDays(nzToday(new Date()), 3),
        pick_up_time: '10:00',
        car_wash: false,
        payment: 'cash',
        ...overrides,
      },
      user,
      { 'idempotency-key': randomUUID() },
    );

  it('paid cash: booked from now (no 4-hour lead time) and checked in, the whole total recorded on the ledger by the member of staff, listed and on today\'s sheet, the confirmation e-mailed with the pass', async () => {
    const startedAt = nzNow(new Date());
    const email = `walkin-${randomUUID().slice(0, 8)}@example.com`;
    const res = await walkIn({ payment: 'cash', email, parking_bay_number: testBay(env.dataDir) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { booking: made, booking_id: id } = res.body;
    // The car is at the gate: checked in, not left as a reservation.
    expect(made).toMatchObject({ status: 'checkin', drop_off_date: startedAt.date, balance_due: 0 });
    // The traveller's confirmation, once, with the pass (it is the payment's receipt too: no second e-mail).
    const mails = await outboxFor(email);
    expect(mails.map((m) => m.subject)).toEqual([`Booking confirmed: ${made.booking_reference} | Runway Parking`]);
    expect(mails[0]!.text).toMatch(/\/pass\/p1\./);
    expect(mails[0]!.text).toContain(`Amount paid: $${made.total_cost.toFixed(2)}`);
    // The half-hour slot the request came in, at most 30 minutes before now.
    expect(made.drop_off_time <= startedAt.time).toBe(true);
    expect(made.amount_paid).toBe(made.total_cost);
    expect(made.total_cost).toBeGreaterThan(0);
    expect(made.booking_reference).toMatch(/^RP-[2-9A-HJ-NP-Z]{6}$/);
    const saved = (await booking(id))!;
    expect(saved.ledger).toEqual([expect.objectContaining({ kind: 'payment', method: 'cash', amountCents: Math.round(made.total_cost * 100), takenBy: staff.sub, note: 'Paid in the yard: Cash' })]);
    expect(saved.payment).toMatchObject({ balanceDueCents: 0, paymentIntent: null });
    expect(await item(keys.bayEntry(saved.parkingBayNumber, `${saved.dropOffDate}T${saved.dropOffTime}`, id))).toBeDefined();
    expect(ids(await call('GET', `/api/admin/bookings?q=${made.booking_reference.slice(3).toLowerCase()}`))).toEqual([id]);
    const sheet = (await call('GET', `/api/admin/day-sheet?date=${startedAt.date}`)).body;
    expect(sheet.arrivals.find((r: { booking_id: string }) => r.booking_id === id)).toMatchObject({ booking_reference: made.booking_reference, balance_due: 0, parking_bay_number: saved.parkingBayNumber, key_tag: null });
    // The yard's check-in writes the car's key tag on the booking (another screen's work); the sheet shows it.
    const db = tableClient(env);
    await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET keyTag = :tag', ExpressionAttributeValues: { ':tag': 'K-17' } }));
    const tagged = (await call('GET', `/api/admin/day-sheet?date=${startedAt.date}`)).body;
    expect(tagged.arrivals.find((r: { booking_id: string }) => r.booking_id === id)).toMatchObject({ parking_bay_number: saved.parkingBayNumber, key_tag: 'K-17' });
  });

  it('paid cash without a bay: checked in to the first bay free for the stay', async () => {
    const res = await walkIn({ payment: 'eftpos' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.booking.status).toBe('checkin');
    expect(res.body.booking.parking_bay_number).toMatch(/^\d+$/);
    const saved = (await booking(res.body.booking_id))!;
    expect(await item(keys.bayEntry(saved.parkingBayNumber, `${saved.dropOffDate}T${saved.dropOffTime}`, saved.id))).toMatchObject({ status: 'checkin' });
  });

  it("a new customer paid in the yard is in the admin's customer list, written with the booking", async () => {
    // 'Aaaa' sorts before the names other files use, so the list's first pages reach it.
    const name = `Aaaa${letters(8)} Walkin`;
    const email = `walkin-list-${randomUUID().slice(0, 8)}@example.com`;
    const res = await walkIn({ name, email, payment: 'cash' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const saved = (await booking(res.body.booking_id))!;
    expect(await item(keys.customer(saved.customerId))).toMatchObject({ firstConfirmedAt: saved.createdAt, gsi2pk: 'CUSTOMERS', gsi2sk: `${name.toLowerCase()} #${saved.customerId}` });
    const listed: { id: string; name: string; email: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { customers: { id: string; name: string; email: string }[]; next: string | null } } = await call('GET', `/api/admin/customer-list?pageSize=100${cursor ? `&cursor=${cursor}` : ''}`, undefined, admin);
      expect(page.status).toBe(200);
      listed.push(...page.body.customers.filter((c) => c.id === saved.customerId));
      cursor = page.body.next;
    } while (cursor && listed.length === 0);
    expect(listed).toEqual([expect.objectContaining({ id: saved.customerId, name, email })]);
  });

  it('paid by EFTPOS: the line says so', async () => {
    const res = await walkIn({ payment: 'eftpos' }, admin);
    expect(res.status).toBe(201);
    expect((await booking(res.body.booking_id))!.ledger).toEqual([expect.objectContaining({ kind: 'payment', method: 'eftpos', note: 'Paid in the yard: EFTPOS' })]);
  });

  it('card link: a checkout e-mailed to the traveller; listed only once they pay', async () => {
    const email = `walkin-link-${randomUUID().slice(0, 8)}@example.com`;
    const res = await walkIn({ payment: 'card_link', email });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ booking_id: expect.any(String), link_sent_to: email });
    expect((await booking(res.body.booking_id))!.status).toBe('pending_payment');
    const mail = (await outboxFor(email)).find((m) => m.subject === 'Pay for your parking at Runway Parking');
    const url = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
    expect(url).toBeDefined();
    const sessionId = /\/(cs_[A-Za-z0-9_]+)/.exec(url!)?.[1];
    expect(sessionId).toBeDefined();
    await payOnPage(sessionId!);
    const paid = (await booking(res.body.booking_id))!;
    expect(paid).toMatchObject({ status: 'reservation', dropOffDate: nzNow(new Date()).date });
    expect(paid.payment).toMatchObject({ balanceDueCents: 0 });
  });

  it('refuses a pick-up before now, a bay another car holds and bad fields with a 400/409 {message}, writing nothing', async () => {
    const email = `walkin-bad-${randomUUID().slice(0, 8)}@example.com`;
    const past = await walkIn({ email, pick_up_date: addDays(nzToday(new Date()), -1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(messages.pickUpAfterDropOff);
    expect(past.body.fieldErrors).toHaveProperty('pick_up_time');
    for (const bad of [{ payment: 'cheque' }, { pick_up_time: '10:15' }, { car_registration: '' }, { name: '' }, { extra: 1 }]) {
      const res = await walkIn({ email, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(await item(keys.emailGuard(email))).toBeUndefined();
    const bay = testBay(env.dataDir);
    expect((await walkIn({ parking_bay_number: bay })).status).toBe(201);
    const clash = await walkIn({ parking_bay_number: bay });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('That parking bay is taken by another booking on these dates');
  });
});
