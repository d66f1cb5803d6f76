/**
 * The operator's price rules: GET/PUT /api/admin/pricing and the preview for all five roles, bad input, a stale
 * version, the history, and every price the server makes under the rules in force: the quote (with the rules it
 * applied), the checkout, and a paid booking whose price stays as paid when the rules change. Runs its own stack:
 * changing the rules changes every price, which the shared stack's other test files must not see.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingAdminMessages } from '../../shared/pricing-admin';
import { priceRulesMessages } from '../../shared/price-rules-schema';
import { parkingCents } from '../../shared/pricing';
import { daysFromToday } from '../support/dates';
import { startTestStack, type TestEnv, type TestStack } from '../support/global-setup';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';

let testStack: TestStack;
let env: TestEnv;
let admin: TestUser;
let staff: TestUser;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  testStack = await startTestStack('none', 'runway-pricing-', {});
  env = testStack.env;
  [admin, staff, a, b] = await Promise.all([createUser(env, { admin: true }), createUser(env, { staff: true }), createUser(env), createUser(env)]);
}, 120_000);

afterAll(async () => {
  await testStack?.stop();
});

const bearer = (user: TestUser | null): Record<string, string> => (user ? { authorization: user === admin || user === staff ? `Bearer ${user.idToken}` : user.bearer } : {});
const call = <T = any>(method: string, path: string, body?: unknown, user: TestUser | null = admin) => request<T>(env.baseUrl, method, path, body, bearer(user));

/** A stay of 8 chargeable days: the tariff is $50. */
const stay = () => ({ dropOffDate: daysFromToday(20), dropOffTime: '09:00', pickUpDate: daysFromToday(27), pickUpTime: '11:00', carWash: true });
const everyDay = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

async function save(ruleSet: unknown) {
  const { body } = await call('GET', '/api/admin/pricing');
  return call('PUT', '/api/admin/pricing', { version: body.version, ruleSet });
}

describe('who may read and change the price rules', () => {
  it.each([
    ['anonymous', () => null, 401],
    ['customer A', () => a, 403],
    ['customer B', () => b, 403],
    ['staff', () => staff, 403],
  ])('%s is refused (%s) and nothing is saved', async (_who, user, status) => {
    expect((await call('GET', '/api/admin/pricing', undefined, user())).status).toBe(status);
    expect((await call('PUT', '/api/admin/pricing', { version: 'initial', ruleSet: { rules: [] } }, user())).status).toBe(status);
    expect((await call('POST', '/api/admin/pricing/preview', { ruleSet: { rules: [] } }, user())).status).toBe(status);
  });

  it('an admin reads them: the tariff alone before any save', async () => {
    const res = await call('GET', '/api/admin/pricing');
    expect(res.status).toBe(200);
    expect(res.body.ruleSet.rules).toBeInstanceOf(Array);
    expect(typeof res.body.version).toBe('string');
  });
});

describe('saving', () => {
  it.each([
    ['overlapping date rules', { rules: [{ kind: 'dates', from: '2030-01-01', to: '2030-01-10', percent: 5 }, { kind: 'dates', from: '2030-01-10', to: '2030-01-12', percent: 5 }] }, 'ruleSet.rules.1.from', priceRulesMessages.datesOverlap],
    ['a floor above the ceiling', { rules: [], floorPerDayCents: 3000, ceilingPerDayCents: 2000 }, 'ruleSet.floorPerDayCents', priceRulesMessages.floorAboveCeiling],
    ['a percentage beyond 100', { rules: [{ kind: 'weekday', days: ['Fri'], percent: 120 }] }, 'ruleSet.rules.0.percent', priceRulesMessages.percent],
  ])('refuses %s with the field and its message, and saves nothing', async (_name, ruleSet, field, message) => {
    const before = await call('GET', '/api/admin/pricing');
    const res = await call('PUT', '/api/admin/pricing', { version: before.body.version, ruleSet });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBe(message);
    expect((await call('GET', '/api/admin/pricing')).body).toEqual(before.body);
  });

  it('refuses a body that does not parse with a 400', async () => {
    const res = await fetch(`${env.baseUrl}/api/admin/pricing`, { method: 'PUT', headers: { ...bearer(admin), 'content-type': 'application/json' }, body: '{"rules": [' });
    expect(res.status).toBe(400);
  });

  it('saves with the version read, records who, when, before and after, and refuses a stale version with 409', async () => {
    const first = await call('GET', '/api/admin/pricing');
    const ruleSet = { rules: [{ kind: 'leadTime', withinDays: 2, percent: 5 }], saverPercentOff: 15, saverChangeFeeCents: 2000 };
    const saved = await call('PUT', '/api/admin/pricing', { version: first.body.version, ruleSet });
    expect(saved.status).toBe(200);
    expect(saved.body.ruleSet).toEqual(ruleSet);
    expect(saved.body.history[0]).toMatchObject({ by: admin.email, before: first.body.ruleSet, after: ruleSet });
    const stale = await call('PUT', '/api/admin/pricing', { version: first.body.version, ruleSet: { rules: [] } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(pricingAdminMessages.stale);
    expect((await call('GET', '/api/admin/pricing')).body.ruleSet).toEqual(ruleSet);
  });

  it('previews ten sample stays under the rules in force and the proposed ones, saving nothing', async () => {
    const before = await call('GET', '/api/admin/pricing');
    const res = await call('POST', '/api/admin/pricing/preview', { ruleSet: { rules: [{ kind: 'weekday', days: everyDay, percent: 50 }] } });
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(10);
    // +50% on every day of every sample: half as much again as each stay's tariff.
    for (const row of res.body.rows) expect(row.proposedCents).toBe(Math.round(parkingCents(row.days) * 1.5));
    // The first sample is one day tomorrow: $30 at the tariff plus any rule in force, $45 under +50% every day.
    expect(res.body.rows[0].proposedCents).toBe(4500);
    expect((await call('GET', '/api/admin/pricing')).body).toEqual(before.body);
  });
});

describe('prices under the rules in force', () => {
  it('the quote applies the rules and names them; the add-ons keep their prices', async () => {
    expect((await save({ rules: [{ kind: 'weekday', days: everyDay, percent: 20 }] })).status).toBe(200);
    const res = await call('POST', '/api/quotes', stay(), null);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ days: 8, tariffParkingCost: 50, parkingCost: 60, carWashCost: 60, total: 120, appliedRules: [{ kind: 'weekday', percent: 20, days: 8 }] });
  });

  it('a checkout charges the rules in force, and a paid booking keeps its price when the rules change', async () => {
    expect((await save({ rules: [{ kind: 'weekday', days: everyDay, percent: 20 }] })).status).toBe(200);
    const started = await request<{ sessionId: string; bookingId: string }>(env.baseUrl, 'POST', '/api/checkout', {
      quote: stay(),
      customer: { firstName: 'Aroha', lastName: 'Ngata', email: `rules-${randomUUID().slice(0, 8)}@example.com`, contactNumber: '021 555 0199', carRegistration: 'KTA123' },
      paymentType: 'full',
    });
    expect(started.status).toBe(201);
    const paid = await fetch(`${env.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBeLessThan(400);
    const read = async () => (await call('GET', `/api/admin/bookings/${started.body.bookingId}`)).body;
    const before = await read();
    expect(JSON.stringify(before)).toContain('120');
    expect((await save({ rules: [{ kind: 'weekday', days: everyDay, percent: -50 }] })).status).toBe(200);
    const after = await read();
    expect(after.booking ?? after).toEqual(before.booking ?? before);
    // A new quote meanwhile is priced under the new rules: $25 parking.
    expect((await call('POST', '/api/quotes', stay(), null)).body).toMatchObject({ parkingCost: 25, total: 85 });
  });
});
