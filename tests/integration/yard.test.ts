/**
 * The yard phone screen's API: who may call each route (anonymous, customer A who owns the booking,
 * customer B, staff, admin), scanning a pass's QR code (a made-up or altered code is 404), check-in (bay, key tag,
 * note; a double tap checks in once; a taken bay is refused and never suggested), check-out (refused while money
 * is due, allowed once the cash is recorded, or by an admin with a reason), staff notes (never in a customer's
 * response; flagged ones on the day sheet), and the status rules on every path that changes a status.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetPassSigningKey, passTokenFor, passUrl } from '../../functions/lib/pass-token';
import { keys } from '../../functions/store/keys';
import { ensurePassSigningKey } from '../../local/pass-key';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { baseUrl, booking, customer, env, partition, payOnPage, quote } from './payment-support';
import { sharedStackWithUsers } from '../support/stack-with-users';

const { db, users: { a, b, staff, admin } } = sharedStackWithUsers({ a: {}, b: {}, staff: { staff: true }, admin: { admin: true } });

beforeAll(async () => {
  // The test signs pass tokens with the stack's own key, read from its data folder as the stack reads it.
  process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
  forgetPassSigningKey();
});

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser) => request<T>(baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const version = async (id: string) => (await booking(id))!.updatedAt as string;
const OVERRIDE = { confirmed: true, reason: 'Owner dropped the car off early' };

/** Customer A's paid booking, drop-off in `dropIn` days, 09:00 to 11:00 a week later ($50 parking, no wash); `deposit` leaves $40 due. */
async function paid(dropIn: number, paymentType: 'full' | 'deposit' = 'full'): Promise<string> {
  const res = await api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(dropIn), pickUpDate: daysFromToday(dropIn + 7), carWash: false }), customer: customer({ email: a.email }), paymentType }, a);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await payOnPage(res.body.sessionId)).status).toBeLessThan(400);
  return res.body.bookingId as string;
}

/** The drop-off moved to today (checkout keeps a 4-hour lead time, the yard meets cars on their day). */
async function dropOffToday(id: string): Promise<void> {
  await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET dropOffDate = :d, dropOffTime = :t', ExpressionAttributeValues: { ':d': daysFromToday(0), ':t': '00:00' } }));
}

/**
 * The stage's condition record, taken as the yard takes it before the car moves (yard-condition.test.ts tests the
 * record and the rule that needs it); a booking that cannot take one (cancelled, unknown) is left for the move to refuse.
 */
async function conditionTaken(id: string, stage: 'drop-off' | 'collection'): Promise<void> {
  const view = await api('GET', `/api/yard/bookings/${id}/condition`, undefined, staff);
  if (view.status !== 200 || view.body[stage === 'drop-off' ? 'drop_off' : 'collection']) return;
  const taken = await api('POST', `/api/yard/bookings/${id}/condition`, { stage, odometer_km: 1200, fuel: { eighths: 5 }, marks: [], ack: { not_present: 'Keys left at the desk' }, version: await version(id) }, staff);
  expect([201, 409]).toContain(taken.status);
}
const checkIn = async (id: string, body: Record<string, unknown>, user: TestUser = staff) => {
  await conditionTaken(id, 'drop-off');
  return api('POST', `/api/yard/bookings/${id}/check-in`, { car_registration: 'KTA 123', version: await version(id), ...body }, user);
};
const checkOut = async (id: string, body: Record<string, unknown> = {}, user: TestUser = staff) => {
  await conditionTaken(id, 'collection');
  return api('POST', `/api/yard/bookings/${id}/check-out`, { version: await version(id), ...body }, user);
};
const audits = (id: string) => partition(keys.booking(id).pk, 'AUDIT#');

describe('who may call the yard routes', () => {
  it('anonymous 401; customers 403 (the owner too); staff and admins get through', async () => {
    const id = await paid(40);
    const code = passUrl('https://runwayparking.example', await passTokenFor(id));
    const routes: [string, string, unknown][] = [
      ['POST', '/api/yard/scan', { code }],
      ['GET', `/api/yard/bookings/${id}`, undefined],
      ['POST', `/api/yard/bookings/${id}/check-in`, { car_registration: 'KTA123', parking_bay_number: '1', version: 'v' }],
      ['POST', `/api/yard/bookings/${id}/check-out`, { version: 'v' }],
      ['POST', `/api/admin/bookings/${id}/notes`, { text: 'Roof rack' }],
      ['GET', `/api/admin/day-sheet?date=${daysFromToday(40)}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await api(method, path, body)).status, `${method} ${path}`).toBe(401);
      for (const customerUser of [a, b]) {
        const res = await api(method, path, body, customerUser);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.message).toBe("You don't have admin privileges to access this page");
      }
    }
    for (const user of [staff, admin]) {
      expect((await api('POST', '/api/yard/scan', { code }, user)).status).toBe(200);
      expect((await api('GET', `/api/yard/bookings/${id}`, undefined, user)).status).toBe(200);
      expect((await api('POST', `/api/admin/bookings/${id}/notes`, { text: `Note by ${user.email}` }, user)).status).toBe(201);
      expect((await api('GET', `/api/admin/day-sheet?date=${daysFromToday(40)}`, undefined, user)).status).toBe(200);
    }
    // The vehicle photos (check-in and pick-up photos): staff on any booking, as admins; another customer still 404.
    expect((await api('GET', `/api/bookings/${id}/photos`, undefined, staff)).status).toBe(200);
    expect((await api('GET', `/api/bookings/${id}/photos`, undefined, b)).status).toBe(404);
    // A stale version is the only thing wrong here: staff reach the use case, which refuses it without writing.
    expect((await api('POST', `/api/yard/bookings/${id}/check-in`, { car_registration: 'KTA123', parking_bay_number: '1', version: 'v' }, staff)).status).toBe(409);
    expect((await booking(id))!.status).toBe('reservation');
  });
});

describe('POST /api/yard/scan', () => {
  it("finds the booking from the pass's address or its bare token; anything made up or altered is 404 with one message", async () => {
    const id = await paid(41);
    const token = await passTokenFor(id);
    const found = await api('POST', '/api/yard/scan', { code: passUrl('https://runwayparking.example', token) }, staff);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ booking: { id, status: 'reservation' }, next_step: 'checkin', step_blocked: `This booking can be checked in from its drop-off day, ${daysFromToday(41)}. An admin can check it in early with a reason.` });
    expect((await api('POST', '/api/yard/scan', { code: token }, staff)).body.booking.id).toBe(id);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const code of ['hello', 'RP-ABC123', altered, `p1.${id}.AAAAAAAAAAAAAAAAAAAAAA`, 'https://runwayparking.example/pass/p1.x.y', await passTokenFor('00000000-0000-4000-8000-000000000000')]) {
      const res = await api('POST', '/api/yard/scan', { code }, staff);
      expect(res.status, code).toBe(404);
      expect(res.body.message).toBe('This code is not one of our passes');
    }
    const empty = await api('POST', '/api/yard/scan', { code: ' ' }, staff);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Scan or type the code on the pass');
  });
});

describe('check-in', () => {
  it('on the drop-off day: registration, make, colour, the suggested bay, key tag and a note, in one change the history shows', async () => {
    const id = await paid(42);
    await dropOffToday(id);
    const view = await api('GET', `/api/yard/bookings/${id}`, undefined, staff);
    expect(view.body).toMatchObject({ next_step: 'checkin', step_blocked: null });
    const bay = view.body.suggested_bay as string;
    expect(bay).toMatch(/^\d+$/);
    const res = await checkIn(id, { car_make: 'Toyota', car_colour: 'Silver', parking_bay_number: bay, key_tag: 'k17', note: 'Scratch on the rear bumper' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'checkin', car_registration: 'KTA123', car_make: 'Toyota', car_colour: 'Silver', parking_bay_number: bay, key_tag: 'K17' });
    expect(res.body.next_step).toBe('checkout');
    // An access token names no one (only the user id, which the history records): the note says a staff member wrote
    // it (note-authors.test.ts: an id token's name or e-mail).
    expect(res.body.notes.map((n: { text: string; author: string }) => [n.text, n.author])).toEqual([['Scratch on the rear bumper', 'A staff member']]);
    expect((await booking(id))!).toMatchObject({ status: 'checkin', parkingBayNumber: bay, keyTag: 'K17' });
    const entry = (await audits(id)).find((e) => e.changes.some((c: { field: string }) => c.field === 'status'));
    expect(entry!.by).toBe(staff.sub);
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', old: 'Reservation', new: 'Check-in' },
        { field: 'parking_bay_number', old: null, new: bay },
        { field: 'key_tag', old: null, new: 'K17' },
      ]),
    );
    expect(await partition(`BAY#${bay}`)).toContainEqual(expect.objectContaining({ bookingId: id, status: 'checkin' }));
  });

  it('before the drop-off day: staff are refused with the reason, staff cannot override, an admin can with a reason the history keeps', async () => {
    const id = await paid(43);
    const early = await checkIn(id, { parking_bay_number: '7' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`This booking can be checked in from its drop-off day, ${daysFromToday(43)}. An admin can check it in early with a reason.`);
    expect((await checkIn(id, { parking_bay_number: '7', status_override: OVERRIDE })).status).toBe(403);
    expect((await checkIn(id, { parking_bay_number: '7', status_override: { confirmed: true, reason: ' ' } }, admin)).body.message).toBe('Give the reason for this status change');
    expect((await booking(id))!.status).toBe('reservation');
    const done = await checkIn(id, { parking_bay_number: '', status_override: OVERRIDE }, admin);
    expect(done.status).toBe(400);
    expect(done.body.message).toBe('Choose a parking bay');
    const ok = await checkIn(id, { parking_bay_number: (await api('GET', `/api/yard/bookings/${id}`, undefined, admin)).body.suggested_bay, status_override: OVERRIDE }, admin);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const entry = (await audits(id)).at(-1);
    expect(entry!.changes).toContainEqual({ field: 'status_override', old: null, new: 'Reservation -> Check-in (early): Owner dropped the car off early' });
  });

  it('a cancelled booking is not checked in, whatever the screen sent', async () => {
    const id = await paid(48);
    expect((await api('POST', `/api/me/bookings/${id}/cancellation`, {}, a)).status).toBe(200);
    await dropOffToday(id);
    const refused = await checkIn(id, { parking_bay_number: '9' }, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A cancelled booking can no longer be edited');
    expect((await booking(id))!).toMatchObject({ status: 'cancelled' });
    expect((await booking(id))!.parkingBayNumber ?? null).toBeNull();
    expect((await partition('BAY#9')).filter((e) => e.bookingId === id)).toEqual([]);
  });

  it('a check-in over a change saved since the screen loaded is refused, and changes nothing', async () => {
    const id = await paid(49);
    await dropOffToday(id);
    const stale = await version(id);
    // Another staff member's save, as the booking's version shows it.
    await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET updatedAt = :u', ExpressionAttributeValues: { ':u': new Date().toISOString() } }));
    const refused = await api('POST', `/api/yard/bookings/${id}/check-in`, { car_registration: 'KTA123', parking_bay_number: '11', version: stale }, staff);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Someone else saved this booking first. Reload it to see their changes, then save again.');
    expect((await booking(id))!).toMatchObject({ status: 'reservation' });
    expect((await partition('BAY#11')).filter((e) => e.bookingId === id)).toEqual([]);
  });

  it('a double tap checks in once and takes one bay', async () => {
    const id = await paid(44);
    await dropOffToday(id);
    const bay = (await api('GET', `/api/yard/bookings/${id}`, undefined, staff)).body.suggested_bay as string;
    await conditionTaken(id, 'drop-off');
    const v = await version(id);
    const body = { car_registration: 'KTA123', parking_bay_number: bay, key_tag: '5', note: 'Keys on the hook', version: v };
    const [x, y] = await Promise.all([api('POST', `/api/yard/bookings/${id}/check-in`, body, staff), api('POST', `/api/yard/bookings/${id}/check-in`, body, staff)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect((await api('POST', `/api/yard/bookings/${id}/check-in`, body, staff)).status).toBe(200);
    expect((await audits(id)).filter((e) => e.changes.some((c: { field: string }) => c.field === 'status'))).toHaveLength(1);
    expect(await partition(keys.booking(id).pk, 'NOTE#')).toHaveLength(1);
    expect((await partition(`BAY#${bay}`)).filter((e) => e.bookingId === id)).toHaveLength(1);
  });

  it("a checked-in car's bay is refused to an overlapping booking and never suggested, even past its pick-up", async () => {
    const first = await paid(45);
    await dropOffToday(first);
    const bay = (await api('GET', `/api/yard/bookings/${first}`, undefined, staff)).body.suggested_bay as string;
    expect((await checkIn(first, { parking_bay_number: bay })).status).toBe(200);
    // The first car overstays: its booked pick-up is long past, yet it is still in its bay.
    await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.bayEntry(bay, `${daysFromToday(0)}T00:00`, first), UpdateExpression: 'SET pickUpAt = :p', ExpressionAttributeValues: { ':p': `${daysFromToday(-1)}T09:00` } }));
    const second = await paid(46);
    await dropOffToday(second);
    const view = await api('GET', `/api/yard/bookings/${second}`, undefined, staff);
    expect(view.body.suggested_bay).not.toBe(bay);
    const clash = await checkIn(second, { parking_bay_number: bay });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: 'That parking bay is taken by another booking on these dates', fieldErrors: { parking_bay_number: 'That parking bay is taken by another booking on these dates' } });
    expect((await booking(second))!).toMatchObject({ status: 'reservation', parkingBayNumber: null });
  });
});

describe('check-out', () => {
  it('refused while $40 is due; allowed after staff record $40 cash; a repeated tap answers the same', async () => {
    const id = await paid(47, 'deposit');
    await dropOffToday(id);
    expect((await checkIn(id, { parking_bay_number: (await api('GET', `/api/yard/bookings/${id}`, undefined, staff)).body.suggested_bay })).status).toBe(200);
    const view = await api('GET', `/api/yard/bookings/${id}`, undefined, staff);
    expect(view.body.due).toEqual({ balance: 40, late_days: 0, late_fee: 0, late_fee_waiver: null, total: 40 });
    const refused = await checkOut(id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('$40.00 is still due. Record the payment before check-out, or an admin can let the car go with a reason.');
    expect((await booking(id))!.status).toBe('checkin');
    expect((await checkOut(id, { checkout_override: 'Pays next week' })).status).toBe(403);
    const cash = await api('POST', `/api/admin/bookings/${id}/payments`, { amount: 40, method: 'cash', version: await version(id) }, staff);
    expect(cash.status).toBe(201);
    const done = await checkOut(id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ booking: { status: 'checkout', balance_due: 0 }, next_step: null });
    expect((await checkOut(id)).status).toBe(200);
    expect((await audits(id)).filter((e) => e.changes.some((c: { field: string; new: string }) => c.field === 'status' && c.new === 'Check-out'))).toHaveLength(1);
  });

  it('two check-outs at once (two phones, one car): both answer that the car is out, and it is checked out once', async () => {
    const id = await paid(50);
    await dropOffToday(id);
    expect((await checkIn(id, { parking_bay_number: (await api('GET', `/api/yard/bookings/${id}`, undefined, staff)).body.suggested_bay })).status).toBe(200);
    await conditionTaken(id, 'collection');
    const v = await version(id);
    const [x, y] = await Promise.all([
      api('POST', `/api/yard/bookings/${id}/check-out`, { version: v }, staff),
      api('POST', `/api/yard/bookings/${id}/check-out`, { version: v }, admin),
    ]);
    expect([x.status, y.status], JSON.stringify([x.body, y.body])).toEqual([200, 200]);
    expect([x.body.booking.status, y.body.booking.status]).toEqual(['checkout', 'checkout']);
    expect((await audits(id)).filter((e) => e.changes.some((c: { field: string; new: string }) => c.field === 'status' && c.new === 'Check-out'))).toHaveLength(1);
  });

  it('an admin lets a car go with money due, with a reason the history keeps', async () => {
    const id = await paid(48, 'deposit');
    await dropOffToday(id);
    expect((await checkIn(id, { parking_bay_number: (await api('GET', `/api/yard/bookings/${id}`, undefined, staff)).body.suggested_bay })).status).toBe(200);
    const done = await checkOut(id, { checkout_override: 'Pays by invoice' }, admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.booking).toMatchObject({ status: 'checkout', balance_due: 40 });
    const entry = (await audits(id)).at(-1);
    expect(entry!.changes).toContainEqual({ field: 'checkout_override', old: null, new: '$40.00 due: Pays by invoice' });
  });

  it('a reservation is not checked out without an admin skipping the step', async () => {
    const id = await paid(49);
    await dropOffToday(id);
    const res = await checkOut(id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A booking is checked in before it is checked out. An admin can skip the step with a confirmation and a reason.');
    expect((await booking(id))!.status).toBe('reservation');
  });
});

describe('the admin edit follows the status rules', () => {
  it('skipping or going back is refused without an override, and an admin override is recorded', async () => {
    const id = await paid(50);
    const skip = await api('PATCH', `/api/admin/bookings/${id}`, { status: 'checkout', version: await version(id) }, admin);
    expect(skip.status).toBe(409);
    expect(skip.body).toMatchObject({ message: 'A booking is checked in before it is checked out. An admin can skip the step with a confirmation and a reason.' });
    const unconfirmed = await api('PATCH', `/api/admin/bookings/${id}`, { status: 'checkout', status_override: { confirmed: false, reason: 'x' }, version: await version(id) }, admin);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toBe('Confirm the status change');
    const done = await api('PATCH', `/api/admin/bookings/${id}`, { status: 'checkout', status_override: { confirmed: true, reason: 'Collected by the owner before we logged it' }, version: await version(id) }, admin);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.history[0].changes).toContainEqual({ field: 'status_override', old: null, new: 'Reservation -> Check-out (skip): Collected by the owner before we logged it' });
    const back = await api('PATCH', `/api/admin/bookings/${id}`, { status: 'reservation', version: await version(id) }, admin);
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('A status moves forward only. An admin can move it back with a confirmation and a reason.');
    expect((await booking(id))!.status).toBe('checkout');
  });
});

describe('notes', () => {
  it("staff notes with author and time, shown to staff, flagged ones on that day's sheet, never in the customer's own booking", async () => {
    const id = await paid(51);
    const flagDate = daysFromToday(52);
    const note = await api('POST', `/api/admin/bookings/${id}/notes`, { text: 'Wheelchair in the boot: bring forward', flag_date: flagDate }, staff);
    expect(note.status).toBe(201);
    expect(note.body.note).toMatchObject({ text: 'Wheelchair in the boot: bring forward', author: 'A staff member', flag_date: flagDate });
    expect(Date.parse(note.body.note.at)).not.toBeNaN();
    expect((await api('POST', `/api/admin/bookings/${id}/notes`, { text: '   ' }, staff)).body.message).toBe('Write the note');
    expect((await api('POST', '/api/admin/bookings/00000000-0000-4000-8000-000000000000/notes', { text: 'x' }, staff)).status).toBe(404);

    const detail = await api('GET', `/api/admin/bookings/${id}`, undefined, admin);
    expect(detail.body.notes.map((n: { text: string }) => n.text)).toEqual(['Wheelchair in the boot: bring forward']);
    expect((await api('GET', `/api/yard/bookings/${id}`, undefined, staff)).body.notes[0].author).toBe('A staff member');
    const sheet = await api('GET', `/api/admin/day-sheet?date=${flagDate}`, undefined, staff);
    expect(sheet.body.notes).toContainEqual(expect.objectContaining({ booking_id: id, text: 'Wheelchair in the boot: bring forward', author: 'A staff member' }));

    const mine = await api('GET', '/api/me/bookings', undefined, a);
    expect(mine.status).toBe(200);
    expect(mine.body.bookings.some((x: { id: string }) => x.id === id)).toBe(true);
    expect(JSON.stringify(mine.body)).not.toContain('Wheelchair');
    expect(JSON.stringify(mine.body)).not.toContain('"notes"');
  });

  /** Runs `task` for 0..count-1, `concurrency` at a time. */
  async function inBatches<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
    const out: T[] = [];
    for (let from = 0; from < count; from += concurrency) out.push(...(await Promise.all(Array.from({ length: Math.min(concurrency, count - from) }, (_, k) => task(from + k)))));
    return out;
  }

  const FULL = 'This booking already has 50 notes, the most one booking can hold.';
  const longNote = (i: number) => `Note ${String(i).padStart(2, '0')}: ${'x'.repeat(480)}`;

  it("a booking holds at most 50 notes, however they race: the next is refused with the bound's message and writes nothing", async () => {
    const id = await paid(53);
    const flagDate = daysFromToday(54);
    const made = await inBatches(50, 5, (i) => api('POST', `/api/admin/bookings/${id}/notes`, { text: longNote(i), flag_date: flagDate }, staff));
    expect(made.map((r) => r.status)).toEqual(Array(50).fill(201));
    const more = await Promise.all([0, 1, 2, 3, 4].map((i) => api('POST', `/api/admin/bookings/${id}/notes`, { text: `One too many ${i}`, flag_date: flagDate }, staff)));
    for (const res of more) expect({ status: res.status, message: res.body.message }).toEqual({ status: 409, message: FULL });
    expect(await partition(keys.booking(id).pk, 'NOTE#')).toHaveLength(50);
    expect((await partition(`DAY#${flagDate}`, 'NOTE#')).filter((n) => n.bookingId === id)).toHaveLength(50);
    expect((await partition(keys.booking(id).pk, 'NOTE_COUNT'))[0]!.count).toBe(50);

    // A check-in's note counts too: refused at the bound, before anything changes; without a note it goes ahead.
    await dropOffToday(id);
    const bay = (await api('GET', `/api/yard/bookings/${id}`, undefined, staff)).body.suggested_bay as string;
    const withNote = await checkIn(id, { parking_bay_number: bay, note: 'Dent in the door' });
    expect({ status: withNote.status, message: withNote.body.message }).toEqual({ status: 409, message: FULL });
    expect((await booking(id))!.status).toBe('reservation');
    expect((await checkIn(id, { parking_bay_number: bay })).status).toBe(200);
  });

  it('notes written before the count was kept are counted by the first note after it', async () => {
    const id = await paid(55);
    const reference = (await booking(id))!.bookingReference as string;
    const at = (i: number) => `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`;
    const old = Array.from({ length: 49 }, (_, i) => ({ ...keys.bookingNote(id, at(i), randomUUID()), type: 'booking_note', id: randomUUID(), bookingId: id, bookingReference: reference, text: `Old note ${i}`, author: staff.email, at: at(i), flagDate: null }));
    for (let i = 0; i < old.length; i += 25) await db.send(new BatchWriteCommand({ RequestItems: { [env.tableName]: old.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    expect((await api('POST', `/api/admin/bookings/${id}/notes`, { text: 'The fiftieth' }, staff)).status).toBe(201);
    const refused = await api('POST', `/api/admin/bookings/${id}/notes`, { text: 'The fifty-first' }, staff);
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: FULL });
    expect((await api('GET', `/api/yard/bookings/${id}`, undefined, staff)).body.notes).toHaveLength(50);
  });

  it("the day sheet lists each booking's latest note for the date with a count of the others, so many notes keep it small", async () => {
    const id = await paid(57);
    const flagDate = daysFromToday(58);
    for (let i = 0; i < 30; i++) expect((await api('POST', `/api/admin/bookings/${id}/notes`, { text: longNote(i), flag_date: flagDate }, staff)).status).toBe(201);
    const other = await paid(57);
    expect((await api('POST', `/api/admin/bookings/${other}/notes`, { text: 'Child seat to go back in', flag_date: flagDate }, staff)).status).toBe(201);

    const sheet = await api('GET', `/api/admin/day-sheet?date=${flagDate}`, undefined, staff);
    expect(sheet.status).toBe(200);
    const mine = sheet.body.notes.filter((n: { booking_id: string }) => n.booking_id === id);
    expect(mine).toEqual([expect.objectContaining({ text: longNote(29), earlier_notes: 29 })]);
    expect(sheet.body.notes.filter((n: { booking_id: string }) => n.booking_id === other)).toEqual([expect.objectContaining({ text: 'Child seat to go back in', earlier_notes: 0 })]);
    // The 30 notes of 490 characters are 15 KB; the sheet carries one of them.
    expect(JSON.stringify(sheet.body.notes).length).toBeLessThan(2_000);
    // The booking's own view still lists every note.
    expect((await api('GET', `/api/admin/bookings/${id}`, undefined, admin)).body.notes).toHaveLength(30);
  });
});
