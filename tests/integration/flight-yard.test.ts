/**
 * The yard sees the flight, on a stack of this file's own (its clock moved freely, its pickup settings its own): the
 * pickup settings and who may change them; a landed return flight puts its checked-in bookings in the pickup queue by
 * itself after one tracker pass against the stack's flight stand-in (run in this process, as `npm run admin --
 * track-flights --now` runs it), once however often the tracker runs or the traveller also says "I've landed", with
 * the terminal, the party and the expected kerb time; two bookings on one flight cost one provider request.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aeroApiProvider } from '../../functions/lib/flights/aeroapi';
import { STAND_IN_API_KEY } from '../../functions/lib/flights/flight-provider';
import type { FlightStatusProvider } from '../../functions/lib/flights/flight-status';
import { keys } from '../../functions/store/keys';
import { DEFAULT_PICKUP_SETTINGS, pickupSettingsMessages } from '../../shared/kerb-time';
import { addDays, nzInstant } from '../../shared/nz-time';
import { moveClock, readClock } from '../support/clock';
import { startTestStack, type TestEnv, type TestStack } from '../support/global-setup';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { customer, quote } from './payment-support';

let testStack: TestStack;
let env: TestEnv;
let db: DynamoDBDocumentClient;
let a: TestUser;
let staff: TestUser;
let admin: TestUser;
let standIn: FlightStatusProvider;
let trackFlights: typeof import('../../functions/use-cases/flights/track-flights').trackFlights;
let passTokenFor: typeof import('../../functions/lib/pass-token').passTokenFor;

beforeAll(async () => {
  testStack = await startTestStack('none', 'runway-flight-yard-');
  env = testStack.env;
  process.env.LOG_LEVEL = 'SILENT';
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
  [a, staff, admin] = await Promise.all([createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
  standIn = aeroApiProvider({ baseUrl: `${env.baseUrl}/_local/aeroapi`, apiKey: STAND_IN_API_KEY });
  ({ trackFlights } = await import('../../functions/use-cases/flights/track-flights'));
  ({ passTokenFor } = await import('../../functions/lib/pass-token'));
});

afterAll(async () => {
  db?.destroy();
  await testStack?.stop();
});

const MINUTE = 60_000;
const CAPS = { perFlight: 48, perDay: 2_000 };
const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser | null) => request<T>(env.baseUrl, method, p, body, user ? { authorization: user.bearer } : {});
const nz = (date: string, time: string) => nzInstant({ date, time })!;
const item = async (key: { pk: string; sk: string }) => (await db.send(new GetCommand({ TableName: env.tableName, Key: key, ConsistentRead: true }))).Item;

interface SettingsView {
  domestic_walk_out_minutes: number;
  international_walk_out_minutes: number;
  shuttle_seats: number;
  version: number;
  updated_by: string | null;
  updated_at: string | null;
}

async function readSettings(user: TestUser = staff): Promise<SettingsView> {
  const res = await api<SettingsView>('GET', '/api/yard/pickup-settings', undefined, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Saves the settings over the version now stored. */
async function saveSettings(values: { domestic: number; international: number; seats: number }, user: TestUser = staff): Promise<SettingsView> {
  const { version } = await readSettings(user);
  const res = await api<SettingsView>('PUT', '/api/yard/pickup-settings', { domestic_walk_out_minutes: values.domestic, international_walk_out_minutes: values.international, shuttle_seats: values.seats, version }, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const DEFAULTS = { domestic: DEFAULT_PICKUP_SETTINGS.domesticWalkOutMinutes, international: DEFAULT_PICKUP_SETTINGS.internationalWalkOutMinutes, seats: DEFAULT_PICKUP_SETTINGS.shuttleSeats };

describe('the pickup settings', () => {
  it('starts at the defaults (15 and 35 minutes, 14 seats), version 0', async () => {
    expect(await readSettings()).toEqual({ domestic_walk_out_minutes: 15, international_walk_out_minutes: 35, shuttle_seats: 14, version: 0, updated_by: null, updated_at: null });
  });

  it('who may: anonymous 401, a customer 403, staff and admin 200, on reading and on saving', async () => {
    const current = await readSettings();
    const body = { domestic_walk_out_minutes: current.domestic_walk_out_minutes, international_walk_out_minutes: current.international_walk_out_minutes, shuttle_seats: current.shuttle_seats, version: current.version };
    expect((await api('GET', '/api/yard/pickup-settings', undefined, null)).status).toBe(401);
    expect((await api('GET', '/api/yard/pickup-settings', undefined, a)).status).toBe(403);
    expect((await api('GET', '/api/yard/pickup-settings', undefined, admin)).status).toBe(200);
    expect((await api('PUT', '/api/yard/pickup-settings', body, null)).status).toBe(401);
    expect((await api('PUT', '/api/yard/pickup-settings', body, a)).status).toBe(403);
    // Neither refusal wrote anything.
    expect((await readSettings()).version).toBe(current.version);
    const byStaff = await api<SettingsView>('PUT', '/api/yard/pickup-settings', body, staff);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.version).toBe(current.version + 1);
    // Who is the e-mail when the token carries one, else the account's id (as the queue's "picked up by").
    expect([staff.email, staff.sub]).toContain(byStaff.body.updated_by);
    const byAdmin = await api<SettingsView>('PUT', '/api/yard/pickup-settings', { ...body, version: byStaff.body.version }, admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.version).toBe(current.version + 2);
    expect([admin.email, admin.sub]).toContain(byAdmin.body.updated_by);
  });

  it('saves what staff set, over the version read; a save on an older version is refused with 409 and changes nothing', async () => {
    const before = await readSettings();
    const saved = await saveSettings({ domestic: 20, international: 45, seats: 11 });
    expect(saved).toMatchObject({ domestic_walk_out_minutes: 20, international_walk_out_minutes: 45, shuttle_seats: 11, version: before.version + 1 });
    expect(await readSettings(admin)).toEqual(saved);

    const late = await api('PUT', '/api/yard/pickup-settings', { domestic_walk_out_minutes: 5, international_walk_out_minutes: 5, shuttle_seats: 5, version: before.version }, staff);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: pickupSettingsMessages.changedMeanwhile });
    expect(await readSettings()).toEqual(saved);
    await saveSettings(DEFAULTS);
  });

  it('refuses bad values with 400 and the field message, writing nothing', async () => {
    const before = await readSettings();
    const res = await api('PUT', '/api/yard/pickup-settings', { domestic_walk_out_minutes: -3, international_walk_out_minutes: 35, shuttle_seats: 0, version: before.version }, staff);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({ domestic_walk_out_minutes: pickupSettingsMessages.walkOutInvalid, shuttle_seats: pickupSettingsMessages.seatsInvalid });
    expect((await api('PUT', '/api/yard/pickup-settings', { domestic_walk_out_minutes: 15, international_walk_out_minutes: 35, shuttle_seats: 14 }, staff)).status).toBe(400);
    expect(await readSettings()).toEqual(before);
  });
});

/** A date of this test's own, a year or two ahead. */
let nextDay = 400 + randomInt(0, 200);
const ownDate = () => addDays('2027-01-01', (nextDay += 4));
let nextFlight = randomInt(1000, 8000);
const ownFlight = () => `XQ${nextFlight++}`;

/** A paid booking (drop-off three days before `pickUpDate`, pick-up 15:00 with `flight`), booked on a clock set the day before the drop-off. */
async function bookReturning(flight: string, pickUpDate: string): Promise<string> {
  await moveClock(env.baseUrl, { at: nz(addDays(pickUpDate, -4), '09:00').toISOString() });
  const body = { quote: quote({ dropOffDate: addDays(pickUpDate, -3), dropOffTime: '09:00', pickUpDate, pickUpTime: '15:00', returnFlightNumber: flight }), customer: customer(), paymentType: 'full' };
  const res = await api<{ sessionId: string; bookingId: string }>('POST', '/api/checkout', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const paid = await fetch(`${env.baseUrl}/_local/stripe/checkout/${res.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBeLessThan(400);
  return res.body.bookingId;
}

/** The car as the yard's check-in leaves it (the check-in itself is tested in yard.test.ts). */
async function checkIn(id: string) {
  await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': 'checkin' } }));
}

const putFlight = (flight: string, date: string, body: Record<string, unknown>) => request(env.baseUrl, 'PUT', `/_local/flights/${flight}/${date}`, body);
const standInAsked = async (flight: string, date: string) => (await request<{ asked: number }>(env.baseUrl, 'GET', `/_local/flights/${flight}/${date}`)).body.asked;
const pass = async (at: Date) => trackFlights({ now: at, provider: standIn, caps: CAPS });
const queue = async () => {
  const res = await api<{ date: string; entries: Record<string, any>[] }>('GET', '/api/admin/pickups', undefined, staff);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const pickupHistory = async (id: string) =>
  ((await db.send(new QueryCommand({ TableName: env.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)', ExpressionAttributeValues: { ':pk': `BOOKING#${id}`, ':a': 'AUDIT#' }, ConsistentRead: true }))).Items ?? []).filter((i) =>
    JSON.stringify(i).includes('pickup_queue'),
  );

describe('a landed return flight fills the pickup queue by itself', () => {
  it('one pass after the stand-in says landed: both checked-in bookings are in the queue with terminal, party and kerb time; one request for both; a reservation is not', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const first = await bookReturning(flight, date);
    const second = await bookReturning(flight, date);
    const notIn = await bookReturning(flight, date);
    await checkIn(first);
    await checkIn(second);
    const landed = nz(date, '14:41');
    expect((await putFlight(flight, date, { scheduled_on: nz(date, '14:35').toISOString(), actual_on: landed.toISOString(), terminal: 'I' })).status).toBe(200);
    const now = await moveClock(env.baseUrl, { at: nz(date, '14:50').toISOString() });

    expect(await queue()).toMatchObject({ date, entries: [] });
    const summary = await pass(now);
    expect(summary).toMatchObject({ asked: 1, found: 1, queued: 2 });
    expect(await standInAsked(flight, date)).toBe(1);

    const { entries } = await queue();
    expect(entries.map((e) => e.booking_id).sort()).toEqual([first, second].sort());
    for (const e of entries) {
      expect(e).toMatchObject({ terminal: 'international', passengers: 1, flight, state: 'waiting', added_by: 'flight', landed_at: landed.toISOString(), expected_kerb_at: new Date(landed.getTime() + 35 * MINUTE).toISOString() });
    }
    expect(entries.some((e) => e.booking_id === notIn)).toBe(false);
    expect(await item(keys.flightArrival(flight, date))).toMatchObject({ landingQueuedAt: now.toISOString() });

    // The kerb time follows the walk-out time staff set, read with the queue.
    await saveSettings({ ...DEFAULTS, international: 50 });
    expect((await queue()).entries[0]?.expected_kerb_at).toBe(new Date(landed.getTime() + 50 * MINUTE).toISOString());
    await saveSettings(DEFAULTS);

    // Another pass (and one more five minutes on) asks nothing and adds nothing: one entry and one history line each.
    expect(await pass(now)).toMatchObject({ asked: 0, queued: 0 });
    expect(await pass(new Date(now.getTime() + 5 * MINUTE))).toMatchObject({ asked: 0, queued: 0 });
    expect(await standInAsked(flight, date)).toBe(1);
    expect((await queue()).entries).toHaveLength(2);
    expect(await pickupHistory(first)).toHaveLength(1);
  });

  it('the traveller who also says "I\'ve landed" keeps one entry: their party size and terminal, the landing the flight\'s', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const id = await bookReturning(flight, date);
    await checkIn(id);
    const landed = nz(date, '14:20');
    await putFlight(flight, date, { scheduled_on: nz(date, '14:30').toISOString(), actual_on: landed.toISOString(), terminal: 'D' });
    const now = await moveClock(env.baseUrl, { at: nz(date, '14:30').toISOString() });
    expect(await pass(now)).toMatchObject({ queued: 1 });

    const token = await passTokenFor(id);
    const press = await request(env.baseUrl, 'POST', `/api/pass/${encodeURIComponent(token)}/landed`, { terminal: 'domestic', passengers: 3, flight });
    expect(press.status, JSON.stringify(press.body)).toBe(200);
    const { entries } = await queue();
    expect(entries.filter((e) => e.booking_id === id)).toEqual([
      expect.objectContaining({ terminal: 'domestic', passengers: 3, added_by: 'flight', landed_at: landed.toISOString(), expected_kerb_at: new Date(landed.getTime() + 15 * MINUTE).toISOString() }),
    ]);
  });

  it('a traveller who said "I\'ve landed" first keeps their entry as it was; the pass adds nothing', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const id = await bookReturning(flight, date);
    await checkIn(id);
    await putFlight(flight, date, { scheduled_on: nz(date, '14:30').toISOString(), terminal: 'I' });
    await moveClock(env.baseUrl, { at: nz(date, '14:10').toISOString() });
    const token = await passTokenFor(id);
    const press = await request<{ landed_at: string }>(env.baseUrl, 'POST', `/api/pass/${encodeURIComponent(token)}/landed`, { terminal: 'international', passengers: 2, flight });
    expect(press.status, JSON.stringify(press.body)).toBe(201);
    await putFlight(flight, date, { actual_on: nz(date, '14:25').toISOString() });
    const now = await moveClock(env.baseUrl, { at: nz(date, '14:35').toISOString() });
    expect(await pass(now)).toMatchObject({ asked: 1, queued: 0 });
    const mine = (await queue()).entries.filter((e) => e.booking_id === id);
    expect(mine).toEqual([expect.objectContaining({ added_by: 'traveller', passengers: 2, landed_at: press.body.landed_at })]);
    expect(await pickupHistory(id)).toHaveLength(1);
  });

  it('a pass that stopped before queueing is finished by the next; a terminal the yard does not know queues no one', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const id = await bookReturning(flight, date);
    await checkIn(id);
    await putFlight(flight, date, { scheduled_on: nz(date, '13:00').toISOString(), actual_on: nz(date, '13:05').toISOString(), terminal: 'I' });
    const now = await moveClock(env.baseUrl, { at: nz(date, '13:10').toISOString() });
    expect(await pass(now)).toMatchObject({ queued: 1 });
    // As if the pass had stopped between storing the landing and queueing: the entry and the mark gone.
    await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.flightArrival(flight, date), UpdateExpression: 'REMOVE landingQueuedAt' }));
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(new DeleteCommand({ TableName: env.tableName, Key: keys.pickupQueueEntry(date, id) }));
    expect((await queue()).entries.some((e) => e.booking_id === id)).toBe(false);
    expect(await pass(new Date(now.getTime() + MINUTE))).toMatchObject({ asked: 0, queued: 1 });
    expect((await queue()).entries.filter((e) => e.booking_id === id)).toHaveLength(1);

    const other = ownFlight();
    const lost = await bookReturning(other, date);
    await checkIn(lost);
    await putFlight(other, date, { scheduled_on: nz(date, '13:00').toISOString(), actual_on: nz(date, '13:05').toISOString(), terminal: null });
    await moveClock(env.baseUrl, { at: nz(date, '13:15').toISOString() });
    expect(await pass(await readClock(env.baseUrl))).toMatchObject({ queued: 0 });
    expect((await queue()).entries.some((e) => e.booking_id === lost)).toBe(false);
  });
});
