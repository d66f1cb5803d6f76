/**
 * The AeroAPI adapter (functions/lib/flights/aeroapi.ts) on recorded answers (tests/fixtures/aeroapi): the request it
 * makes (ident, departure window, x-apikey), the flight it picks (the asked number in either airline code, arriving at
 * Auckland on the asked NZ date, a flight landing the next NZ day belonging to that day), an unknown flight (an empty
 * list or a 404), and 429, 5xx, no answer and a strange answer as typed failures, never a crash.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aeroApiProvider, requestWindow } from '../../functions/lib/flights/aeroapi';
import { FlightStatusFailure } from '../../functions/lib/flights/flight-status';

const recorded = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/aeroapi', name), 'utf8');

interface Asked {
  url: URL;
  headers: Headers;
}

/** A fetch that answers every request with one recorded file and status, and remembers what it was asked. */
function recordedFetch(status: number, file: string | null, headers: Record<string, string> = {}) {
  const asked: Asked[] = [];
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: new URL(String(input)), headers: new Headers(init?.headers) });
    return new Response(file === null ? null : recorded(file), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof fetch;
  return { fake, asked };
}

const provider = (fake: typeof fetch) => aeroApiProvider({ baseUrl: 'https://aeroapi.example/aeroapi', apiKey: 'key-1', fetch: fake });

async function failureOf(promise: Promise<unknown>): Promise<FlightStatusFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlightStatusFailure);
  return error as FlightStatusFailure;
}

describe('the AeroAPI adapter', () => {
  it('asks /flights/{ident} with the key and a departure window from 26 hours before the NZ day to its end', async () => {
    const { fake, asked } = recordedFetch(200, 'empty.json');
    await provider(fake).arrival('NZ102', '2026-12-24');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url.pathname).toBe('/aeroapi/flights/NZ102');
    // 00:00 NZDT on 24 Dec is 11:00Z on the 23rd; the window opens 26 hours before it (a 20-hour flight landing in the
    // evening before) and ends at the next midnight.
    expect(Object.fromEntries(asked[0]!.url.searchParams)).toEqual({ start: '2026-12-22T09:00:00Z', end: '2026-12-24T11:00:00Z' });
    expect(asked[0]!.headers.get('x-apikey')).toBe('key-1');
    // In NZ winter (+12:00) the day starts at 12:00Z.
    expect(requestWindow('2026-07-10')).toEqual({ start: '2026-07-08T10:00:00Z', end: '2026-07-10T12:00:00Z' });
  });

  it('finds NZ102 asked as NZ102 or as ANZ102, on the asked day only, with its times, terminal, gate and delay', async () => {
    for (const ident of ['NZ102', 'ANZ102', 'nz102']) {
      const { fake } = recordedFetch(200, 'anz102-two-days.json');
      const found = await provider(fake).arrival(ident, '2026-12-24');
      expect(found, ident).toEqual({
        found: true,
        arrival: {
          providerFlightId: 'ANZ102-1766440000-schedule-0001',
          identIata: 'NZ102',
          identIcao: 'ANZ102',
          scheduledOn: '2026-12-24T01:15:00.000Z',
          estimatedOn: '2026-12-24T01:55:00.000Z',
          actualOn: null,
          scheduledIn: '2026-12-24T01:25:00.000Z',
          estimatedIn: '2026-12-24T02:05:00.000Z',
          actualIn: null,
          arrivalDelaySeconds: 2400,
          terminal: 'I',
          gate: '8',
          status: 'En Route / Delayed',
          cancelled: false,
          diverted: false,
        },
      });
    }
    const { fake } = recordedFetch(200, 'anz102-two-days.json');
    const dayBefore = await provider(fake).arrival('NZ102', '2026-12-23');
    expect(dayBefore).toMatchObject({ found: true, arrival: { actualOn: '2026-12-23T01:09:00.000Z', gate: '10', arrivalDelaySeconds: -300 } });
    // Another number in the answer is not this flight.
    expect(await provider(recordedFetch(200, 'anz102-two-days.json').fake).arrival('NZ103', '2026-12-24')).toEqual({ found: false });
  });

  it('puts a flight that lands after midnight on the next NZ day: NZ5 from Los Angeles, leaving on the 24th (UTC), lands on the 25th', async () => {
    expect(await provider(recordedFetch(200, 'nz5-lands-next-day.json').fake).arrival('NZ5', '2026-12-25')).toMatchObject({
      found: true,
      arrival: { scheduledOn: '2026-12-24T18:00:00.000Z', terminal: 'I', gate: null },
    });
    expect(await provider(recordedFetch(200, 'nz5-lands-next-day.json').fake).arrival('NZ5', '2026-12-24')).toEqual({ found: false });
  });

  it('takes a flight landing late the evening before for a pick-up just after midnight, but a flight landing on the date first', async () => {
    // JQ220 lands at 23:40 NZDT on 24 Dec: a pick-up at 00:15 on the 25th is its traveller's.
    const late = (date: string) => provider(recordedFetch(200, 'jq220-late-evening.json').fake).arrival('JQ220', date);
    expect(await late('2026-12-24')).toMatchObject({ found: true, arrival: { scheduledOn: '2026-12-24T10:40:00.000Z' } });
    expect(await late('2026-12-25')).toMatchObject({ found: true, arrival: { scheduledOn: '2026-12-24T10:40:00.000Z' } });
    expect(await late('2026-12-26')).toEqual({ found: false });
    // NZ102 landed at 14:09 on the 23rd, not late enough in the evening to serve the 24th's pick-ups; on the 24th, its own.
    expect(await provider(recordedFetch(200, 'anz102-two-days.json').fake).arrival('NZ102', '2026-12-24')).toMatchObject({ arrival: { scheduledOn: '2026-12-24T01:15:00.000Z' } });
  });

  it('an unknown flight is not found, whether AeroAPI answers an empty list or 404', async () => {
    expect(await provider(recordedFetch(200, 'empty.json').fake).arrival('NZ1234', '2026-12-24')).toEqual({ found: false });
    expect(await provider(recordedFetch(404, 'error-404.json').fake).arrival('NZ1234', '2026-12-24')).toEqual({ found: false });
  });

  it('429 is a rate-limited failure with its Retry-After; 5xx and no answer are unavailable; 401 is refused', async () => {
    const limited = await failureOf(provider(recordedFetch(429, 'error-429.json', { 'retry-after': '60' }).fake).arrival('NZ102', '2026-12-24'));
    expect([limited.reason, limited.retryAfterSeconds]).toEqual(['rate-limited', 60]);
    for (const status of [500, 502, 503]) {
      expect((await failureOf(provider(recordedFetch(status, 'error-503.json').fake).arrival('NZ102', '2026-12-24'))).reason, String(status)).toBe('unavailable');
    }
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect((await failureOf(provider(down).arrival('NZ102', '2026-12-24'))).reason).toBe('unavailable');
    expect((await failureOf(provider(recordedFetch(401, null).fake).arrival('NZ102', '2026-12-24'))).reason).toBe('refused');
  });

  it('an answer that does not match the schema is a strange-answer failure naming what was wrong', async () => {
    const strange = await failureOf(provider(recordedFetch(200, 'strange.json').fake).arrival('NZ102', '2026-12-24'));
    expect(strange.reason).toBe('strange-answer');
    expect(strange.message).toMatch(/flights\.0\.(scheduled_on|cancelled|diverted)/);
    const notJson = (async () => new Response('<html>gateway</html>', { status: 200 })) as typeof fetch;
    expect((await failureOf(provider(notJson).arrival('NZ102', '2026-12-24'))).reason).toBe('strange-answer');
    const noList = (async () => new Response(JSON.stringify({ links: null }), { status: 200 })) as typeof fetch;
    expect((await failureOf(provider(noList).arrival('NZ102', '2026-12-24'))).reason).toBe('strange-answer');
  });
});
