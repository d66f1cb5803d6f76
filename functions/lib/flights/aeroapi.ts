/**
 * FlightAware AeroAPI v4 behind the provider interface (flight-status.ts): `GET {base}/flights/{ident}?start=&end=`
 * with the key in `x-apikey`. AeroAPI's start and end bound the flights' scheduled departure, so the window opens
 * well before the arrival day (a long-haul flight leaves the day before) and the flight is then picked by its
 * scheduled arrival at Auckland on the asked NZ date: a flight landing just after midnight belongs to the next day.
 * The asked date is the booking's pick-up date, so a flight landing late the evening before (23:40 for a pick-up at
 * 00:15) is taken when none lands on the date itself (LATE_EVENING_HOURS).
 * Every answer is checked against a schema first: an answer that does not match is a 'strange-answer' failure and
 * changes nothing stored (the tracker logs it).
 */
import * as z from 'zod';
import { addDays, nzInstant, nzToday } from '../../../shared/nz-time';
import { FlightStatusFailure, type FlightArrival, type FlightLookup, type FlightStatusProvider } from './flight-status';

export const AEROAPI_BASE_URL = 'https://aeroapi.flightaware.com/aeroapi';

/** Auckland Airport, as AeroAPI names airports (IATA, ICAO). */
const AUCKLAND = new Set(['AKL', 'NZAA']);

/** The longest flight into Auckland is under 18 hours: a departure this long before the arrival day can still land on it. */
export const LONGEST_FLIGHT_HOURS = 20;
/** A flight landing this close before the asked date's midnight serves a pick-up on that date, when none lands on it. */
export const LATE_EVENING_HOURS = 6;

const instant = z.iso.datetime({ offset: true }).nullable().optional();
const text = z.string().nullable().optional();

const airportSchema = z.object({ code: text, code_iata: text, code_icao: text }).nullable().optional();

/** The fields the product reads; AeroAPI sends many more, which are ignored. */
export const aeroFlightSchema = z.object({
  ident: z.string(),
  ident_icao: text,
  ident_iata: text,
  fa_flight_id: text,
  destination: airportSchema,
  scheduled_on: instant,
  estimated_on: instant,
  actual_on: instant,
  scheduled_in: instant,
  estimated_in: instant,
  actual_in: instant,
  arrival_delay: z.number().nullable().optional(),
  terminal_destination: text,
  gate_destination: text,
  status: text,
  cancelled: z.boolean(),
  diverted: z.boolean(),
});
export type AeroFlight = z.infer<typeof aeroFlightSchema>;

export const aeroFlightsAnswerSchema = z.object({
  flights: z.array(aeroFlightSchema),
  num_pages: z.number().int().optional(),
});

export interface AeroApiOptions {
  baseUrl: string;
  apiKey: string;
  /** Injected by the tests (recorded answers); the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** AeroAPI's instants: ISO 8601 in UTC, whole seconds. */
const isoSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The departure window to ask for a flight arriving on the NZ date `date`. */
export function requestWindow(date: string): { start: string; end: string } {
  const dayStart = nzInstant({ date, time: '00:00' });
  const nextDay = nzInstant({ date: addDays(date, 1), time: '00:00' });
  if (!dayStart || !nextDay) throw new Error(`Not a date: ${date}`);
  return { start: isoSeconds(new Date(dayStart.getTime() - (LATE_EVENING_HOURS + LONGEST_FLIGHT_HOURS) * 3_600_000)), end: isoSeconds(nextDay) };
}

const scheduledArrival = (f: AeroFlight) => f.scheduled_on ?? f.scheduled_in ?? null;

/** Whether an answered flight is the asked number (either form) landing at Auckland. */
function isArrivalOf(f: AeroFlight, ident: string): boolean {
  const named = [f.ident, f.ident_iata, f.ident_icao].some((i) => i?.toUpperCase() === ident);
  const dest = f.destination;
  const toAuckland = !dest || [dest.code, dest.code_iata, dest.code_icao].some((c) => c && AUCKLAND.has(c.toUpperCase()));
  return named && toAuckland && scheduledArrival(f) !== null;
}

/** The asked flight's arrivals on the NZ date, or else those in the late evening before it (see above). */
export function arrivalsFor(flights: readonly AeroFlight[], ident: string, date: string): AeroFlight[] {
  const mine = flights.filter((f) => isArrivalOf(f, ident));
  const onDate = mine.filter((f) => nzToday(new Date(scheduledArrival(f)!)) === date);
  if (onDate.length > 0) return onDate;
  const midnight = nzInstant({ date, time: '00:00' })!.getTime();
  return mine.filter((f) => {
    const at = Date.parse(scheduledArrival(f)!);
    return at < midnight && at >= midnight - LATE_EVENING_HOURS * 3_600_000;
  });
}

const utc = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

export function toArrival(f: AeroFlight): FlightArrival {
  return {
    providerFlightId: f.fa_flight_id ?? null,
    identIata: f.ident_iata ?? null,
    identIcao: f.ident_icao ?? null,
    scheduledOn: utc(f.scheduled_on),
    estimatedOn: utc(f.estimated_on),
    actualOn: utc(f.actual_on),
    scheduledIn: utc(f.scheduled_in),
    estimatedIn: utc(f.estimated_in),
    actualIn: utc(f.actual_in),
    arrivalDelaySeconds: f.arrival_delay ?? null,
    terminal: f.terminal_destination ?? null,
    gate: f.gate_destination ?? null,
    status: f.status ?? null,
    cancelled: f.cancelled,
    diverted: f.diverted,
  };
}

function retryAfter(res: Response): number | null {
  const value = Number(res.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function aeroApiProvider(options: AeroApiOptions): FlightStatusProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'aeroapi',
    async arrival(ident, date) {
      const wanted = ident.toUpperCase();
      const { start, end } = requestWindow(date);
      const url = `${options.baseUrl.replace(/\/$/, '')}/flights/${encodeURIComponent(wanted)}?${new URLSearchParams({ start, end })}`;
      let res: Response;
      try {
        res = await doFetch(url, { headers: { 'x-apikey': options.apiKey, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new FlightStatusFailure('unavailable', `No answer from AeroAPI: ${error instanceof Error ? error.message : String(error)}`);
      }
      // An ident AeroAPI has never heard of is answered 404 (or 400 for one it cannot read): not known, like an empty list.
      if (res.status === 404) return { found: false };
      if (res.status === 429) throw new FlightStatusFailure('rate-limited', 'AeroAPI: too many requests (429)', retryAfter(res));
      if (res.status >= 500) throw new FlightStatusFailure('unavailable', `AeroAPI answered ${res.status}`, retryAfter(res));
      if (res.status === 400) return { found: false };
      if (!res.ok) throw new FlightStatusFailure('refused', `AeroAPI answered ${res.status}`);
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new FlightStatusFailure('strange-answer', 'AeroAPI answered something other than JSON');
      }
      const parsed = aeroFlightsAnswerSchema.safeParse(body);
      if (!parsed.success) {
        const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
        throw new FlightStatusFailure('strange-answer', `AeroAPI's answer did not match its schema (${where})`);
      }
      const matches = arrivalsFor(parsed.data.flights, wanted, date);
      if (matches.length === 0) return { found: false } satisfies FlightLookup;
      // Two departures of one number landing the same day is rare: the earlier scheduled one is the traveller's.
      matches.sort((a, b) => Date.parse(scheduledArrival(a)!) - Date.parse(scheduledArrival(b)!));
      return { found: true, arrival: toArrival(matches[0]!) };
    },
  };
}
