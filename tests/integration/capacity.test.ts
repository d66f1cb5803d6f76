/**
 * Yard capacity: a stack of its own with YARD_CAPACITY=2, so the yard fills with a few bookings
 * without touching the shared test stack. A booking takes a place on every NZ date from drop-off to pick-up;
 * an open checkout holds its places until it expires; cancelling and shortening give places back; extending
 * and staff edits need room; 200 checkouts racing for the last place confirm exactly one; a burst for the last two
 * places answers each checkout with 201, 409, or 429/503 and when to try again, never an unexplained 5xx; and the
 * counters always equal a recount of the bookings.
 */
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { capacityMessages, stayDates } from '../../shared/capacity';
import { paymentMessages } from '../../shared/booking';
import { toDateInput } from '../../shared/date-input';
import { keys } from '../../functions/store/keys';
import { recountedMonths } from '../../functions/store/occupancy';
import { reindex } from '../../functions/maintenance/reindex';
import { standInWebhookSecretFile } from '../../local/stripe-stand-in';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import type { TestUser } from '../support/users';
import { customer, quote } from './payment-support';
import { ownStackWithUsers } from '../support/stack-with-users';

const { env, db, users: { owner, admin } } = ownStackWithUsers('runway-capacity-', { owner: {}, admin: { admin: true } }, { YARD_CAPACITY: '2' });

const api = <T = any>(method: string, p: string, body?: unknown, user?: TestUser, headers: Record<string, string> = {}) =>
  request<T>(env.baseUrl, method, p, body, user ? { authorization: user.bearer, ...headers } : headers);

/** An event posted to this stack's webhook route, signed with its stand-in's secret as Stripe signs. */
function postSignedWebhook(type: string, object: unknown) {
  const event = { id: `evt_test_${randomUUID().replace(/-/g, '')}`, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, type };
  const payload = JSON.stringify(event);
  const secret = readFileSync(standInWebhookSecretFile(env.dataDir), 'utf8').trim();
  const signature = new Stripe('sk_test_tests').webhooks.generateTestHeaderString({ payload, secret });
  return request(env.baseUrl, 'POST', '/api/webhooks/stripe', payload, { 'content-type': 'application/json', 'stripe-signature': signature });
}

/** A checkout for the stay from `from` to `to` days ahead; answers the response (201 or the refusal). */
const startCheckout = (from: number, to: number, user?: TestUser) =>
  api('POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(from), pickUpDate: daysFromToday(to) }), customer: customer(user ? { email: user.email } : {}), paymentType: 'full' }, user);

async function pay(sessionId: string): Promise<void> {
  const res = await fetch(`${env.baseUrl}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
}

/** A paid booking from `from` to `to` days ahead. */
async function booked(from: number, to: number, user?: TestUser): Promise<string> {
  const res = await startCheckout(from, to, user);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await pay(res.body.sessionId);
  return res.body.bookingId as string;
}

const fullMessage = (days: number) => capacityMessages.full(daysFromToday(days));
const startsBusy = (days: number) => capacityMessages.startsBusy(daysFromToday(days));
const availability = async (from: number, to: number) => (await api('GET', `/api/availability?from=${daysFromToday(from)}&to=${daysFromToday(to)}`)).body.fullDates as string[];

async function scanAll(): Promise<Record<string, any>[]> {
  const rows: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new ScanCommand({ TableName: env.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    rows.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return rows;
}

/** The stand-in's charge.refunded events not delivered yet (its events folder: one JSON file per event, with its deliveries). */
async function undeliveredRefundEvents(): Promise<string[]> {
  const dir = path.join(env.dataDir, 'stripe', 'events');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  const events = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { event: { id: string; type: string }; deliveries: unknown[] }));
  return events.filter((e) => e.event.type === 'charge.refunded' && e.deliveries.length === 0).map((e) => e.event.id);
}

/** The occupancy counters as stored, and as a recount of the bookings and open checkouts would write them. */
async function countersAndRecount() {
  const rows = await scanAll();
  const sessions = new Map(rows.filter((r) => r.type === 'checkout_session').map((r) => [r.bookingId as string, r.expiresAt as number]));
  const now = Math.floor(Date.now() / 1000);
  const stays = rows
    .filter((r) => r.type === 'booking')
    .filter((r) => ['reservation', 'checkin', 'checkout', 'payment_review'].includes(r.status) || (r.status === 'pending_payment' && r.placesHeld && (sessions.get(r.id) ?? 0) > now))
    .map((r) => ({ stay: { dropOffDate: r.dropOffDate as string, pickUpDate: r.pickUpDate as string }, held: r.status === 'pending_payment' }));
  const counts = (items: Record<string, unknown>[]) =>
    Object.fromEntries(items.flatMap((m) => Object.entries(m).filter(([k, v]) => /^[dh]\d\d$/.test(k) && v !== 0).map(([k, v]) => [`${m.month as string}-${k}`, v])));
  return { stored: counts(rows.filter((r) => r.type === 'occupancy')), recount: counts(recountedMonths(stays, 'now')) };
}

describe('a yard of 2 places', () => {
  it('refuses a third overlapping booking with the message, in the quote, the availability and the checkout', async () => {
    await booked(20, 24);
    await booked(22, 26);
    expect(await availability(19, 27)).toEqual(stayDates(daysFromToday(22), daysFromToday(24)));

    const third = await startCheckout(24, 28);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(fullMessage(24));
    expect(third.body.message).toBe(`Sorry, we are full on ${toDateInput(daysFromToday(24))}. Please choose other dates.`);

    const quoted = await api('POST', '/api/quotes', quote({ dropOffDate: daysFromToday(23), pickUpDate: daysFromToday(30) }));
    expect(quoted.status).toBe(409);
    expect(quoted.body.message).toBe(fullMessage(23));
    // A booking dialog editing a stay already in the yard still gets its price over the full dates.
    const priced = await api('POST', '/api/quotes', { ...quote({ dropOffDate: daysFromToday(23), pickUpDate: daysFromToday(30) }), carCleaning: true, priceOnly: true });
    expect(priced.status).toBe(200);
    expect(priced.body.carCleaningCost).toBe(75);
    // Dates either side still have room.
    expect((await startCheckout(25, 27)).status).toBe(201);
    expect((await api('POST', '/api/quotes', quote({ dropOffDate: daysFromToday(27), pickUpDate: daysFromToday(29) }))).status).toBe(200);
    const { stored, recount } = await countersAndRecount();
    expect(stored).toEqual(recount);
  });

  it('holds places while a checkout is open and gives them back when its session expires', async () => {
    const first = await startCheckout(40, 42);
    const second = await startCheckout(41, 43);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await availability(40, 43)).toEqual(stayDates(daysFromToday(41), daysFromToday(42)));
    expect((await startCheckout(42, 44)).body.message).toBe(fullMessage(42));

    const expired = await fetch(`${env.baseUrl}/_local/stripe/sessions/${second.body.sessionId}/expire-now`, { method: 'POST' });
    expect(expired.status).toBe(200);
    expect(await availability(40, 43)).toEqual([]);
    expect((await startCheckout(42, 44)).status).toBe(201);
    const { stored, recount } = await countersAndRecount();
    expect(stored).toEqual(recount);
  });

  it('gives the places back when the payment fails (checkout.session.async_payment_failed)', async () => {
    const first = await startCheckout(50, 52);
    const second = await startCheckout(51, 53);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await availability(50, 53)).toEqual(stayDates(daysFromToday(51), daysFromToday(52)));

    const session = await api('GET', `/v1/checkout/sessions/${second.body.sessionId}`, undefined, undefined, { authorization: 'Bearer sk_test_tests' });
    expect(session.status).toBe(200);
    const failed = await postSignedWebhook('checkout.session.async_payment_failed', { ...session.body, payment_status: 'unpaid' });
    expect(failed.status).toBe(200);
    expect((await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(second.body.bookingId), ConsistentRead: true }))).Item!.status).toBe('payment_failed');
    expect(await availability(50, 53)).toEqual([]);
    expect((await startCheckout(51, 52)).status).toBe(201);
    const { stored, recount } = await countersAndRecount();
    expect(stored).toEqual(recount);
  });

  it('a cancellation and a shorter stay give places back; a longer stay and a staff edit need room', async () => {
    const mine = await booked(60, 62, owner);
    const other = await booked(60, 64);
    expect(await availability(59, 65)).toEqual(stayDates(daysFromToday(60), daysFromToday(62)));

    // Staff cannot move a third booking onto the full dates either.
    const third = await booked(63, 66);
    const moved = await api('PATCH', `/api/admin/bookings/${third}`, { drop_off_date: daysFromToday(61), version: await version(third) }, admin);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(fullMessage(61));
    expect(moved.body.fieldErrors).toEqual({ drop_off_date: fullMessage(61) });

    // 63 and 64 now hold `other` and `third`: extending mine onto them is refused.
    const longer = await api('PATCH', `/api/me/bookings/${mine}`, { drop_off_date: daysFromToday(60), drop_off_time: '09:00', pick_up_date: daysFromToday(64), pick_up_time: '11:00', car_wash: true, version: await version(mine) }, owner);
    expect(longer.status).toBe(409);
    expect(longer.body.message).toBe(fullMessage(63));
    // The full date is the new pick-up date itself: the pick-up field says so.
    const toFullDay = await api('PATCH', `/api/me/bookings/${mine}`, { pick_up_date: daysFromToday(63), version: await version(mine) }, owner);
    expect(toFullDay.status).toBe(409);
    expect(toFullDay.body.fieldErrors).toEqual({ pick_up_date: fullMessage(63) });

    const shorter = await api('PATCH', `/api/me/bookings/${mine}`, { drop_off_date: daysFromToday(60), drop_off_time: '09:00', pick_up_date: daysFromToday(61), pick_up_time: '11:00', car_wash: true, version: await version(mine) }, owner);
    expect(shorter.status, JSON.stringify(shorter.body)).toBe(200);
    expect(await availability(59, 66)).toEqual([daysFromToday(60), daysFromToday(61), daysFromToday(63), daysFromToday(64)]);

    expect((await api('POST', `/api/me/bookings/${mine}/cancellation`, {}, owner)).status).toBe(200);
    expect(await availability(59, 66)).toEqual([daysFromToday(63), daysFromToday(64)]);
    expect((await api('POST', `/api/admin/bookings/${other}/cancellation`, { refund: 0 }, admin)).status).toBe(200);
    expect(await availability(59, 66)).toEqual([]);
    const { stored, recount } = await countersAndRecount();
    expect(stored).toEqual(recount);
  });

  it('200 checkouts racing for the last place: exactly one booking, the others told the date is full or to try again in a few seconds', async () => {
    await booked(80, 82);
    const results = await Promise.all(Array.from({ length: 200 }, () => startCheckout(81, 81)));
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    const others = results.filter((r) => r.status !== 201);
    for (const r of others) {
      const answer = { status: r.status, message: r.body.message as string, retryAfter: r.headers.get('retry-after') };
      if (r.status === 409) expect(answer).toEqual({ status: 409, message: fullMessage(81), retryAfter: null });
      else if (r.status === 429) expect(answer).toEqual({ status: 429, message: startsBusy(81), retryAfter: expect.stringMatching(/^\d+$/) });
      // On a busy machine a checkout may run short of time before it holds anything: it says so.
      else expect(answer).toEqual({ status: 503, message: paymentMessages.checkoutBusy, retryAfter: '5' });
    }
    // Trying again: the date is full.
    expect((await startCheckout(81, 81)).body.message).toBe(fullMessage(81));
    await pay(won[0]!.body.sessionId);
    const rows = await scanAll();
    const onTheDay = rows.filter((r) => r.type === 'booking' && r.status === 'reservation' && r.dropOffDate <= daysFromToday(81) && r.pickUpDate >= daysFromToday(81));
    expect(onTheDay).toHaveLength(2);
    const { stored, recount } = await countersAndRecount();
    expect(stored).toEqual(recount);
  }, 180_000);

  it('a burst of 20 checkouts for the last 2 places: exactly 2 created; the rest full (409) or told when to try again (429/503 with Retry-After); no other answer', async () => {
    const day = 90;
    const started = Math.floor(Date.now() / 1000) - 1;
    const results = await Promise.all(Array.from({ length: 20 }, () => startCheckout(day, day)));
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(2);
    const answers = results.filter((r) => r.status !== 201).map((r) => ({ status: r.status, message: r.body.message as string, retryAfter: r.headers.get('retry-after') }));
    for (const a of answers) {
      if (a.status === 409) expect(a).toEqual({ status: 409, message: fullMessage(day), retryAfter: null });
      else if (a.status === 429) expect(a).toEqual({ status: 429, message: startsBusy(day), retryAfter: expect.stringMatching(/^\d+$/) });
      else expect(a).toEqual({ status: 503, message: paymentMessages.checkoutBusy, retryAfter: '5' });
    }
    // The two holds are the day's; every payment session a refused checkout opened was expired, so none can be paid.
    const rows = await scanAll();
    const held = rows.filter((r) => r.type === 'booking' && r.status === 'pending_payment' && r.dropOffDate === daysFromToday(day));
    expect(held.map((r) => r.id).sort()).toEqual(won.map((r) => r.body.bookingId).sort());
    const sessionsDir = path.join(env.dataDir, 'stripe', 'sessions');
    const sessions = await Promise.all((await readdir(sessionsDir)).filter((f) => f.endsWith('.json')).map(async (f) => JSON.parse(await readFile(path.join(sessionsDir, f), 'utf8')) as { session: { id: string; status: string; created: number } }));
    const openSince = sessions.filter((s) => s.session.created >= started && s.session.status === 'open').map((s) => s.session.id);
    expect(openSince.sort()).toEqual(won.map((r) => r.body.sessionId).sort());
    const { stored, recount } = await countersAndRecount();
    expect(stored).toEqual(recount);
  }, 180_000);

  it('a 365-day stay takes its 365 places across 13 months in one transaction, and gives them back', async () => {
    const year = await booked(100, 464, owner);
    const full = await booked(100, 464);
    expect(await availability(100, 464)).toHaveLength(365);
    expect((await startCheckout(300, 301)).body.message).toBe(fullMessage(300));
    expect((await api('POST', `/api/admin/bookings/${full}/cancellation`, { refund: 0 }, admin)).status).toBe(200);
    expect((await api('POST', `/api/admin/bookings/${year}/cancellation`, { refund: 0 }, admin)).status).toBe(200);
    expect(await availability(100, 464)).toEqual([]);
    const { stored, recount } = await countersAndRecount();
    expect(stored).toEqual(recount);
  });

  it('revenue is net of refunds, counted once: the app\'s own refund reported back, and one made in Stripe', async () => {
    const revenue = async () => (await api('GET', '/api/admin/summary', undefined, admin)).body.total_revenue as number;
    const mine = await booked(200, 207, owner);
    const other = await booked(200, 207);
    const start = await revenue();
    expect((await api('POST', `/api/me/bookings/${mine}/cancellation`, {}, owner)).status).toBe(200);
    await expect.poll(revenue).toBeCloseTo(start - 110 + 20, 2);
    const sessionOf = async (id: string) => (await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(id), ConsistentRead: true }))).Item!.checkoutSessionId as string;
    const refunded = await fetch(`${env.baseUrl}/_local/stripe/sessions/${await sessionOf(other)}/refund`, { method: 'POST' });
    expect(refunded.status).toBe(200);
    const { eventId } = (await refunded.json()) as { eventId: string };
    expect(await revenue()).toBeCloseTo(start - 110 + 20 - 110, 2);
    expect((await fetch(`${env.baseUrl}/_local/stripe/events/${eventId}/deliver`, { method: 'POST' })).status).toBe(200);
    expect(await revenue()).toBeCloseTo(start - 110 + 20 - 110, 2);
  });

  it('a cancellation racing a staff edit and a staff cancellation: one refund, one status, nothing for a recount to mend', async () => {
    for (const at of [240, 250, 260]) {
      const id = await booked(at, at + 3, owner);
      const seen = await version(id);
      const results = await Promise.all([
        api('POST', `/api/me/bookings/${id}/cancellation`, {}, owner),
        api('PATCH', `/api/admin/bookings/${id}`, { status: 'checkin', status_override: { confirmed: true, reason: 'Test set-up: out of the usual order' }, version: seen }, admin),
        api('POST', `/api/admin/bookings/${id}/cancellation`, { refund: 50 }, admin),
      ]);
      for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      const cancels = [results[0]!, results[2]!].filter((r) => r.status === 200);
      expect(cancels.length).toBeLessThanOrEqual(1);
      const saved = (await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(id), ConsistentRead: true }))).Item!;
      const refunds = (saved.ledger ?? []).filter((l: { kind: string }) => l.kind === 'refund');
      // Either cancellation refunds something (the customer's $90 at 240+ days ahead, staff's $50): one refund line per cancellation.
      expect(refunds.length, JSON.stringify(saved.ledger)).toBe(cancels.length);
      expect(saved.status, JSON.stringify(results.map((r) => r.status))).toBe(cancels.length === 1 ? 'cancelled' : 'checkin');
    }
    // The stand-in reports each refund back (charge.refunded) on its own schedule: recount once it has delivered
    // them all (it records a delivery after the webhook answered).
    await expect.poll(undeliveredRefundEvents, { timeout: 30_000, interval: 100 }).toEqual([]);
    const report = await reindex({ dryRun: true });
    const pass = report.passes[0]!;
    expect(pass.stats.changes, JSON.stringify(pass.stats.changes)).toEqual([]);
    expect(pass.occupancy.changes, JSON.stringify(pass.occupancy.changes)).toEqual([]);
    expect(pass.bookings.rewritten, JSON.stringify(pass.bookings)).toBe(0);
  });

  it('refuses an availability range over 370 days or backwards with a message', async () => {
    const long = await api('GET', `/api/availability?from=${daysFromToday(1)}&to=${daysFromToday(371)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(capacityMessages.availabilityRange);
    const backwards = await api('GET', `/api/availability?from=${daysFromToday(5)}&to=${daysFromToday(4)}`);
    expect(backwards.status).toBe(400);
    const bad = await api('GET', '/api/availability?from=2026-02-30&to=2026-03-01');
    expect(bad.status).toBe(400);
    const ok = await api('GET', `/api/availability?from=${daysFromToday(1)}&to=${daysFromToday(370)}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('public, max-age=30');
  });
});

/** What an edit dialog sends as `version`: the booking's last change as stored. */
async function version(id: string): Promise<string> {
  const out = await db.send(new GetCommand({ TableName: env.tableName, Key: keys.booking(id), ConsistentRead: true }));
  return out.Item!.updatedAt as string;
}
