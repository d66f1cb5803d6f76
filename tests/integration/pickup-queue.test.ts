/**
 * The pickup queue through the HTTP API ("I've landed"): who may say it and run it
 * (anonymous, customer A, customer B, staff, admin; made-up and altered pass tokens), twice is one entry, what is
 * refused (cancelled, checked out, too early), the queue's order and fields, "Picked up", and what the table and the
 * booking's history hold. Dates are put on today by writing the booking (there is no clock to move), as
 * guards.test.ts does.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { forgetPassSigningKey, passTokenFor } from '../../functions/lib/pass-token';
import { DEFAULT_PICKUP_SETTINGS } from '../../shared/kerb-time';
import { addDays, nzToday } from '../../shared/nz-time';
import { inOneBudgetWindow } from '../support/budget-window';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, item, partition, payOnPage } from './payment-support';
import { sharedStackWithUsers } from '../support/stack-with-users';

const { db, users: { a, b, staff, admin } } = sharedStackWithUsers({ a: {}, b: {}, staff: { staff: true }, admin: { admin: true } });

beforeAll(async () => {
  // The stack's pass key, so these tests sign pass links as the product does.
  process.env.PASS_SIGNING_KEY = readFileSync(path.join(env.dataDir, 'pass-signing-key'), 'utf8').trim();
  forgetPassSigningKey();
});

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser | null) => request<T>(baseUrl, method, p, body, user ? { authorization: user.bearer } : {});

/** Writes fields of the stored booking (a new `updatedAt` too, as any change does). */
async function setOnBooking(id: string, values: Record<string, unknown>): Promise<void> {
  const all = { ...values, updatedAt: `v-${randomInt(1e9)}` };
  const names = Object.keys(all);
  await db.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.booking(id),
      UpdateExpression: `SET ${names.map((n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, all[n as keyof typeof all]])),
    }),
  );
}

interface Paid {
  id: string;
  reference: string;
  token: string;
  registration: string;
  name: string;
}

/**
 * A's paid booking (booked signed in), then moved to have dropped off three days ago and to be picked up today at
 * 23:30 (or on `pickUpDate`), with NZ777 as the return flight.
 */
async function paidBooking(pickUpDate = nzToday(new Date()), pickUpTime = '23:30'): Promise<Paid> {
  const lastName = `Queue${randomInt(1e6)}`;
  const registration = `PQ${randomInt(1e4)}`;
  const started = await checkout(checkoutBody({ customer: { email: a.email, lastName, carRegistration: registration } }), { authorization: a.bearer });
  await payOnPage(started.sessionId);
  await setOnBooking(started.bookingId, { dropOffDate: addDays(nzToday(new Date()), -3), pickUpDate, pickUpTime, returnFlight: 'NZ777' });
  const stored = (await booking(started.bookingId))!;
  return { id: started.bookingId, reference: stored.bookingReference, token: await passTokenFor(started.bookingId), registration, name: stored.customer.name };
}

/** An admin cancels the booking, refunding nothing (the books stay whole: the cancellation's ledger keeps what was paid). */
const cancelByAdmin = async (id: string) => {
  const res = await api('POST', `/api/admin/bookings/${id}/cancellation`, { refund: 0 }, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const landedByPass = (token: string, body: unknown = { terminal: 'international', passengers: 2, flight: 'nz777' }, from?: string) =>
  request(baseUrl, 'POST', `/api/pass/${encodeURIComponent(token)}/landed`, body, from ? { 'x-forwarded-for': from } : {});
const landedByAccount = (id: string, user: TestUser | null, body: unknown = { terminal: 'domestic', passengers: 1 }) => api('POST', `/api/me/bookings/${id}/landed`, body, user);
/** An address of this test run's own (10.0.0.0/8 is never a real visitor's). */
const anAddress = () => `10.${randomInt(200, 256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const queue = async (user: TestUser = staff) => {
  const res = await api('GET', '/api/admin/pickups', undefined, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { date: string; entries: Record<string, any>[] };
};
const entriesOf = async (ids: string[]) => (await queue()).entries.filter((e) => ids.includes(e.booking_id));
type HistoryLine = { at: string; by: string; changes: { field: string; old: string | null; new: string | null }[] };
const history = async (id: string) => (await api('GET', `/api/admin/bookings/${id}`, undefined, admin)).body.history as HistoryLine[];
const pickupLines = async (id: string) => (await history(id)).filter((h) => h.changes.some((c) => c.field === 'pickup_queue'));
const queueItems = async (id: string) => (await partition(`PICKUP_QUEUE#${nzToday(new Date())}`)).filter((i) => i.bookingId === id);

describe("POST /api/pass/{token}/landed: the traveller's pass", () => {
  it('a valid token puts them in the queue (201); a made-up, an altered and an unknown booking\'s token all get the same 404 and write nothing', async () => {
    const p = await paidBooking();
    const made = await landedByPass(p.token);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ state: 'waiting', terminal: 'international', passengers: 2, flight: 'NZ777' });

    const other = await paidBooking();
    const altered = p.token.slice(0, -2) + (p.token.endsWith('AA') ? 'BB' : 'AA');
    const fakes = [altered, `p1.${other.id}.AAAAAAAAAAAAAAAAAAAAAA`, await passTokenFor(randomUUID()), 'not-a-token'];
    for (const token of fakes) {
      const res = await landedByPass(token);
      expect(res.status, token).toBe(404);
      expect(res.body).toEqual({ message: 'Booking not found' });
    }
    expect(await queueItems(other.id)).toEqual([]);
  });

  it('refuses bad input with a message the form can show, and writes nothing', async () => {
    const p = await paidBooking();
    const nine = await landedByPass(p.token, { terminal: 'domestic', passengers: 9 });
    expect(nine.status).toBe(400);
    expect(nine.body.message).toBe('Enter the number of passengers, from 1 to 8');
    const noTerminal = await landedByPass(p.token, { passengers: 1 });
    expect(noTerminal.status).toBe(400);
    expect(noTerminal.body.fieldErrors.terminal).toBe('Choose the domestic or the international terminal');
    expect(await queueItems(p.id)).toEqual([]);
  });
});

describe('POST /api/me/bookings/{id}/landed: the account holder', () => {
  it('anonymous 401; customer B, staff and admin 404 (not their booking); the owner 201', async () => {
    const p = await paidBooking();
    expect((await landedByAccount(p.id, null)).status).toBe(401);
    for (const user of [b, staff, admin]) {
      const res = await landedByAccount(p.id, user);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Booking not found');
    }
    expect(await queueItems(p.id)).toEqual([]);
    const mine = await landedByAccount(p.id, a);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body).toMatchObject({ state: 'waiting', terminal: 'domestic', passengers: 1, flight: null });
    expect((await landedByAccount(randomUUID(), a)).status).toBe(404);
  });
});

describe('saying it twice', () => {
  it('keeps one entry: the second press updates it (200) and keeps its place; the same again changes nothing', async () => {
    const p = await paidBooking();
    const first = await landedByPass(p.token, { terminal: 'domestic', passengers: 1 });
    expect(first.status).toBe(201);
    const second = await landedByAccount(p.id, a, { terminal: 'international', passengers: 3, flight: 'NZ 777' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ terminal: 'international', passengers: 3, flight: 'NZ 777', landed_at: first.body.landed_at });
    const same = await landedByAccount(p.id, a, { terminal: 'international', passengers: 3, flight: 'NZ 777' });
    expect(same.status).toBe(200);

    const items = await queueItems(p.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ pk: `PICKUP_QUEUE#${nzToday(new Date())}`, sk: `BOOKING#${p.id}`, terminal: 'international', passengers: 3, state: 'waiting', addedBy: 'traveller' });
    const lines = (await history(p.id)).filter((h) => h.changes.some((c) => c.field === 'pickup_queue'));
    expect(lines.map((h) => h.changes)).toEqual([
      [{ field: 'pickup_queue', old: 'Landed: Domestic, 1 passenger', new: 'Landed: International, 3 passengers, NZ 777' }],
      [{ field: 'pickup_queue', old: null, new: 'Landed: Domestic, 1 passenger' }],
    ]);
    // Access tokens carry no e-mail: the account is named by its id.
    expect(lines.map((h) => h.by)).toEqual([`Traveller (account ${a.sub})`, 'Traveller (booking pass)']);
  });

  it('two presses at the same moment leave one entry', async () => {
    const p = await paidBooking();
    const both = await Promise.all([landedByPass(p.token), landedByPass(p.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await queueItems(p.id)).toHaveLength(1);
  });
});

describe('what is refused', () => {
  it('a cancelled booking and a checked-out one: 409 with the reason, nothing written', async () => {
    const cancelled = await paidBooking();
    await cancelByAdmin(cancelled.id);
    const res = await landedByPass(cancelled.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This booking is cancelled.');
    const staffToo = await api('POST', '/api/admin/pickups', { bookingId: cancelled.id, terminal: 'domestic', passengers: 1 }, staff);
    expect(staffToo.status).toBe(409);

    const collected = await paidBooking();
    await setOnBooking(collected.id, { status: 'checkout' });
    const again = await landedByAccount(collected.id, a);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking is already checked out: the car has been collected.');
    expect([...(await queueItems(cancelled.id)), ...(await queueItems(collected.id))]).toEqual([]);
  });

  it('before the return day: refused with when it opens; staff may still add a traveller who phoned', async () => {
    const early = await paidBooking(daysFromToday(1), '23:30');
    const res = await landedByPass(early.token);
    expect(res.status).toBe(409);
    // Midnight NZ at the start of tomorrow.
    expect(res.body.message).toBe(`You can tell us you've landed from 12:00 AM on ${daysFromToday(1).slice(8, 10)}/${daysFromToday(1).slice(5, 7)}/${daysFromToday(1).slice(2, 4)}.`);
    expect(await queueItems(early.id)).toEqual([]);
    const byStaff = await api('POST', '/api/admin/pickups', { bookingId: early.id, terminal: 'domestic', passengers: 2 }, staff);
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(201);
    expect(byStaff.body.entry).toMatchObject({ booking_id: early.id, added_by: 'staff', state: 'waiting' });
  });
});

describe('the yard: GET /api/admin/pickups, POST /api/admin/pickups, picked up', () => {
  it('who may: anonymous 401, customers A and B 403, staff and admin allowed', async () => {
    const p = await paidBooking();
    for (const [method, route, body] of [
      ['GET', '/api/admin/pickups', undefined],
      ['POST', '/api/admin/pickups', { bookingId: p.id, terminal: 'domestic', passengers: 1 }],
      ['POST', `/api/admin/pickups/${p.id}/picked-up`, undefined],
    ] as const) {
      expect((await api(method, route, body, null)).status, route).toBe(401);
      expect((await api(method, route, body, a)).status, route).toBe(403);
      expect((await api(method, route, body, b)).status, route).toBe(403);
    }
    expect(await queueItems(p.id)).toEqual([]);
    expect((await api('POST', '/api/admin/pickups', { bookingId: p.id, terminal: 'domestic', passengers: 1 }, staff)).status).toBe(201);
    expect((await api('POST', '/api/admin/pickups', { bookingId: p.id, terminal: 'domestic', passengers: 2 }, admin)).status).toBe(200);
    expect((await queue(admin)).entries.some((e) => e.booking_id === p.id)).toBe(true);
    expect((await api('POST', `/api/admin/pickups/${p.id}/picked-up`, undefined, admin)).status).toBe(200);
  });

  it("today's queue, newest last, with what the driver needs; the bay shows as it is now", async () => {
    const [x, y, z] = [await paidBooking(), await paidBooking(), await paidBooking()];
    await landedByPass(y.token, { terminal: 'domestic', passengers: 1 });
    await landedByPass(x.token, { terminal: 'international', passengers: 4, flight: 'ek450' });
    const phoned = await api('POST', '/api/admin/pickups', { reference: z.reference.slice(3).toLowerCase(), terminal: 'domestic', passengers: 2 }, staff);
    expect(phoned.status, JSON.stringify(phoned.body)).toBe(201);
    await setOnBooking(x.id, { parkingBayNumber: 'B12' });

    const q = await queue();
    expect(q.date).toBe(nzToday(new Date()));
    const mine = q.entries.filter((e) => [x.id, y.id, z.id].includes(e.booking_id));
    expect(mine.map((e) => e.booking_id)).toEqual([y.id, x.id, z.id]);
    expect(mine[1]).toEqual({
      booking_id: x.id,
      reference: x.reference,
      name: x.name,
      contact_number: expect.any(String),
      vehicle: x.registration.toUpperCase(),
      bay: 'B12',
      terminal: 'international',
      passengers: 4,
      flight: 'EK450',
      state: 'waiting',
      landed_at: expect.any(String),
      updated_at: expect.any(String),
      picked_up_at: null,
      picked_up_by: null,
      added_by: 'traveller',
      expected_kerb_at: expect.any(String),
      run_id: null,
      shuttle_departed_at: null,
    });
    // At the kerb: the landing plus the international walk-out (the shared stack keeps the default settings).
    expect(Date.parse(mine[1]!.expected_kerb_at!) - Date.parse(mine[1]!.landed_at)).toBe(DEFAULT_PICKUP_SETTINGS.internationalWalkOutMinutes * 60_000);
    expect(mine[2]).toMatchObject({ reference: z.reference, added_by: 'staff', passengers: 2 });
    expect(Date.parse(mine[0]!.landed_at)).toBeLessThan(Date.parse(mine[1]!.landed_at));
    // The whole queue is in landing order too.
    const times = q.entries.map((e) => e.landed_at);
    expect([...times].sort()).toEqual(times);
  });

  it('an unknown reference or booking: 404 with a message', async () => {
    const ref = await api('POST', '/api/admin/pickups', { reference: 'RP-ZZZZZZ', terminal: 'domestic', passengers: 1 }, staff);
    expect(ref.status).toBe(404);
    expect(ref.body.message).toBe('No booking has that reference');
    expect((await api('POST', '/api/admin/pickups', { bookingId: randomUUID(), terminal: 'domestic', passengers: 1 }, staff)).status).toBe(404);
    const neither = await api('POST', '/api/admin/pickups', { terminal: 'domestic', passengers: 1 }, staff);
    expect(neither.status).toBe(400);
    expect(neither.body.fieldErrors.reference).toBe('Give the booking reference');
  });

  it('"Picked up": the entry moves to picked up (the car to bring forward), once; the history says who; not in the queue is 404', async () => {
    const p = await paidBooking();
    expect((await api('POST', `/api/admin/pickups/${p.id}/picked-up`, undefined, staff)).status).toBe(404);
    await landedByPass(p.token);
    const done = await api('POST', `/api/admin/pickups/${p.id}/picked-up`, undefined, staff);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.entry).toMatchObject({ booking_id: p.id, state: 'picked_up', picked_up_by: staff.sub, picked_up_at: expect.any(String) });
    const again = await api('POST', `/api/admin/pickups/${p.id}/picked-up`, undefined, staff);
    expect(again.body.entry.picked_up_at).toBe(done.body.entry.picked_up_at);
    // Pressing "I've landed" after being picked up changes nothing.
    expect((await landedByPass(p.token, { terminal: 'domestic', passengers: 1 })).body).toMatchObject({ state: 'picked_up', terminal: 'international' });

    expect((await entriesOf([p.id]))[0]).toMatchObject({ state: 'picked_up' });
    const lines = (await history(p.id)).filter((h) => h.changes.some((c) => c.field === 'pickup_queue'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ by: staff.sub, changes: [{ field: 'pickup_queue', old: 'Waiting at the international terminal', new: 'Picked up: bring the car forward' }] });
    expect((await item(keys.pickupQueueEntry(nzToday(new Date()), p.id)))!.state).toBe('picked_up');

    // Once the car is handed back, the queue shows it collected.
    await setOnBooking(p.id, { status: 'checkout' });
    expect((await entriesOf([p.id]))[0]).toMatchObject({ state: 'collected' });
  });

  it('a cancelled booking drops out of the queue', async () => {
    const p = await paidBooking();
    await landedByPass(p.token);
    await cancelByAdmin(p.id);
    expect(await entriesOf([p.id])).toEqual([]);
  });
});

describe('"I\'ve landed" is bounded', () => {
  it('a pass has 10 presses an hour, from any address: the 11th is 429 with when to try again, and writes nothing', async () => {
    await inOneBudgetWindow(3600, async () => {
      const p = await paidBooking();
      // Each press changes the party, so each one that goes through is a history line.
      for (let i = 0; i < 10; i++) {
        const res = await landedByPass(p.token, { terminal: 'domestic', passengers: 1 + (i % 2) }, anAddress());
        expect(res.status, JSON.stringify(res.body)).toBe(i === 0 ? 201 : 200);
      }
      const refused = await landedByPass(p.token, { terminal: 'international', passengers: 5 }, anAddress());
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many attempts in a short time\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await pickupLines(p.id)).toHaveLength(10);
      expect((await queueItems(p.id))[0]).toMatchObject({ terminal: 'domestic', passengers: 2 });
    });
  });

  it('one address has 30 presses an hour across passes; the traveller\'s own account is counted apart', async () => {
    await inOneBudgetWindow(3600, async () => {
      const from = anAddress();
      const passes = await Promise.all([paidBooking(), paidBooking(), paidBooking(), paidBooking()]);
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) statuses.push((await landedByPass(passes[i % 4]!.token, { terminal: 'domestic', passengers: 1 + (Math.floor(i / 4) % 2) }, from)).status);
      expect(statuses.slice(0, 30).every((s) => s === 200 || s === 201)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
      // The same traveller, signed in, from elsewhere: their account's budget, not the address's nor the pass's.
      expect((await landedByAccount(passes[0]!.id, a, { terminal: 'international', passengers: 3 })).status).toBe(200);
    });
  });

  it('a press that changes nothing writes nothing: the same party and flight, typed with or without its space', async () => {
    const p = await paidBooking();
    const first = await landedByPass(p.token, { terminal: 'domestic', passengers: 2, flight: 'NZ 777' });
    expect(first.status).toBe(201);
    for (const flight of ['NZ777', 'nz 777', ' NZ 777 ']) {
      const again = await landedByPass(p.token, { terminal: 'domestic', passengers: 2, flight });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ updated_at: first.body.updated_at, flight: 'NZ 777' });
    }
    expect(await pickupLines(p.id)).toHaveLength(1);
    expect((await queueItems(p.id))[0]!.updatedAt).toBe(first.body.updated_at);
  });
});

describe("the booking's history pages instead of dropping its oldest lines", () => {
  const historyPage = (id: string, before: string, user: TestUser | null = admin) => api('GET', `/api/admin/bookings/${id}/history?before=${encodeURIComponent(before)}`, undefined, user);

  it("an admin's part refund stays reachable after 60 later lines; the pages join without a gap or a repeat", async () => {
    const p = await paidBooking();
    const refund = await api('POST', `/api/admin/bookings/${p.id}/refunds`, { amount: 5, reason: 'Shuttle was late', version: (await booking(p.id))!.updatedAt }, admin);
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    // Staff adding a caller who phoned is not budgeted: each change of the party is a line.
    for (let i = 0; i < 60; i++) {
      const res = await api('POST', '/api/admin/pickups', { bookingId: p.id, terminal: 'domestic', passengers: 1 + (i % 2) }, staff);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    const isPartRefund = (h: HistoryLine) => h.changes.some((c) => c.field === 'refund' && c.new === '$5.00 (part refund: Shuttle was late)');

    const detail = await api('GET', `/api/admin/bookings/${p.id}`, undefined, admin);
    expect(detail.body.history).toHaveLength(50);
    expect(detail.body.history.some(isPartRefund)).toBe(false);
    expect(detail.body.history_older).toEqual(expect.any(String));

    const older = await historyPage(p.id, detail.body.history_older);
    expect(older.status, JSON.stringify(older.body)).toBe(200);
    expect(older.body.history_older).toBeNull();
    const all = [...detail.body.history, ...older.body.history] as HistoryLine[];
    expect(all.filter(isPartRefund)).toHaveLength(1);
    expect(all.filter((h) => h.changes.some((c) => c.field === 'pickup_queue'))).toHaveLength(60);
    // Newest first throughout, so the second page starts where the first ended.
    expect(all.map((h) => h.at)).toEqual([...all.map((h) => h.at)].sort().reverse());
  });

  it('who may read it (staff and admin; anonymous 401, customers 403), an unknown booking 404, a made-up cursor 400', async () => {
    const p = await paidBooking();
    const cursor = (await api('GET', `/api/admin/bookings/${p.id}`, undefined, admin)).body.history_older ?? 'QVVESVQjeA';
    expect((await historyPage(p.id, cursor, null)).status).toBe(401);
    for (const user of [a, b]) expect((await historyPage(p.id, cursor, user)).status).toBe(403);
    expect((await historyPage(p.id, Buffer.from('AUDIT#2026-01-01T00:00:00.000Z#abc123').toString('base64url'), staff)).status).toBe(200);
    expect((await historyPage(randomUUID(), cursor)).status).toBe(404);
    for (const bad of ['bm90LWFuLWF1ZGl0LWtleQ', '!!', Buffer.from('BOOKING#x').toString('base64url')]) {
      const res = await historyPage(p.id, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('That part of the history is no longer available. Reload the booking.');
    }
  });
});
