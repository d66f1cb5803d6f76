/**
 * The occupancy chart's API and the capacity setting: GET /api/admin/occupancy and PUT /api/admin/capacity
 * for anonymous, customer A, customer B and staff; bad input; the numbers from seeded counters.
 *
 * The capacity counters are not yet kept by the booking flow on this branch, so occupancy is seeded with the store's
 * own recount (`recountedMonths`) and a put, in months far ahead that no other test touches. Setting the capacity
 * changes how every checkout is judged, so the writes (200, and 409 under YARD_CAPACITY) go through a second
 * gateway in this test's own process, with the same handlers and token checks, on a table of its own: the shared
 * stack's capacity stays as other test files expect it.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { recountedMonths } from '../../functions/store/occupancy';
import { routes } from '../../functions/routes';
import { createGateway } from '../../local/gateway';
import { ensureTable } from '../../local/provision';
import { capacityMessages } from '../../shared/capacity';
import { messages } from '../../shared/messages';
import { addDays, nzToday } from '../../shared/nz-time';
import { occupancyMessages, occupancySchema } from '../../shared/occupancy';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { baseUrl, env } from './payment-support';
import { sharedStackWithUsers } from '../support/stack-with-users';

const { db, users: { a, b, admin } } = sharedStackWithUsers({ a: {}, b: {}, admin: { admin: true } });

const bearer = (user: TestUser | null): Record<string, string> => (user ? { authorization: user === admin ? `Bearer ${admin.idToken}` : user.bearer } : {});
const call = (method: string, path: string, body?: unknown, user: TestUser | null = admin, base = baseUrl) => request(base, method, path, body, bearer(user));

/** Writes the month items a recount of these stays gives, into `table` (test-only seeding, see the header). */
async function seedOccupancy(stays: { stay: { dropOffDate: string; pickUpDate: string }; held: boolean }[], table = env.tableName) {
  for (const month of recountedMonths(stays, new Date().toISOString())) await db.send(new PutCommand({ TableName: table, Item: month }));
}

/** A month of its own far ahead (2090s), so no other test's bookings or seeds are counted in it. */
const farMonth = () => `${2090 + randomInt(0, 10)}-${String(randomInt(1, 13)).padStart(2, '0')}`;

describe('access', () => {
  it.each([
    ['GET', '/api/admin/occupancy', undefined],
    ['PUT', '/api/admin/capacity', { capacity: -1 }],
  ] as const)('%s %s: 401 anonymous, 403 for customers A and B', async (method, path, body) => {
    const anonymous = await call(method, path, body, null);
    expect(anonymous.status).toBe(401);
    for (const customer of [a, b]) {
      const res = await call(method, path, body, customer);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
  });

  it('answers staff with the next 30 days from today (NZ) against the capacity', async () => {
    const res = await call('GET', '/api/admin/occupancy');
    expect(res.status).toBe(200);
    const body = occupancySchema.parse(res.body);
    expect(body.days).toHaveLength(30);
    expect(body.days[0]!.date).toBe(nzToday(new Date()));
    expect(body.days[29]!.date).toBe(addDays(nzToday(new Date()), 29));
    expect(body.capacity).toBeGreaterThanOrEqual(0);
    for (const d of body.days) expect(d.free).toBe(Math.max(0, body.capacity - d.taken));
  });
});

describe('GET /api/admin/occupancy', () => {
  it('gives each date the places taken and held from the counters, across a month boundary', async () => {
    const month = farMonth();
    const next = addDays(`${month}-28`, 7).slice(0, 7);
    const from = `${month}-27`;
    // Bookings on 27th-2nd, 28th-28th and an open checkout 28th-3rd (spanning into the next month).
    const spanEnd = addDays(`${next}-01`, 1);
    await seedOccupancy([
      { stay: { dropOffDate: from, pickUpDate: spanEnd }, held: false },
      { stay: { dropOffDate: `${month}-28`, pickUpDate: `${month}-28` }, held: false },
      { stay: { dropOffDate: `${month}-28`, pickUpDate: addDays(spanEnd, 1) }, held: true },
    ]);
    const res = await call('GET', `/api/admin/occupancy?from=${from}&days=10`);
    expect(res.status).toBe(200);
    const { capacity, days } = occupancySchema.parse(res.body);
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 10 }, (_, i) => addDays(from, i)));
    const expected = (date: string) => {
      const taken = (date <= spanEnd ? 1 : 0) + (date === `${month}-28` ? 1 : 0) + (date >= `${month}-28` && date <= addDays(spanEnd, 1) ? 1 : 0);
      const held = date >= `${month}-28` && date <= addDays(spanEnd, 1) ? 1 : 0;
      return { date, taken, held, free: Math.max(0, capacity - taken) };
    };
    expect(days).toEqual(days.map((d) => expected(d.date)));
    expect(days[1]).toMatchObject({ taken: 3, held: 1 });
    expect(days.at(-1)).toMatchObject({ taken: 0, held: 0 });
  });

  it.each([
    ['days=0', occupancyMessages.daysInvalid],
    ['days=94', occupancyMessages.daysInvalid],
    ['days=1.5', occupancyMessages.daysInvalid],
    ['days=abc', occupancyMessages.daysInvalid],
    ['from=2026-02-30', occupancyMessages.dateInvalid],
    ['from=tomorrow', occupancyMessages.dateInvalid],
  ])('refuses %s with 400 and a message', async (query, message) => {
    const res = await call('GET', `/api/admin/occupancy?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a parameter it does not know', async () => {
    const res = await call('GET', '/api/admin/occupancy?to=2030-01-01');
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ to: "Unknown field 'to'" });
  });

  it('accepts the longest range, 93 days', async () => {
    const res = await call('GET', `/api/admin/occupancy?from=${farMonth()}-01&days=93`);
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(93);
  });
});

describe('PUT /api/admin/capacity: bad input on the shared stack (nothing is written)', () => {
  it.each([[{ capacity: -1 }], [{ capacity: 2.5 }], [{ capacity: '300' }], [{ capacity: 100_001 }], [{ capacity: null }], [{}]])('refuses %j with 400 and the capacity message', async (body) => {
    const before = await db.send(new GetCommand({ TableName: env.tableName, Key: keys.yardSettings(), ConsistentRead: true }));
    const res = await call('PUT', '/api/admin/capacity', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(capacityMessages.capacityInvalid);
    const after = await db.send(new GetCommand({ TableName: env.tableName, Key: keys.yardSettings(), ConsistentRead: true }));
    expect(after.Item).toEqual(before.Item);
  });

  it('refuses a body that is not JSON, and unknown fields', async () => {
    expect((await call('PUT', '/api/admin/capacity', 'capacity=5')).status).toBe(400);
    const res = await call('PUT', '/api/admin/capacity', { capacity: 5, by: 'someone' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({ by: "Unknown field 'by'" });
  });
});

describe('PUT /api/admin/capacity: a gateway of this test with its own table', () => {
  const table = `yard-views-${randomUUID().slice(0, 8)}`;
  const saved: Record<string, string | undefined> = {};
  let server: Server;
  let own: string;

  beforeAll(async () => {
    await ensureTable(env.dynamodbEndpoint, table);
    // The handlers run in this process: they read the table and YARD_CAPACITY from its environment.
    for (const [k, v] of Object.entries({ AWS_REGION: 'ap-southeast-2', TABLE_NAME: table, DYNAMODB_ENDPOINT: env.dynamodbEndpoint, YARD_CAPACITY: '' })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    const gateway = createGateway({
      routes: routes.filter((r) => r.path === '/api/admin/capacity' || r.path === '/api/admin/occupancy'),
      jwt: { issuer: `${env.cognitoEndpoint}/${env.userPoolId}`, jwksUrl: `${env.cognitoEndpoint}/${env.userPoolId}/.well-known/jwks.json`, audience: [env.userPoolClientId] },
    });
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void gateway.handle(req, res, Buffer.concat(chunks)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    own = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await new Promise<void>((r) => server.close(() => r()));
  });

  const settings = async () => (await db.send(new GetCommand({ TableName: table, Key: keys.yardSettings(), ConsistentRead: true }))).Item;

  it('starts at the default, stores what staff set with who and when, and the occupancy follows', async () => {
    const first = await call('GET', `/api/admin/occupancy?from=2031-01-01&days=1`, undefined, admin, own);
    // docs/capacity.md: the site configuration's default is 300 places.
    expect(first.body).toMatchObject({ capacity: 300, capacitySource: 'default' });

    for (const customer of [a, b]) expect((await call('PUT', '/api/admin/capacity', { capacity: 7 }, customer, own)).status).toBe(403);
    expect(await settings()).toBeUndefined();

    const res = await call('PUT', '/api/admin/capacity', { capacity: 2 }, admin, own);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ capacity: 2, capacitySource: 'settings' });
    const item = await settings();
    expect(item).toMatchObject({ capacity: 2, updatedBy: admin.email });
    expect(Date.now() - Date.parse(item!.updatedAt as string)).toBeLessThan(60_000);

    // A day with three places taken at a capacity of 2: over capacity, none free.
    await seedOccupancy([0, 1, 2].map(() => ({ stay: { dropOffDate: '2031-01-01', pickUpDate: '2031-01-02' }, held: false })), table);
    const after = await call('GET', '/api/admin/occupancy?from=2031-01-01&days=3', undefined, admin, own);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      capacity: 2,
      capacitySource: 'settings',
      days: [
        { date: '2031-01-01', taken: 3, held: 0, free: 0 },
        { date: '2031-01-02', taken: 3, held: 0, free: 0 },
        { date: '2031-01-03', taken: 0, held: 0, free: 2 },
      ],
    });

    // Zero is a capacity (the yard closed), and the largest one allowed is accepted.
    expect((await call('PUT', '/api/admin/capacity', { capacity: 0 }, admin, own)).body).toEqual({ capacity: 0, capacitySource: 'settings' });
    expect((await call('PUT', '/api/admin/capacity', { capacity: 100_000 }, admin, own)).body).toEqual({ capacity: 100_000, capacitySource: 'settings' });
  });

  it('refuses with 409 while YARD_CAPACITY fixes the capacity for the run, and leaves the setting alone', async () => {
    const before = await settings();
    process.env.YARD_CAPACITY = '2';
    try {
      const res = await call('PUT', '/api/admin/capacity', { capacity: 50 }, admin, own);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(capacityMessages.capacityFixed);
      expect(await settings()).toEqual(before);
      const read = await call('GET', '/api/admin/occupancy?from=2031-01-01&days=1', undefined, admin, own);
      expect(read.body).toMatchObject({ capacity: 2, capacitySource: 'environment' });
      // Bad input is still 400 first: the request is judged before the setting.
      expect((await call('PUT', '/api/admin/capacity', { capacity: -5 }, admin, own)).status).toBe(400);
    } finally {
      process.env.YARD_CAPACITY = '';
    }
  });
});
