/**
 * Flight tracking against the shared local stack and its flight stand-in: a flight set with PUT /_local/flights, one
 * tracker pass (run in this process with a clock of its own, as `npm run admin -- track-flights --now` runs it), and
 * the stored state; one request serves every booking on a flight; the per-flight and per-day caps hold and are
 * counted; a provider failure is counted and changes nothing known; a landed flight and a cancelled booking are not
 * asked about again; a flight the provider does not know is said plainly on the pass.
 * Each test books on dates of its own far ahead and runs the tracker at a moment on them, so the day's request count
 * and the day sheet it reads hold only its own bookings.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FlightStatusFailure, type FlightStatusProvider } from '../../functions/lib/flights/flight-status';
import { aeroApiProvider } from '../../functions/lib/flights/aeroapi';
import { STAND_IN_API_KEY } from '../../functions/lib/flights/flight-provider';
import { keys } from '../../functions/store/keys';
import { addDays, nzInstant } from '../../shared/nz-time';
import { request } from '../support/http';
import type { StoredEmail } from '../../functions/lib/email';
import { baseUrl, booking as bookingItem, checkout, checkoutBody, env, item, outboxFor, payOnPage } from './payment-support';

Object.assign(process.env, {
  AWS_REGION: 'ap-southeast-2',
  TABLE_NAME: env.tableName,
  DYNAMODB_ENDPOINT: env.dynamodbEndpoint,
  SITE_URL: baseUrl,
  EMAIL_OUTBOX_DIR: path.join(env.dataDir, 'outbox'),
  PASS_SIGNING_KEY: readFileSync(path.join(env.dataDir, 'pass-signing-key'), 'utf8').trim(),
  LOG_LEVEL: 'SILENT',
});
const { trackFlights } = await import('../../functions/use-cases/flights/track-flights');
const { passTokenFor } = await import('../../functions/lib/pass-token');

/** The product's own AeroAPI adapter, talking to the stack's stand-in. */
const standIn: FlightStatusProvider = aeroApiProvider({ baseUrl: `${baseUrl}/_local/aeroapi`, apiKey: STAND_IN_API_KEY });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CAPS = { perFlight: 48, perDay: 2_000 };

/** A date of this test's own, a year or two ahead (the shared stack's other tests book within weeks). */
let nextDay = 400 + randomInt(0, 200);
const ownDate = () => addDays('2027-01-01', (nextDay += 3));
let nextFlight = randomInt(1000, 8000);
const ownFlight = () => `XQ${nextFlight++}`;
const nz = (date: string, time: string) => nzInstant({ date, time })!;
/** An NZ time on `date` as an ISO instant (the dates fall in summer and winter alike). */
const nzIso = (date: string, time: string) => nz(date, time).toISOString();

/** A paid booking whose return flight lands on `pickUpDate` (pick-up 15:00). */
async function bookReturning(flight: string, pickUpDate: string): Promise<string> {
  const started = await checkout(checkoutBody({ quote: { dropOffDate: addDays(pickUpDate, -3), pickUpDate, pickUpTime: '15:00', returnFlightNumber: flight } }));
  await payOnPage(started.sessionId);
  return started.bookingId;
}

const putFlight = (flight: string, date: string, body: Record<string, unknown>) => request(baseUrl, 'PUT', `/_local/flights/${flight}/${date}`, body);
const standInAsked = async (flight: string, date: string) => (await request<{ asked: number }>(baseUrl, 'GET', `/_local/flights/${flight}/${date}`)).body.asked;
const tracked = (flight: string, date: string) => item(keys.flightArrival(flight, date));

beforeAll(async () => {
  // The stand-in's own checks: a flight nobody set is unknown to it, and a bad time is refused.
  const res = await request(baseUrl, 'GET', '/_local/flights/XQ1/2027-01-01');
  expect(res.status).toBe(404);
  expect((await putFlight('XQ1', '2027-01-01', { scheduled_on: 'soon' })).status).toBe(400);
  expect((await putFlight('XQ1', '2027-01-01', { terminal: 'D' })).body).toEqual({ message: 'A flight not set before needs its scheduled_on' });
});

describe('one tracker pass with the stand-in', () => {
  it('stores the flight as the provider gives it: times, terminal, gate, status, when and how often it was asked', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const booking = await bookReturning(flight, date);
    const put = await putFlight(flight, date, { scheduled_on: nzIso(date, '14:35'), estimated_on: nzIso(date, '15:15'), terminal: 'D', gate: '12' });
    expect(put.status).toBe(200);

    // 25 hours ahead: too early to ask.
    const early = nz(date, '14:35').getTime() - 25 * HOUR;
    await trackFlights({ now: new Date(early), provider: standIn, caps: CAPS });
    expect(await tracked(flight, date)).toBeUndefined();
    expect(await standInAsked(flight, date)).toBe(0);

    const now = new Date(nz(date, '14:35').getTime() - 23 * HOUR);
    const summary = await trackFlights({ now, provider: standIn, caps: CAPS });
    expect(summary).toMatchObject({ off: false, asked: 1, found: 1, failed: 0, refused: 0 });
    expect(await standInAsked(flight, date)).toBe(1);
    expect(await tracked(flight, date)).toMatchObject({
      flight,
      date,
      known: 'found',
      scheduledOn: nz(date, '14:35').toISOString(),
      estimatedOn: nz(date, '15:15').toISOString(),
      actualOn: null,
      arrivalDelaySeconds: 40 * 60,
      terminal: 'D',
      gate: '12',
      status: 'Scheduled / Delayed',
      cancelled: false,
      diverted: false,
      lastAskedAt: now.toISOString(),
      timesAsked: 1,
      bookingIds: [booking],
    });
    expect(await item(keys.flightAsksDay(addDays(date, -1)))).toMatchObject({ asked: 1 });
  });

  it('asks once for every booking on one flight, then not again until the cadence says', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const [first, second] = [await bookReturning(flight, date), await bookReturning(flight, date)];
    await putFlight(flight, date, { scheduled_on: nzIso(date, '13:00'), terminal: 'I' });
    const at = (minutesAfter: number) => new Date(nz(date, '13:00').getTime() - 10 * HOUR + minutesAfter * MINUTE);

    expect(await trackFlights({ now: at(0), provider: standIn, caps: CAPS })).toMatchObject({ asked: 1, bookings: 2, flights: 1 });
    expect(await standInAsked(flight, date)).toBe(1);
    expect(((await tracked(flight, date))!.bookingIds as string[]).sort()).toEqual([first, second].sort());

    // Ten hours ahead the cadence is hourly: 30 minutes on, nothing; an hour on, one more request for both.
    await trackFlights({ now: at(30), provider: standIn, caps: CAPS });
    expect(await standInAsked(flight, date)).toBe(1);
    await trackFlights({ now: at(60), provider: standIn, caps: CAPS });
    expect(await standInAsked(flight, date)).toBe(2);
    expect(await tracked(flight, date)).toMatchObject({ timesAsked: 2, known: 'found', terminal: 'I' });
  });

  it('stops asking once the flight has landed', async () => {
    const date = ownDate();
    const flight = ownFlight();
    await bookReturning(flight, date);
    await putFlight(flight, date, { scheduled_on: nzIso(date, '12:00') });
    const landing = nz(date, '12:00').getTime();
    await trackFlights({ now: new Date(landing - 30 * MINUTE), provider: standIn, caps: CAPS });
    await putFlight(flight, date, { actual_on: nzIso(date, '12:04'), terminal: 'D' });
    await trackFlights({ now: new Date(landing + 10 * MINUTE), provider: standIn, caps: CAPS });
    expect(await tracked(flight, date)).toMatchObject({ actualOn: nz(date, '12:04').toISOString(), status: 'Landed / Taxiing', terminal: 'D', timesAsked: 2 });
    await trackFlights({ now: new Date(landing + 30 * MINUTE), provider: standIn, caps: CAPS });
    await trackFlights({ now: new Date(landing + 60 * MINUTE), provider: standIn, caps: CAPS });
    expect(await standInAsked(flight, date)).toBe(2);
  });

  it('does not ask about a cancelled booking', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const booking = await bookReturning(flight, date);
    await putFlight(flight, date, { scheduled_on: nzIso(date, '09:00') });
    const token = await passTokenFor(booking);
    expect((await request(baseUrl, 'POST', `/api/pass/${token}/cancellation`)).status).toBe(200);
    expect(await trackFlights({ now: new Date(nz(date, '09:00').getTime() - HOUR), provider: standIn, caps: CAPS })).toMatchObject({ asked: 0 });
    expect(await standInAsked(flight, date)).toBe(0);
  });
});

describe('the caps', () => {
  it("hold per flight: a due ask beyond the flight's cap is refused, counted, and never reaches the provider", async () => {
    const date = ownDate();
    const flight = ownFlight();
    await bookReturning(flight, date);
    await putFlight(flight, date, { scheduled_on: nzIso(date, '18:00') });
    const caps = { perFlight: 2, perDay: 2_000 };
    const start = nz(date, '18:00').getTime() - 10 * HOUR;
    const passes = [];
    for (const hours of [0, 1, 2, 3]) passes.push(await trackFlights({ now: new Date(start + hours * HOUR), provider: standIn, caps }));
    // The third ask is refused and counted once; later passes leave the capped flight alone.
    expect(passes.map((p) => [p.asked, p.refused])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
    expect(await standInAsked(flight, date)).toBe(2);
    expect(await tracked(flight, date)).toMatchObject({ timesAsked: 2, capped: true });
    expect(await item(keys.flightAsksDay(date))).toMatchObject({ asked: 2, refused: 1 });
  });

  it("hold per day: once the day's requests are spent, no flight is asked about that day", async () => {
    const date = ownDate();
    const [one, two] = [ownFlight(), ownFlight()];
    await Promise.all([bookReturning(one, date), bookReturning(two, date)]);
    await Promise.all([putFlight(one, date, { scheduled_on: nzIso(date, '16:00') }), putFlight(two, date, { scheduled_on: nzIso(date, '16:30') })]);
    const now = new Date(nz(date, '16:00').getTime() - 3 * HOUR);
    expect(await trackFlights({ now, provider: standIn, caps: { perFlight: 48, perDay: 1 } })).toMatchObject({ flights: 2, asked: 1, refused: 1 });
    expect((await standInAsked(one, date)) + (await standInAsked(two, date))).toBe(1);
    expect(await item(keys.flightAsksDay(date))).toMatchObject({ asked: 1, refused: 1 });
  });
});

describe("a pass's time", () => {
  it('a pass out of time leaves the due flights unclaimed for the next pass, which asks them', async () => {
    const date = ownDate();
    const flight = ownFlight();
    await bookReturning(flight, date);
    await putFlight(flight, date, { scheduled_on: nzIso(date, '10:00') });
    const now = new Date(nz(date, '10:00').getTime() - 4 * HOUR);
    expect(await trackFlights({ now, provider: standIn, caps: CAPS, budgetMs: -1 })).toMatchObject({ asked: 0, deferred: 1 });
    expect(await tracked(flight, date)).toBeUndefined();
    expect(await trackFlights({ now: new Date(now.getTime() + 5 * MINUTE), provider: standIn, caps: CAPS })).toMatchObject({ asked: 1, deferred: 0 });
    expect(await standInAsked(flight, date)).toBe(1);
  });
});

describe('a provider failure', () => {
  it('is counted on the flight, changes nothing known, and the next due pass asks again', async () => {
    const date = ownDate();
    const flight = ownFlight();
    await bookReturning(flight, date);
    await putFlight(flight, date, { scheduled_on: nzIso(date, '11:00'), terminal: 'I' });
    const start = nz(date, '11:00').getTime() - 5 * HOUR;
    await trackFlights({ now: new Date(start), provider: standIn, caps: CAPS });
    const before = await tracked(flight, date);

    let calls = 0;
    const limited: FlightStatusProvider = {
      name: 'limited',
      arrival: async () => {
        calls++;
        throw new FlightStatusFailure('rate-limited', 'AeroAPI: too many requests (429)', 60);
      },
    };
    const failed = await trackFlights({ now: new Date(start + HOUR), provider: limited, caps: CAPS });
    expect(failed).toMatchObject({ asked: 1, failed: 1 });
    expect(calls).toBe(1);
    const after = await tracked(flight, date);
    expect(after).toMatchObject({ known: 'found', terminal: 'I', scheduledOn: before!.scheduledOn, lastAnsweredAt: before!.lastAnsweredAt, failures: 1, lastFailure: 'rate-limited', timesAsked: 2 });

    expect(await trackFlights({ now: new Date(start + 2 * HOUR), provider: standIn, caps: CAPS })).toMatchObject({ asked: 1, found: 1 });
    expect(await tracked(flight, date)).toMatchObject({ lastFailure: null, failures: 1, timesAsked: 3 });
  });
});

describe('a flight the provider does not know', () => {
  it("is said plainly on the pass once the tracker has asked: We can't find XQ... arriving on <day>: please check it", async () => {
    const date = '2028-12-24';
    const flight = ownFlight();
    const booking = await bookReturning(flight, date);
    const token = await passTokenFor(booking);
    const pass = () => request<{ return_flight: string; return_flight_notice: string | null }>(baseUrl, 'GET', `/api/pass/${token}`);
    expect((await pass()).body).toMatchObject({ return_flight: flight, return_flight_notice: null });

    expect(await trackFlights({ now: new Date(nz(date, '15:00').getTime() - 20 * HOUR), provider: standIn, caps: CAPS })).toMatchObject({ unknown: 1 });
    expect(await tracked(flight, date)).toMatchObject({ known: 'unknown', timesAsked: 1 });
    expect(await standInAsked(flight, date)).toBe(1);
    expect((await pass()).body).toMatchObject({ return_flight: flight, return_flight_notice: `We can't find ${flight} arriving on 24 Dec: please check it` });

    // Set on the board (as the provider learning of it), the next due ask finds it and the pass says when it lands instead.
    await putFlight(flight, date, { scheduled_on: nzIso(date, '14:50'), terminal: 'D' });
    await trackFlights({ now: new Date(nz(date, '15:00').getTime() - 19 * HOUR), provider: standIn, caps: CAPS });
    // The domestic stop's walk-out (the default 15 minutes) after the landing.
    expect((await pass()).body.return_flight_notice).toBe(`${flight} lands 2:50 PM, on time; the shuttle meets you at the domestic stop at about 3:05 PM`);
  });
});

describe('the traveller sees the flight', () => {
  type PassBody = { return_flight_notice: string | null; return_flight_landed: boolean };
  const passOf = async (bookingId: string) => (await request<PassBody>(baseUrl, 'GET', `/api/pass/${await passTokenFor(bookingId)}`)).body;
  const landedMails = async (email: string, reference: string) => (await outboxFor(email)).filter((m) => m.subject.startsWith('Welcome back: the shuttle is coming for you') && m.subject.includes(reference));
  const textsFor = async (reference: string) => (await request<StoredEmail[]>(baseUrl, 'GET', '/_local/outbox.json')).body.filter((m) => m.channel === 'sms' && m.text.includes(reference));

  it('shows the estimate and the shuttle on the pass, then on landing tells the traveller once, by e-mail and text, where to go', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const bookingId = await bookReturning(flight, date);
    const b = (await bookingItem(bookingId))!;
    const email = (b.customer as { email: string }).email;
    const reference = b.bookingReference as string;
    await putFlight(flight, date, { scheduled_on: nzIso(date, '14:35'), estimated_on: nzIso(date, '15:15'), terminal: 'D' });

    await trackFlights({ now: nz(date, '13:00'), provider: standIn, caps: CAPS });
    const before = await passOf(bookingId);
    expect(before.return_flight_notice).toMatch(new RegExp(`^${flight} lands 3:15 PM, 40 min late; the shuttle meets you at the domestic stop at about \\d{1,2}:\\d\\d PM$`));
    expect(before.return_flight_landed).toBe(false);
    expect(await landedMails(email, reference)).toEqual([]);

    await putFlight(flight, date, { actual_on: nzIso(date, '15:20') });
    expect(await trackFlights({ now: nz(date, '15:25'), provider: standIn, caps: CAPS })).toMatchObject({ asked: 1, toldLanded: 1 });
    const after = await passOf(bookingId);
    expect(after.return_flight_notice).toMatch(new RegExp(`^${flight} landed 3:20 PM, 45 min late; the shuttle meets you at the domestic stop at about`));
    expect(after.return_flight_landed).toBe(true);
    const mails = await landedMails(email, reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(after.return_flight_notice!);
    expect(mails[0]!.text).toContain('outside door 8');
    expect(mails[0]!.text).toContain(`You don't need to press "I've landed"`);
    const sms = (await textsFor(reference)).filter((m) => m.text.includes('landed'));
    expect(sms).toHaveLength(1);

    // Later passes (the flight has landed: not asked again) and a landing seen again (a pass that stopped before
    // storing it) send nothing more.
    expect(await trackFlights({ now: nz(date, '15:40'), provider: standIn, caps: CAPS })).toMatchObject({ asked: 0, toldLanded: 0 });
    const { tellLanded } = await import('../../functions/use-cases/flights/landed-messages');
    const again = await tellLanded([bookingId], { flight, date, known: 'found', scheduledOn: nzIso(date, '14:35'), actualOn: nzIso(date, '15:20'), terminal: 'D' }, { send: () => Promise.reject(new Error('must not send')) });
    expect(again).toEqual({ sent: 0, alreadySent: 1, failed: 0 });
    expect(await landedMails(email, reference)).toHaveLength(1);
  });

  it('says plainly on the pass when the flight is cancelled, and offers "I\'ve landed" no less', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const bookingId = await bookReturning(flight, date);
    await putFlight(flight, date, { scheduled_on: nzIso(date, '14:35'), cancelled: true });
    await trackFlights({ now: nz(date, '13:00'), provider: standIn, caps: CAPS });
    const pass = await passOf(bookingId);
    expect(pass.return_flight_notice).toMatch(new RegExp(`^${flight} has been cancelled\\. Your car is safe with us`));
    expect(pass.return_flight_landed).toBe(false);
  });
});

describe('the stand-in', () => {
  it('takes writes from the site and non-browser clients only, and sends no CORS headers', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const body = JSON.stringify({ scheduled_on: nzIso(date, '10:00') });
    const put = (headers: Record<string, string>) => fetch(`${baseUrl}/_local/flights/${flight}/${date}`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body });
    const crossSite = await put({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect([crossSite.status, await crossSite.json()]).toEqual([403, { message: 'Cross-site requests are not accepted' }]);
    expect(crossSite.headers.get('access-control-allow-origin')).toBeNull();
    const form = await fetch(`${baseUrl}/_local/flights`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' }, body: `ident=${flight}&date=${date}&scheduled=${date}T10:00` });
    expect(form.status).toBe(403);
    expect((await request(baseUrl, 'GET', `/_local/flights/${flight}/${date}`)).status).toBe(404);
    const ok = await put({ origin: baseUrl, 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers AeroAPI's shape only with its key; ANZ and NZ name one flight", async () => {
    const date = ownDate();
    const flight = ownFlight();
    expect((await fetch(`${baseUrl}/_local/aeroapi/flights/${flight}?start=2028-01-01T00:00:00Z&end=2028-01-02T00:00:00Z`)).status).toBe(401);
    await putFlight('NZ9', date, { scheduled_on: nzIso(date, '07:10'), terminal: 'I' });
    const asIcao = await standIn.arrival('ANZ9', date);
    expect(asIcao).toMatchObject({ found: true, arrival: { identIata: 'NZ9', identIcao: 'ANZ9', scheduledOn: nz(date, '07:10').toISOString(), terminal: 'I' } });
    expect((await request<{ asked: number }>(baseUrl, 'GET', `/_local/flights/ANZ9/${date}`)).body).toMatchObject({ flight: { ident: 'NZ9' }, asked: 1 });
  });

  it('the board lists each flight with its NZ times and how often it was asked, and its form sets one in NZ time', async () => {
    const date = ownDate();
    const flight = ownFlight();
    const form = new URLSearchParams({ ident: flight.toLowerCase(), date, scheduled: `${date}T14:35`, estimated: `${date}T15:15`, actual: '', terminal: 'D', gate: '', cancelled: 'yes' });
    const posted = await fetch(`${baseUrl}/_local/flights`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain(`${flight} arriving on ${date} is set.`);
    expect((await request(baseUrl, 'GET', `/_local/flights/${flight}/${date}`)).body).toEqual({
      flight: { ident: flight, date, scheduled_on: nz(date, '14:35').toISOString().replace('.000', ''), estimated_on: nz(date, '15:15').toISOString().replace('.000', ''), actual_on: null, terminal: 'D', gate: null, cancelled: true, diverted: false },
      asked: 0,
    });
    const board = await (await fetch(`${baseUrl}/_local/flights`)).text();
    expect(board).toContain(`<td>${flight}</td><td>${date}</td><td>${date} 14:35</td><td>${date} 15:15</td><td></td><td>D</td><td></td><td>Cancelled</td><td>0</td>`);
  });
});
