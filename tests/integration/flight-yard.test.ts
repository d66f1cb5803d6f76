/**
 * The yard sees the flight, through the HTTP API and one tracker pass against the shared stack's flight stand-in: the
 * pickup settings (walk-out times, shuttle seats) and who may change them. The settings item is the stack's one, so
 * every test that reads a kerb time is in this file and runs in order; the file puts the defaults back at its end.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICKUP_SETTINGS, pickupSettingsMessages } from '../../shared/kerb-time';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, env } from './payment-support';

Object.assign(process.env, {
  AWS_REGION: 'ap-southeast-2',
  TABLE_NAME: env.tableName,
  DYNAMODB_ENDPOINT: env.dynamodbEndpoint,
  SITE_URL: baseUrl,
  PASS_SIGNING_KEY: readFileSync(path.join(env.dataDir, 'pass-signing-key'), 'utf8').trim(),
  LOG_LEVEL: 'SILENT',
});

let a: TestUser;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [a, staff, admin] = await Promise.all([createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser | null) => request<T>(baseUrl, method, p, body, user ? { authorization: user.bearer } : {});

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

afterAll(async () => {
  await saveSettings(DEFAULTS);
});

describe('the pickup settings', () => {
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
