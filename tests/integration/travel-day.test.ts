/**
 * Calendar files and travel-day reminders: the .ics routes' access and content, the calendar
 * on the confirmation, change and cancellation e-mails, and the reminders job run with a clock of its own: each
 * reminder once however often the job runs (twice, or twice at once), none for a cancelled booking.
 * The job runs in this process against the shared stack's table and outbox, as `npm run admin -- send-reminders` does.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import type { Notifier } from '../../functions/lib/notifier';
import { keys } from '../../functions/store/keys';
import { nzInstant } from '../../shared/nz-time';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { nzWallClock, parseCalendar } from '../support/ics';
import { createUser, type TestUser } from '../support/users';
import { baseUrl, booking, checkout, checkoutBody, env, item, outboxFor, payOnPage } from './payment-support';
import { tableClient } from '../support/stack-with-users';

let a: TestUser;
let b: TestUser;
let staff: TestUser;
let admin: TestUser;

// What the job and the pass token need in this process: the shared stack's table, outbox, site and signing key.
Object.assign(process.env, {
  AWS_REGION: 'ap-southeast-2',
  TABLE_NAME: env.tableName,
  DYNAMODB_ENDPOINT: env.dynamodbEndpoint,
  EMAIL_OUTBOX_DIR: path.join(env.dataDir, 'outbox'),
  SITE_URL: baseUrl,
  PASS_SIGNING_KEY: readFileSync(path.join(env.dataDir, 'pass-signing-key'), 'utf8').trim(),
  LOG_LEVEL: 'SILENT',
});
const { passTokenFor } = await import('../../functions/lib/pass-token');
const { sendDueReminders } = await import('../../functions/use-cases/reminders/send-reminders');

beforeAll(async () => {
  [a, b, staff, admin] = await Promise.all([createUser(env), createUser(env), createUser(env, { staff: true }), createUser(env, { admin: true })]);
});

interface Paid {
  id: string;
  sessionId: string;
  email: string;
  phone: string;
}

/** A paid booking; signed in as `owner` when given. Drop-off in 3 days 09:00, pick-up in 10 days 11:00 unless said. */
async function paid(owner: TestUser | null, quote: Record<string, unknown> = {}): Promise<Paid> {
  const body = checkoutBody({ quote, ...(owner ? { customer: { email: owner.email } } : {}) });
  const started = await checkout(body, owner ? { authorization: owner.bearer } : {});
  await payOnPage(started.sessionId);
  return { id: started.bookingId, sessionId: started.sessionId, email: body.customer.email as string, phone: body.customer.contactNumber as string };
}

const db = tableClient(env);

/** The car as the yard's check-in leaves it (the check-in itself is tested in yard.test.ts). */
async function checkIn(p: Paid) {
  await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(p.id), UpdateExpression: 'SET #s = :s', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': 'checkin' } }));
}

async function ics(p: string, user?: TestUser) {
  const res = await fetch(`${baseUrl}${p}`, { headers: user ? { authorization: user.bearer } : {} });
  const text = await res.text();
  return { status: res.status, text, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') };
}

const calendarOf = (mail: StoredEmail | undefined) => {
  const file = mail?.attachments?.find((f) => f.filename.endsWith('.ics'));
  expect(file, `a calendar file on "${mail?.subject}"`).toBeDefined();
  return parseCalendar(file!.content);
};

describe('GET /api/me/bookings/{id}/calendar.ics', () => {
  it('gives the owner the file (two events at the booked NZ times, the pass link); anonymous 401; customer B, staff and admin 404', async () => {
    const mine = await paid(a, { dropOffDate: daysFromToday(5), dropOffTime: '06:30', pickUpDate: daysFromToday(9), pickUpTime: '21:00' });
    const url = `/api/me/bookings/${mine.id}/calendar.ics`;
    const res = await ics(url, a);
    expect(res.status, res.text).toBe(200);
    expect(res.type).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const reference = (await booking(mine.id))!.bookingReference as string;
    expect(res.disposition).toBe(`attachment; filename="${reference}-parking.ics"`);
    const cal = parseCalendar(res.text);
    expect(cal.method).toBe('PUBLISH');
    expect(cal.events.map((e) => nzWallClock(e.start))).toEqual([`${daysFromToday(5)} 06:30`, `${daysFromToday(9)} 21:00`]);
    const pass = `${baseUrl}/pass/${await passTokenFor(mine.id)}`;
    expect(cal.events.map((e) => e.url)).toEqual([pass, pass]);
    expect(cal.events[0]!.location).toBe('Runway Parking, 10 Airport Park Drive, Mangere, Auckland 2022');

    expect((await ics(url)).status).toBe(401);
    for (const other of [b, staff, admin]) {
      const refused = await ics(url, other);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.text)).toEqual({ message: 'Booking not found' });
    }
    expect((await ics(`/api/me/bookings/${randomUUID()}/calendar.ics`, a)).status).toBe(404);
  });
});

describe('GET /api/pass/{token}/calendar.ics', () => {
  it('answers anyone holding the token, and the same 404 for an altered token, a made-up one and a booking that does not exist', async () => {
    const guest = await paid(null);
    const token = await passTokenFor(guest.id);
    for (const user of [undefined, a, staff, admin]) {
      const res = await ics(`/api/pass/${token}/calendar.ics`, user);
      expect(res.status).toBe(200);
      expect(parseCalendar(res.text).events).toHaveLength(2);
    }
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const answers = await Promise.all([altered, 'p1.nope.abcdefghijklmnopqrstuv', await passTokenFor(randomUUID()), 'not-a-token'].map((t) => ics(`/api/pass/${encodeURIComponent(t)}/calendar.ics`)));
    expect(answers.map((r) => [r.status, JSON.parse(r.text)])).toEqual(Array(4).fill([404, { message: 'Booking not found' }]));
  });
});

describe('GET /api/checkout/{sessionId}/calendar.ics (the payment-success page)', () => {
  it('gives the paid session its booking and answers 404 to a session it does not know', async () => {
    const guest = await paid(null);
    const res = await ics(`/api/checkout/${guest.sessionId}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(parseCalendar(res.text).events.map((e) => e.uid)).toEqual([`${guest.id}-dropoff@runwayparking.example`, `${guest.id}-pickup@runwayparking.example`]);
    expect((await ics('/api/checkout/cs_test_unknown123/calendar.ics')).status).toBe(404);
  });
});

describe('the calendar on the e-mails', () => {
  it('confirmation REQUEST, change REQUEST with the new time and a higher SEQUENCE, cancellation CANCEL with the same UIDs; then no download', async () => {
    const mine = await paid(a);
    const mails = async (prefix: string) => (await outboxFor(mine.email)).filter((m) => m.subject.startsWith(prefix));
    const confirmed = calendarOf((await mails('Booking confirmed'))[0]);
    expect(confirmed.method).toBe('REQUEST');
    expect(confirmed.events.map((e) => e.attendees)).toEqual([[`mailto:${mine.email}`], [`mailto:${mine.email}`]]);

    const before = (await booking(mine.id))!;
    const edit = await request(baseUrl, 'PATCH', `/api/me/bookings/${mine.id}`, { pick_up_time: '15:00', version: before.updatedAt }, { authorization: a.bearer });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const changed = calendarOf((await mails('Booking updated'))[0]);
    expect(changed.method).toBe('REQUEST');
    expect(changed.events.map((e) => e.uid)).toEqual(confirmed.events.map((e) => e.uid));
    expect(nzWallClock(changed.events[1]!.start)).toBe(`${before.pickUpDate} 15:00`);
    expect(changed.events[1]!.sequence).toBeGreaterThan(confirmed.events[1]!.sequence);

    expect((await request(baseUrl, 'POST', `/api/me/bookings/${mine.id}/cancellation`, {}, { authorization: a.bearer })).status).toBe(200);
    const cancelled = calendarOf((await mails('Booking cancelled'))[0]);
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events.map((e) => [e.uid, e.status])).toEqual(confirmed.events.map((e) => [e.uid, 'CANCELLED']));
    expect(cancelled.events[0]!.sequence).toBeGreaterThan(changed.events[0]!.sequence);

    const download = await ics(`/api/me/bookings/${mine.id}/calendar.ics`, a);
    expect([download.status, JSON.parse(download.text).message]).toEqual([409, 'This booking is cancelled, so there is nothing to add to your calendar.']);
  });
});

describe('the reminders job', () => {
  /** An instant on the NZ wall clock, `days` from today. */
  const nzAt = (days: number, time: string) => nzInstant({ date: daysFromToday(days), time })!;
  const referenceOf = async (p: Paid) => (await booking(p.id))!.bookingReference as string;
  /** This booking's reminders (customer A's bookings share A's address, so each is told apart by its reference). */
  const reminders = async (p: Paid, subject: string) => {
    const reference = await referenceOf(p);
    return (await outboxFor(p.email)).filter((m) => m.subject.startsWith(subject) && m.text.includes(reference));
  };
  const texts = async (p: Paid) => {
    const reference = await referenceOf(p);
    return (await request<StoredEmail[]>(baseUrl, 'GET', '/_local/outbox.json')).body.filter((m) => m.channel === 'sms' && m.text.includes(reference));
  };

  it('sends the day-before reminder once when run twice, with a text message, and none to a cancelled booking', async () => {
    const stay = { dropOffDate: daysFromToday(2), dropOffTime: '10:00', pickUpDate: daysFromToday(4), pickUpTime: '14:00' };
    const [kept, dropped] = [await paid(a, stay), await paid(a, stay)];
    expect((await request(baseUrl, 'POST', `/api/me/bookings/${dropped.id}/cancellation`, {}, { authorization: a.bearer })).status).toBe(200);

    // 08:00 NZ the day before: too early.
    await sendDueReminders(nzAt(1, '08:00'));
    expect(await reminders(kept, 'Your parking tomorrow')).toHaveLength(0);

    const now = nzAt(1, '10:00');
    await sendDueReminders(now);
    await sendDueReminders(now);
    const sent = await reminders(kept, 'Your parking tomorrow');
    expect(sent).toHaveLength(1);
    const pass = `${baseUrl}/pass/${await passTokenFor(kept.id)}`;
    expect(sent[0]!.text).toContain(`Your booking pass: ${pass}`);
    expect(sent[0]!.text).toContain('What to bring');
    expect(sent[0]!.text).toContain('10 Airport Park Drive, Mangere, Auckland 2022');
    const sms = await texts(kept);
    expect(sms.map((m) => m.to)).toEqual([[`+64${kept.phone.replace(/\D/g, '').slice(1)}`]]);
    expect(sms[0]!.text).toContain(pass);
    expect(await reminders(dropped, 'Your parking tomorrow')).toHaveLength(0);
    expect(await item(keys.reminder(kept.id, 'day-before'))).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await item(keys.reminder(dropped.id, 'day-before'))).toBeUndefined();
  });

  it("sends the return-day reminder (how to say I've landed) once when two runs race, before the pick-up", async () => {
    const mine = await paid(a, { dropOffDate: daysFromToday(2), dropOffTime: '10:00', pickUpDate: daysFromToday(4), pickUpTime: '16:00' });
    await checkIn(mine);
    await Promise.all([sendDueReminders(nzAt(4, '11:00')), sendDueReminders(nzAt(4, '11:00')), sendDueReminders(nzAt(4, '11:15'))]);
    const sent = await reminders(mine, 'Welcome back');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("press \"I've landed\"");
    // Too close to the pick-up (less than two hours before): a run then would not have sent it either.
    const late = await paid(a, { dropOffDate: daysFromToday(2), dropOffTime: '10:00', pickUpDate: daysFromToday(4), pickUpTime: '16:00' });
    await checkIn(late);
    await sendDueReminders(nzAt(4, '14:30'));
    expect(await reminders(late, 'Welcome back')).toHaveLength(0);
  });

  it('a same-day stay (16:00 to 23:30): nothing before the drop-off, and "Welcome back" only once the car is checked in', async () => {
    const sameDay = await paid(a, { dropOffDate: daysFromToday(3), dropOffTime: '16:00', pickUpDate: daysFromToday(3), pickUpTime: '23:30' });
    // Confirmed, not yet dropped off: the return day's window is open (09:00 to 20:00), but the car is not in the yard.
    for (const time of ['09:00', '12:00', '15:59', '16:30']) await sendDueReminders(nzAt(3, time));
    expect(await reminders(sameDay, 'Welcome back')).toHaveLength(0);
    // The day before drop-off has passed by the time a same-day booking exists; it is never sent late.
    expect(await reminders(sameDay, 'Your parking tomorrow')).toHaveLength(0);
    expect(await texts(sameDay)).toHaveLength(0);
    await checkIn(sameDay);
    await sendDueReminders(nzAt(3, '16:45'));
    expect(await reminders(sameDay, 'Welcome back')).toHaveLength(1);
  });

  it('a reservation never checked in gets no return-day reminder, and a reminder about a moment past is not sent', async () => {
    const never = await paid(a, { dropOffDate: daysFromToday(2), dropOffTime: '10:00', pickUpDate: daysFromToday(4), pickUpTime: '16:00' });
    await sendDueReminders(nzAt(4, '11:00'));
    expect(await reminders(never, 'Welcome back')).toHaveLength(0);
  });

  it('a send that failed is tried again by the next run, and only then recorded as sent', async () => {
    const mine = await paid(a, { dropOffDate: daysFromToday(3), dropOffTime: '12:00', pickUpDate: daysFromToday(6), pickUpTime: '12:00' });
    const failing: Notifier = { send: () => Promise.reject(new Error('SES said no')) };
    const first = await sendDueReminders(nzAt(2, '09:30'), failing);
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(await item(keys.reminder(mine.id, 'day-before'))).toMatchObject({ status: 'failed' });
    await sendDueReminders(nzAt(2, '09:45'));
    expect(await reminders(mine, 'Your parking tomorrow')).toHaveLength(1);
    expect(await item(keys.reminder(mine.id, 'day-before'))).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
