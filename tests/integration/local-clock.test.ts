/**
 * The local clock on a stack of this file's own (its handlers run in this process, so moving its clock moves no
 * other test file's): GET /_local/clock answers the time, POST moves it (a clear 400 otherwise, and only from the
 * site itself or a non-browser client), /config.json tells the SPA, and moving it by 26 hours makes the time-driven
 * behaviours happen: the day-before reminder goes, an unpaid checkout expires and gives its place back, and the Stripe
 * stand-in's webhooks, signed on the moved clock, are still accepted.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { keys } from '../../functions/store/keys';
import { clockMessages } from '../../local/clock';
import { lambdaContext } from '../../local/lambda-context';
import { addDays, nzInstant } from '../../shared/nz-time';
import { messages } from '../../shared/messages';
import { daysFromToday } from '../support/dates';
import { moveClock as move, readClock, withClock } from '../support/clock';
import { request } from '../support/http';
import { customer, quote } from './payment-support';
import { ownStackWithUsers } from '../support/stack-with-users';

const { env, db } = ownStackWithUsers('runway-clock-');

const HOUR = 3_600_000;
const api = <T = any>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => request<T>(env.baseUrl, method, p, body, headers);
const clockNow = () => readClock(env.baseUrl);
const moveClock = (body: { at: string } | { advance: string }) => move(env.baseUrl, body);
/** The clock at `wall` NZ time. */
const nz = (date: string, time: string) => nzInstant({ date, time })!.toISOString();
/** `a` is `b` give or take the few seconds a request takes. */
const near = (a: Date, b: number) => expect(Math.abs(a.getTime() - b), `${a.toISOString()} vs ${new Date(b).toISOString()}`).toBeLessThan(10_000);

const outboxFor = async (email: string) => (await api<StoredEmail[]>('GET', `/_local/outbox.json?to=${encodeURIComponent(email)}`)).body.filter((m) => m.to.includes(email));
const item = async (key: { pk: string; sk: string }) => (await db.send(new GetCommand({ TableName: env.tableName, Key: key, ConsistentRead: true }))).Item;
const held = async (date: string) => Number((await item(keys.occupancyMonth(date.slice(0, 7))))?.[`h${date.slice(8, 10)}`] ?? 0);

async function startCheckout(dropOffDay: number) {
  const body = { quote: quote({ dropOffDate: daysFromToday(dropOffDay), pickUpDate: daysFromToday(dropOffDay + 7) }), customer: customer(), paymentType: 'full' };
  const res = await api<{ sessionId: string; bookingId: string }>('POST', '/api/checkout', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, email: body.customer.email, dropOffDate: body.quote.dropOffDate };
}

/** Pay on the stand-in's page: it delivers the signed webhook before it redirects. */
const pay = (sessionId: string) => fetch(`${env.baseUrl}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });

/** One pass of the reminders job, as the schedule runs it (the test stacks leave it off: local/jobs.ts). */
async function sendReminders(): Promise<void> {
  const job = (await import('../../functions/jobs/send-reminders')) as { handler: (event: unknown, context: Context) => Promise<void> };
  await job.handler({}, lambdaContext('SendReminders', 300));
}

describe('GET and POST /_local/clock', () => {
  it('answers the real time until moved; advance moves it on and at sets it; /config.json tells the SPA the offset', async () => {
    near(await clockNow(), Date.now());
    await withClock(env.baseUrl, async () => {
      expect((await api('GET', '/config.json')).body.clockOffsetMs).toBe(0);

      near(await moveClock({ advance: '26h' }), Date.now() + 26 * HOUR);
      near(await clockNow(), Date.now() + 26 * HOUR);
      const offset = (await api<{ clockOffsetMs: number }>('GET', '/config.json')).body.clockOffsetMs;
      expect(Math.abs(offset - 26 * HOUR)).toBeLessThan(10_000);

      near(await moveClock({ advance: '-90m' }), Date.now() + 26 * HOUR - 90 * 60_000);
      const at = await moveClock({ at: '2030-12-24T08:00+13:00' });
      near(at, Date.parse('2030-12-23T19:00:00Z'));
      near(await clockNow(), Date.parse('2030-12-23T19:00:00Z'));
    });
    // withClock put it back where it was, the real clock, give or take the milliseconds a request takes.
    near(await clockNow(), Date.now());
    expect(Math.abs((await api<{ clockOffsetMs: number }>('GET', '/config.json')).body.clockOffsetMs)).toBeLessThan(10_000);
  });

  it('refuses a move it cannot read with 400 and a message that says how, and leaves the clock where it was', async () => {
    const offset = (await clockNow()).getTime() - Date.now();
    const refused: [unknown, string][] = [
      [{}, clockMessages.oneOf],
      [{ at: '2030-12-24T08:00+13:00', advance: '1h' }, clockMessages.oneOf],
      [[], clockMessages.oneOf],
      [{ at: '2030-12-24 08:00' }, clockMessages.at],
      [{ at: '2030-12-24T08:00' }, clockMessages.at],
      [{ advance: '26' }, clockMessages.advance],
      [{ advance: '1 week' }, clockMessages.advance],
      [{ advance: 26 }, clockMessages.advance],
      [{ advance: '1h', to: 'tomorrow' }, "Unknown field 'to'"],
    ];
    for (const [body, message] of refused) {
      const res = await api<{ message: string }>('POST', '/_local/clock', body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const notJson = await api<{ message: string }>('POST', '/_local/clock', '{"advance": ');
    expect([notJson.status, notJson.body.message]).toEqual([400, messages.malformedJson]);
    const form = await fetch(`${env.baseUrl}/_local/clock`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'advance=26h' });
    expect(form.status).toBe(415);
    const put = await api('PUT', '/_local/clock', { advance: '1h' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST']);
    near(await clockNow(), Date.now() + offset);
  });

  it('moves only for the site itself or a non-browser client: another site gets 403, by fetch or by form', async () => {
    const offset = (await clockNow()).getTime() - Date.now();
    const crossSite: Record<string, string>[] = [{ origin: 'https://attacker.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: 'http://localhost:1' }];
    for (const headers of crossSite) {
      const res = await api<{ message: string }>('POST', '/_local/clock', { advance: '26h' }, headers);
      expect([res.status, res.body.message], JSON.stringify(headers)).toEqual([403, clockMessages.crossSite]);
    }
    near(await clockNow(), Date.now() + offset);
    // The site's own page may.
    const own = await api('POST', '/_local/clock', { advance: '0m' }, { origin: env.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
  });
});

describe('moving the clock 26 hours', () => {
  it('sends the day-before reminder that was not yet due', () =>
    withClock(env.baseUrl, async () => {
      const started = await startCheckout(3);
      expect((await pay(started.sessionId)).status).toBe(303);
      expect(await item(keys.booking(started.bookingId))).toMatchObject({ status: 'reservation' });
      const subject = /^Your parking tomorrow: RP-/;

      // Two days before drop-off, mid-morning: the day-before reminder is not due yet.
      await moveClock({ at: nz(addDays(started.dropOffDate, -2), '10:00') });
      await sendReminders();
      expect((await outboxFor(started.email)).filter((m) => subject.test(m.subject))).toEqual([]);
      expect(await item(keys.reminder(started.bookingId, 'day-before'))).toBeUndefined();

      // 26 hours on it is the day before, at noon: it goes, once, dated by the clock.
      const moved = await moveClock({ advance: '26h' });
      near(moved, Date.parse(nz(addDays(started.dropOffDate, -1), '12:00')));
      near(await clockNow(), moved.getTime());
      await sendReminders();
      await sendReminders();
      const reminders = (await outboxFor(started.email)).filter((m) => subject.test(m.subject));
      expect(reminders).toHaveLength(1);
      near(new Date(reminders[0]!.sentAt), moved.getTime());
      expect(await item(keys.reminder(started.bookingId, 'day-before'))).toMatchObject({ status: 'sent', attempts: 1 });
    }));

  it('expires an unpaid checkout and gives its place back; a checkout paid after the move is confirmed by its webhook', () =>
    withClock(env.baseUrl, async () => {
      const unpaid = await startCheckout(30);
      expect(await held(unpaid.dropOffDate)).toBe(1);

      await moveClock({ advance: '26h' });
      // Stripe (the stand-in) expires a session past its expiry when it is next read, with its event.
      const session = await api<{ status: string }>('GET', `/v1/checkout/sessions/${unpaid.sessionId}`, undefined, { authorization: 'Bearer sk_test_tests' });
      expect(session.body.status).toBe('expired');
      // The event is delivered in the background; delivering it again (as Stripe may) settles the wait.
      const expired = await expiredEventOf(unpaid.sessionId);
      const delivery = await api<{ status: number }>('POST', `/_local/stripe/events/${expired.id}/deliver`);
      expect(delivery.body.status).toBe(200);
      expect(expired.created * 1000).toBeGreaterThan(Date.now() + 25 * HOUR);
      expect(await item(keys.booking(unpaid.bookingId))).toMatchObject({ status: 'expired' });
      expect(await held(unpaid.dropOffDate)).toBe(0);

      // A new checkout on the moved clock: its session dates and the webhook's signature are the clock's, and accepted.
      const paid = await startCheckout(31);
      const res = await pay(paid.sessionId);
      expect(res.status).toBe(303);
      expect(await item(keys.booking(paid.bookingId))).toMatchObject({ status: 'reservation' });
      expect((await outboxFor(paid.email)).map((m) => m.subject).join('\n')).toMatch(/RP-/);
      const completed = await eventOf(paid.sessionId, 'checkout.session.completed');
      expect(completed.deliveries.map((d) => d.status)).toEqual([200]);
    }));
});

interface StoredEvent {
  event: { id: string; type: string; created: number; data: { object: { id?: string } } };
  deliveries: { status: number }[];
}

/** The stand-in's stored event of this type for the session (local/stripe-stand-in.ts keeps them under the data folder). */
async function eventOf(sessionId: string, type: string): Promise<StoredEvent> {
  const dir = path.join(env.dataDir, 'stripe', 'events');
  for (const f of await readdir(dir)) {
    if (!f.endsWith('.json')) continue;
    const stored = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as StoredEvent;
    if (stored.event.type === type && stored.event.data.object.id === sessionId) return stored;
  }
  throw new Error(`no ${type} event for ${sessionId}`);
}

const expiredEventOf = async (sessionId: string) => (await eventOf(sessionId, 'checkout.session.expired')).event;
