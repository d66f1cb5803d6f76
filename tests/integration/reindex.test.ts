/**
 * The re-index (`npm run admin -- reindex`) against the emulators. It rewrites and recounts the whole table, so
 * this file starts a local stack of its own: the other test files write to the shared one at the same time, and
 * exact totals need a table only this file writes. Bookings are made through the real flows (checkout, the
 * hosted payment, staff edits and a cancellation); then the derived data is damaged the way older releases left
 * it, the command's function runs, and the admin's summary, lists, search and day sheet, and the occupancy, read
 * back right and equal a recount made here from the bookings; a second run changes nothing.
 */
import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindex, type PassReport } from '../../functions/maintenance/reindex';
import { confirmedIndexKeys } from '../../functions/store/bookings';
import { keys } from '../../functions/store/keys';
import { putIfUnchanged, rewriteBookingItems } from '../../functions/store/maintenance';
import { readOccupancy } from '../../functions/store/occupancy';
import { projectRoot } from '../../project-paths';
import { stayDates } from '../../shared/capacity';
import { nzToday } from '../../shared/nz-time';
import type { Booking } from '../../shared/records';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { checkoutBody } from './payment-support';
import { expectedCounters, expectedOccupancy, startPrivateStack, type PrivateStack, type Row } from './reindex-support';

let own: PrivateStack;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  own = await startPrivateStack();
  [admin, customer] = await Promise.all([createUser(own.env, { admin: true }), createUser(own.env)]);
});

afterAll(async () => {
  await own?.stop();
});

const api = (method: string, p: string, body?: unknown, user: TestUser | null = admin) =>
  request(own.env.baseUrl, method, p, body, user ? { authorization: user === admin ? `Bearer ${admin.idToken}` : user.bearer } : {});
const get = (key: { pk: string; sk: string }) => own.get(key);

const booking = async (id: string) => (await get(keys.booking(id))) as unknown as Booking & Row;

async function startCheckout(options: { dropIn: number; pickIn: number; user?: TestUser; surname?: string }): Promise<{ bookingId: string; sessionId: string }> {
  const body = checkoutBody({
    customer: { lastName: options.surname ?? `Zz${randomUUID().slice(0, 6).replace(/\d/g, 'q')}`, carRegistration: `R${randomInt(10000, 99999)}`, ...(options.user ? { email: options.user.email } : {}) },
    quote: { dropOffDate: daysFromToday(options.dropIn), pickUpDate: daysFromToday(options.pickIn) },
  });
  const res = await request<{ bookingId: string; sessionId: string }>(own.env.baseUrl, 'POST', '/api/checkout', body, options.user ? { authorization: options.user.bearer } : {});
  expect(res.status).toBe(201);
  return res.body;
}

async function paid(options: { dropIn: number; pickIn: number; user?: TestUser; surname?: string }): Promise<Booking & Row> {
  const started = await startCheckout(options);
  await fetch(`${own.env.baseUrl}/_local/stripe/checkout/${started.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  const saved = await booking(started.bookingId);
  expect(saved.status).toBe('reservation');
  return saved;
}

async function staffEdit(id: string, edit: Record<string, unknown>): Promise<void> {
  const res = await api('PATCH', `/api/admin/bookings/${id}`, { ...edit, version: (await booking(id)).updatedAt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id).sort();
const list = (query: string) => api('GET', `/api/admin/bookings?pageSize=100&${query}`);

const nothingWritten = (p: PassReport) => ({
  rewritten: p.bookings.rewritten,
  firstConfirmedAt: p.customers.firstConfirmedAt,
  listed: p.customers.listed,
  lapsed: p.holds.lapsed,
  stats: p.stats.outcome,
  days: p.days.changes.length,
  months: p.occupancy.months,
});

describe('reindex', () => {
  let made: Record<'a' | 'b' | 'c' | 'd' | 'open' | 'lapsed', string>;
  let surnameA: string;
  let registrationB: string;

  beforeAll(async () => {
    surnameA = `Zzreindex${randomUUID().slice(0, 5).replace(/\d/g, 'x')}`;
    // A: the customer's own booking, a reservation. B: checked in, given a bay, stay made longer. C: checked out.
    // D: cancelled by staff with $50 of its $110 refunded. Two checkouts never paid: one still open, one expired.
    const a = await paid({ dropIn: 5, pickIn: 12, user: customer, surname: surnameA });
    const b = await paid({ dropIn: 6, pickIn: 9 });
    registrationB = b.carRegistration!;
    await staffEdit(b.id, { status: 'checkin', status_override: { confirmed: true, reason: 'Test set-up: out of the usual order' }, parking_bay_number: '41', pick_up_date: daysFromToday(11) });
    const c = await paid({ dropIn: 4, pickIn: 8 });
    await staffEdit(c.id, { status: 'checkout', status_override: { confirmed: true, reason: 'Test set-up: out of the usual order' } });
    const d = await paid({ dropIn: 7, pickIn: 10 });
    const cancelled = await api('POST', `/api/admin/bookings/${d.id}/cancellation`, { refund: 50 });
    expect(cancelled.status).toBe(200);
    const open = await startCheckout({ dropIn: 8, pickIn: 13 });
    const lapsed = await startCheckout({ dropIn: 9, pickIn: 14 });
    made = { a: a.id, b: b.id, c: c.id, d: d.id, open: open.bookingId, lapsed: lapsed.bookingId };
    // Checkouts on this branch do not hold places yet (the capacity release does): mark both as having held
    // them, as its checkouts will, and let the second one's session expire.
    for (const id of [made.open, made.lapsed]) {
      await own.update(keys.booking(id), 'SET placesHeld = :t', { ':t': true });
    }
    await own.update(keys.checkoutSession(lapsed.sessionId), 'SET expiresAt = :past', { ':past': Math.floor(Date.now() / 1000) - 60 });
  });

  it('brings damaged index keys, day sheet, search, bays, counters and occupancy back in line, and a second run changes nothing', async () => {
    const all = async () => Promise.all(Object.values(made).map(booking));
    const [a, b, , d] = await all();
    const listedIds = [made.a, made.b, made.c, made.d].sort();

    // The damage: what bookings confirmed before the last releases look like, plus leftovers.
    for (const id of listedIds) await own.update(keys.booking(id), 'REMOVE gsi3pk, gsi3sk');
    const stats = (await get(keys.stats()))!;
    await own.put(Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, typeof v === 'number' ? 0 : v])));
    await own.del(keys.statsDay(nzToday(new Date())));
    const monthA = a!.dropOffDate.slice(0, 7);
    await own.put({ ...keys.occupancyMonth(monthA), type: 'occupancy', month: monthA, [`d${a!.dropOffDate.slice(8)}`]: 99, updatedAt: 'old' });
    await own.put({ ...keys.occupancyMonth('2020-01'), type: 'occupancy', month: '2020-01', d01: 5, h01: 1, updatedAt: 'old' });
    const sheetDates = [...new Set((await all()).filter(Boolean).flatMap((x) => [x!.dropOffDate, x!.pickUpDate]))];
    for (const date of sheetDates) {
      for (const entry of await own.partition(`DAY#${date}`)) {
        const { status: _s, dropOffAt: _d, pickUpAt: _p, createdAt: _c, parkingBayNumber: _b, balanceDueCents: _bal, ...older } = entry;
        await own.put(older);
      }
    }
    const tokensA = (await own.partition('SEARCH#booking')).filter((t) => t.bookingId === made.a);
    for (const t of tokensA.filter((t) => !String(t.sk).includes('@'))) await own.del({ pk: t.pk, sk: t.sk });
    await own.put({ ...keys.searchToken('booking', 'zzstale1', made.b), type: 'search_token', kind: 'booking', bookingId: made.b });
    await own.del(keys.bayEntry('41', `${b!.dropOffDate}T${b!.dropOffTime}`, made.b));
    const leftovers = [
      keys.dayDropOff(d!.dropOffDate, d!.dropOffTime, made.d),
      keys.dayDropOff(daysFromToday(1), '09:00', made.b),
      keys.dayPickUp(a!.dropOffDate, '10:00', randomUUID()),
    ];
    for (const key of leftovers) await own.put({ ...key, type: 'day_sheet_entry', kind: 'dropoff', bookingId: key.sk.split('#')[2], bookingReference: 'RP-OLD000', customerName: 'Old', contactNumber: '021', carRegistration: null, carWash: false, flight: null });
    await own.update(keys.customer(a!.customerId), 'REMOVE firstConfirmedAt');
    // Customers written before the customer list existed hold none of its keys; one renamed outside the app is out of place.
    await own.update(keys.customer(a!.customerId), 'REMOVE gsi2pk, gsi2sk');
    await own.update(keys.customer(b!.customerId), 'SET gsi2sk = :old', { ':old': `aaaa old name #${b!.customerId}` });
    // Before the list was limited to customers who paid or hold an account, a checkout never paid was listed too.
    const unpaidCustomer = (await booking(made.open))!.customerId;
    await own.update(keys.customer(unpaidCustomer), 'SET gsi2pk = :pk, gsi2sk = :sk', { ':pk': 'CUSTOMERS', ':sk': `aroha ngata #${unpaidCustomer}` });
    const customerList = async () => ((await api('GET', '/api/admin/customer-list?pageSize=100')).body.customers as { id: string }[]).map((c) => c.id);
    expect(await customerList()).not.toContain(a!.customerId);

    // The damage shows where staff look.
    expect(ids(await list('status=checkin'))).toEqual([]);
    expect((await api('GET', '/api/admin/summary')).body).toMatchObject({ total_bookings: 0, total_revenue: 0, todays_bookings: 0 });
    expect(ids(await list(`q=${surnameA}`))).toEqual([]);
    const range = `dropOffFrom=${daysFromToday(4)}&dropOffTo=${daysFromToday(7)}`;
    expect(ids(await list(`${range}&status=checkin`))).toEqual([]);

    const now = new Date();
    const report = await reindex({ now: () => now, segments: 3 });
    expect(report.complete).toBe(true);
    expect(report.passes).toHaveLength(1);
    const [pass] = report.passes;
    expect(pass!.scanned.bookingsByStatus).toEqual({ reservation: 1, checkin: 1, checkout: 1, cancelled: 1, pending_payment: 2 });
    expect(pass!.bookings.indexKeys).toBe(4);
    // Six sheet entries of the listed bookings, and the cancelled booking's two entries beside the sheet (damaged alike).
    expect(pass!.bookings.items.dayEntry).toEqual({ put: 8, deleted: 3 });
    expect(pass!.bookings.items.bayEntry).toEqual({ put: 1, deleted: 0 });
    expect(pass!.bookings.items.searchToken.deleted).toBe(1);
    expect(pass!.bookings.items.searchToken.put).toBe(tokensA.length - 1);
    expect(pass!.bookings.leftovers).toBe(1);
    expect(pass!.customers.firstConfirmedAt).toBe(1);
    expect(pass!.customers.listed).toBe(3);
    expect(pass!.holds.lapsed).toBe(1);
    expect(pass!.stats.outcome).toBe('written');
    expect(pass!.stats.changes).toEqual(expect.arrayContaining([{ name: 'bookings', before: 0, after: 4 }, { name: 's#checkin', before: 0, after: 1 }]));
    expect(pass!.occupancy.changes).toEqual(expect.arrayContaining([{ date: '2020-01-01', before: { taken: 5, held: 1 }, after: { taken: 0, held: 0 } }]));

    // What staff see is right again, and equals a recount made here.
    const bookings = await all();
    const counted = expectedCounters(bookings);
    const summary = (await api('GET', '/api/admin/summary')).body;
    const madeToday = bookings.slice(0, 4).filter((x) => nzToday(new Date(x!.createdAt)) === nzToday(new Date())).length;
    expect(summary).toMatchObject({ total_bookings: 4, unique_customers: 4, todays_bookings: madeToday, total_revenue: counted.revenueCents / 100 });
    // The cancelled booking keeps what was paid less the $50 refunded.
    expect(bookings[3]!.payment!.amountPaidCents).toBe(bookings[3]!.totalCents - 5000);
    expect(counted.revenueCents).toBe(a!.totalCents + bookings[1]!.totalCents + bookings[2]!.totalCents + bookings[3]!.totalCents - 5000);
    expect(summary.by_status).toEqual(counted.byStatus);
    const days = await own.partition('STATS');
    expect(days.filter((i) => String(i.sk).startsWith('DAY#')).reduce((sum, i) => sum + i.bookings, 0)).toBe(4);
    expect(days.filter((i) => String(i.sk).startsWith('DAY#')).reduce((sum, i) => sum + i.revenueCents, 0)).toBe(counted.revenueCents);
    for (const [status, id] of [['reservation', made.a], ['checkin', made.b], ['checkout', made.c], ['cancelled', made.d]] as const) {
      expect(ids(await list(`status=${status}`)), status).toEqual([id]);
    }
    expect(ids(await list('status=all'))).toEqual(listedIds);
    expect(ids(await list(`q=${surnameA}`))).toEqual([made.a]);
    expect(ids(await list(`q=zzstale1`))).toEqual([]);
    expect(ids(await list(`q=${registrationB.toLowerCase()}`))).toEqual([made.b]);
    expect(ids(await list(`${range}&status=checkin`))).toEqual([made.b]);
    for (const x of bookings.slice(0, 4)) expect(confirmedIndexKeys(x!)).toMatchObject({ gsi3pk: x!.gsi3pk, gsi3sk: x!.gsi3sk });

    const sheet = (await api('GET', `/api/admin/day-sheet?date=${b!.dropOffDate}`)).body;
    expect(sheet.arrivals.map((r: Row) => [r.booking_id, r.status, r.parking_bay_number])).toEqual([[made.b, 'checkin', '41']]);
    const entryB = await get(keys.dayDropOff(b!.dropOffDate, b!.dropOffTime, made.b));
    expect(entryB).toMatchObject({ status: 'checkin', pickUpAt: `${bookings[1]!.pickUpDate}T${bookings[1]!.pickUpTime}`, createdAt: b!.createdAt, parkingBayNumber: '41', balanceDueCents: bookings[1]!.payment!.balanceDueCents });
    expect(await get(keys.bayEntry('41', `${b!.dropOffDate}T${b!.dropOffTime}`, made.b))).toMatchObject({ bookingId: made.b, status: 'checkin' });
    for (const key of leftovers) expect(await get(key), key.sk).toBeUndefined();
    expect((await get(keys.customer(a!.customerId)))!.firstConfirmedAt).toBe(a!.confirmedAt);
    // Every customer is listed again, in name order (this stack holds only this file's customers).
    const listedCustomers = (await api('GET', '/api/admin/customer-list?pageSize=100')).body.customers as { id: string; name: string }[];
    expect(listedCustomers.map((c) => c.id)).toEqual(expect.arrayContaining([a!.customerId, b!.customerId, bookings[2]!.customerId]));
    expect(listedCustomers.map((c) => c.id)).not.toContain(unpaidCustomer);
    expect((await get(keys.customer(unpaidCustomer)))!.gsi2pk).toBeUndefined();
    const names = listedCustomers.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const sessions = new Map<string, number>();
    for (const x of bookings) {
      const session = await get(keys.checkoutSession(x!.checkoutSessionId));
      if (session) sessions.set(x!.checkoutSessionId, session.expiresAt);
    }
    const want = expectedOccupancy(bookings, Math.floor(now.getTime() / 1000), sessions);
    const first = daysFromToday(0);
    const last = daysFromToday(20);
    const read = await readOccupancy(first, last, true);
    expect(read.filter((day) => day.taken > 0 || day.held > 0)).toEqual(stayDates(first, last).flatMap((date) => (want.has(date) ? [{ date, ...want.get(date)! }] : [])));
    expect(read.find((day) => day.date === daysFromToday(13))).toEqual({ date: daysFromToday(13), taken: 1, held: 1 });
    expect((await get(keys.occupancyMonth('2020-01')))!).toEqual({ ...keys.occupancyMonth('2020-01'), type: 'occupancy', month: '2020-01', updatedAt: now.toISOString() });
    expect((await booking(made.lapsed)).placesHeld).toBe(false);
    expect((await booking(made.open)).placesHeld).toBe(true);

    // Again: nothing to do, and nothing in the table changes.
    const before = await own.wholeTable();
    const again = await reindex({ now: () => now });
    expect(again.complete).toBe(true);
    expect(nothingWritten(again.passes[0]!)).toEqual({ rewritten: 0, firstConfirmedAt: 0, listed: 0, lapsed: 0, stats: 'unchanged', days: 0, months: 0 });
    expect(await own.wholeTable()).toEqual(before);
  });

  it('with --dry-run reports the drift it would mend and writes nothing, from the command line too', async () => {
    const stats = (await get(keys.stats()))!;
    await own.put({ ...stats, bookings: 1, 's#checkout': 7 });
    const before = await own.wholeTable();
    const report = await reindex({ dryRun: true });
    expect(report.passes[0]!.stats).toEqual({
      outcome: 'would write',
      changes: [
        { name: 'bookings', before: 1, after: 4 },
        { name: 's#checkout', before: 7, after: 1 },
      ],
    });
    expect(await own.wholeTable()).toEqual(before);

    const run = await promisify(execFile)(path.join(projectRoot, 'node_modules/.bin/tsx'), [path.join(projectRoot, 'bin/admin.ts'), 'reindex', '--dry-run', '--data-dir', own.env.dataDir], { cwd: projectRoot });
    expect(run.stdout).toContain(`Re-indexing ${own.env.tableName} in the local stack at ${own.stack.url} (dry run)`);
    expect(run.stdout).toContain('STATS/BOOKINGS: would be written\n      bookings 1 -> 4\n      s#checkout 7 -> 1');
    expect(run.stdout).toContain('Dry run: nothing was written.');
    expect(await own.wholeTable()).toEqual(before);

    await reindex();
    expect((await api('GET', '/api/admin/summary')).body).toMatchObject({ total_bookings: 4, by_status: { reservation: 1, checkin: 1, checkout: 1, cancelled: 1 } });
  });

  it('leaves alone what changed after it was read: a booking, a counter', async () => {
    const b = await booking(made.c);
    const stale = { exists: true as const, updatedAt: '2000-01-01T00:00:00.000Z' };
    const tokenKey = keys.searchToken('booking', 'zzguarded', made.c);
    const token = { ...tokenKey, type: 'search_token', kind: 'booking', bookingId: made.c };
    expect(await rewriteBookingItems({ bookingId: made.c, seen: stale, puts: [token], deletes: [] })).toBe('changed');
    expect(await get(tokenKey)).toBeUndefined();
    expect(await rewriteBookingItems({ bookingId: made.c, seen: { exists: true, updatedAt: b.updatedAt }, indexKeys: { gsi3pk: 'X' }, puts: [token], deletes: [] })).toBe('written');
    expect((await booking(made.c)).gsi3pk).toBe('X');
    expect(await get(tokenKey)).toMatchObject({ bookingId: made.c });

    const stats = (await get(keys.stats()))!;
    expect(await putIfUnchanged({ ...stats, bookings: 99 } as never, { exists: true, updatedAt: 'not what it holds' })).toBe(false);
    expect(await putIfUnchanged({ ...keys.statsDay('2001-01-01'), type: 'stats_day' }, { exists: true, updatedAt: undefined })).toBe(false);
    expect((await get(keys.stats()))!.bookings).toBe(4);

    // The next run puts it right.
    const report = await reindex();
    expect(report.passes[0]!.bookings).toMatchObject({ indexKeys: 1, items: expect.objectContaining({ searchToken: { put: 0, deleted: 1 } }) });
    expect((await booking(made.c)).gsi3pk).toBe(confirmedIndexKeys(b).gsi3pk);
  });
});
