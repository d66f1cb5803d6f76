/**
 * The local flight stand-in: what FlightAware's AeroAPI is to a deployed stack, offline. A flight is known only once
 * someone sets it, as an unknown flight is to the provider:
 * - `/_local/flights`: a board where a person sets a flight's times (NZ time), terminal, gate, cancellation or
 *   diversion, and sees how many times the product asked for each flight;
 * - `PUT /_local/flights/{ident}/{date}` (date: the scheduled arrival's NZ date) with any of `scheduled_on`,
 *   `estimated_on`, `actual_on` (ISO instants with their offset, null clears), `terminal`, `gate`, `cancelled`,
 *   `diverted`; `GET` answers it and `asked`, how many times the product asked for it (404 with `asked` when unset);
 * - `GET /_local/aeroapi/flights/{ident}?start=&end=` with `x-apikey`: AeroAPI's answer shape, which the product's
 *   own AeroAPI adapter reads (functions/lib/flights/aeroapi.ts), so the stack runs the code AWS runs.
 * NZ102 and ANZ102 name one flight (the airline's two codes). Flights and counts are kept in `<data>/flights.json`.
 * Writes take the site's own pages and non-browser clients only (same-site.ts); nothing sends CORS headers, and the
 * whole stack listens on 127.0.0.1.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import * as z from 'zod';
import { STAND_IN_API_KEY } from '../functions/lib/flights/flight-provider';
import { fieldErrorsOf } from '../functions/lib/field-errors';
import { isFlightNumber, normaliseFlightNumber } from '../shared/flight-number';
import { escapeHtml } from '../shared/html';
import { messages } from '../shared/messages';
import { isCalendarDate, nzInstant, nzNow, nzToday } from '../shared/nz-time';
import type { LocalServiceFactory } from './local-service';
import { fromSiteOrNonBrowser } from './same-site';

export const FLIGHTS_PATH = '/_local/flights';
export const AEROAPI_STANDIN_PATH = '/_local/aeroapi';

/** The airlines' two codes (IATA, ICAO) for those flying into Auckland most; another code is taken as it is typed. */
const AIRLINE_CODES: Record<string, string> = { NZ: 'ANZ', JQ: 'JST', QF: 'QFA', VA: 'VOZ', EK: 'UAE', SQ: 'SIA', CX: 'CPA', UA: 'UAL', AA: 'AAL', AC: 'ACA', LA: 'LAN', FJ: 'FJI', CZ: 'CSN' };
const IATA_OF = Object.fromEntries(Object.entries(AIRLINE_CODES).map(([iata, icao]) => [icao, iata]));

/** One flight number, whichever code it was typed with: the IATA form (NZ102 for ANZ102). */
export function canonicalIdent(typed: string): string {
  const ident = normaliseFlightNumber(typed);
  const icao = /^([A-Z]{3})(\d.*)$/.exec(ident);
  return icao && IATA_OF[icao[1]!] ? `${IATA_OF[icao[1]!]}${icao[2]}` : ident;
}
const icaoIdent = (ident: string) => {
  const iata = /^([A-Z0-9]{2})(\d.*)$/.exec(ident);
  return iata && AIRLINE_CODES[iata[1]!] ? `${AIRLINE_CODES[iata[1]!]}${iata[2]}` : null;
};

export interface StandInFlight {
  ident: string;
  date: string;
  scheduled_on: string;
  estimated_on: string | null;
  actual_on: string | null;
  terminal: string | null;
  gate: string | null;
  cancelled: boolean;
  diverted: boolean;
}

export const flightStandInMessages = {
  ident: 'The flight must be a flight number like NZ102 or ANZ102',
  date: 'The date must be the scheduled arrival NZ date, YYYY-MM-DD',
  instant: 'Times must be ISO instants with their UTC offset, such as 2026-12-24T14:35+13:00, or null',
  needsSchedule: 'A flight not set before needs its scheduled_on',
  notSet: (ident: string, date: string) => `${ident} arriving on ${date} is not set: the stand-in does not know it`,
  crossSite: 'Cross-site requests are not accepted',
  methods: 'GET answers the flight; PUT sets it',
  apiKey: 'Missing or wrong x-apikey',
} as const;

const instant = z.union([z.iso.datetime({ offset: true, precision: -1 }), z.iso.datetime({ offset: true })], { error: flightStandInMessages.instant }).nullable();
const putSchema = z.strictObject({
  scheduled_on: instant.optional(),
  estimated_on: instant.optional(),
  actual_on: instant.optional(),
  terminal: z.string().trim().max(20).nullable().optional(),
  gate: z.string().trim().max(20).nullable().optional(),
  cancelled: z.boolean().optional(),
  diverted: z.boolean().optional(),
});
type FlightChange = z.infer<typeof putSchema>;

const utc = (value: string | null | undefined) => (value ? new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z') : null);
const plusMinutes = (iso: string | null, minutes: number) => (iso ? utc(new Date(Date.parse(iso) + minutes * 60_000).toISOString()) : null);

function statusOf(f: StandInFlight): string {
  if (f.cancelled) return 'Cancelled';
  if (f.diverted) return 'Diverted';
  if (f.actual_on) return 'Landed / Taxiing';
  const late = f.estimated_on ? (Date.parse(f.estimated_on) - Date.parse(f.scheduled_on)) / 60_000 : 0;
  return late >= 15 ? 'Scheduled / Delayed' : 'Scheduled';
}

/** The flight as AeroAPI's /flights/{ident} lists one (the fields the product reads, and a few it does not). */
export function aeroFlight(f: StandInFlight): Record<string, unknown> {
  const estimated = f.cancelled ? null : (f.estimated_on ?? f.scheduled_on);
  const arrived = f.actual_on ?? estimated;
  return {
    ident: icaoIdent(f.ident) ?? f.ident,
    ident_icao: icaoIdent(f.ident),
    ident_iata: f.ident,
    fa_flight_id: `${f.ident}-${f.date}-stand-in`,
    operator_iata: f.ident.slice(0, 2),
    origin: null,
    destination: { code: 'NZAA', code_icao: 'NZAA', code_iata: 'AKL', timezone: 'Pacific/Auckland', name: 'Auckland Intl', city: 'Auckland' },
    scheduled_on: utc(f.scheduled_on),
    estimated_on: utc(estimated),
    actual_on: utc(f.actual_on),
    scheduled_in: plusMinutes(f.scheduled_on, 5),
    estimated_in: plusMinutes(estimated, 5),
    actual_in: plusMinutes(f.actual_on, 5),
    arrival_delay: arrived && !f.cancelled ? Math.round((Date.parse(arrived) - Date.parse(f.scheduled_on)) / 1000) : 0,
    terminal_destination: f.terminal,
    gate_destination: f.gate,
    status: statusOf(f),
    cancelled: f.cancelled,
    diverted: f.diverted,
  };
}

interface Saved {
  flights: StandInFlight[];
  asked: Record<string, number>;
}

const keyOf = (ident: string, date: string) => `${ident}|${date}`;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** "24 Dec 14:35" in NZ time, for the board. */
function nzText(iso: string | null): string {
  if (!iso) return '';
  const wc = nzNow(new Date(iso));
  return `${wc.date} ${wc.time}`;
}

/** A datetime-local value ("2026-12-24T14:35"), read as NZ time; empty: null; a time NZ skips: undefined. */
function fromNzInput(value: string | null): string | null | undefined {
  if (!value) return null;
  const [date, time] = value.split('T');
  const at = date && time ? nzInstant({ date, time: time.slice(0, 5) }) : null;
  return at ? at.toISOString() : undefined;
}

export const flightStandIn: LocalServiceFactory = ({ url, dataDir }) => {
  const file = path.join(dataDir, 'flights.json');
  const flights = new Map<string, StandInFlight>();
  const asked = new Map<string, number>();
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved;
    for (const f of saved.flights) flights.set(keyOf(f.ident, f.date), f);
    for (const [k, n] of Object.entries(saved.asked)) asked.set(k, n);
  }
  const save = () => {
    const saved: Saved = { flights: [...flights.values()], asked: Object.fromEntries(asked) };
    writeFileSync(`${file}.tmp`, JSON.stringify(saved, null, 2), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  };
  // What functions/lib/flights/flight-provider.ts talks to when no real AeroAPI key is set.
  process.env.FLIGHTS_STANDIN_URL = `${url}${AEROAPI_STANDIN_PATH}`;

  /** Sets (or changes) a flight; the message when the change cannot be made. */
  const setFlight = (ident: string, date: string, change: FlightChange): StandInFlight | string => {
    const before = flights.get(keyOf(ident, date));
    const scheduled = change.scheduled_on === undefined ? before?.scheduled_on : change.scheduled_on;
    if (!scheduled) return flightStandInMessages.needsSchedule;
    const keep = <T>(next: T | undefined, prev: T): T => (next === undefined ? prev : next);
    const flight: StandInFlight = {
      ident,
      date,
      scheduled_on: utc(scheduled)!,
      estimated_on: utc(keep(change.estimated_on, before?.estimated_on ?? null)),
      actual_on: utc(keep(change.actual_on, before?.actual_on ?? null)),
      terminal: keep(change.terminal, before?.terminal ?? null) || null,
      gate: keep(change.gate, before?.gate ?? null) || null,
      cancelled: keep(change.cancelled, before?.cancelled ?? false),
      diverted: keep(change.diverted, before?.diverted ?? false),
    };
    flights.set(keyOf(ident, date), flight);
    save();
    return flight;
  };

  const board = (notice = ''): string => {
    const rows = [...flights.values()]
      .sort((a, b) => a.scheduled_on.localeCompare(b.scheduled_on))
      .map(
        (f) =>
          `<tr><td>${escapeHtml(f.ident)}</td><td>${escapeHtml(f.date)}</td><td>${escapeHtml(nzText(f.scheduled_on))}</td><td>${escapeHtml(nzText(f.estimated_on))}</td><td>${escapeHtml(nzText(f.actual_on))}</td><td>${escapeHtml(f.terminal ?? '')}</td><td>${escapeHtml(f.gate ?? '')}</td><td>${f.cancelled ? 'Cancelled' : ''}${f.diverted ? 'Diverted' : ''}</td><td>${asked.get(keyOf(f.ident, f.date)) ?? 0}</td></tr>`,
      )
      .join('');
    const unset = [...asked.entries()]
      .filter(([k]) => !flights.has(k))
      .map(([k, n]) => {
        const [ident, date] = k.split('|');
        return `<li>${escapeHtml(ident!)} arriving on ${escapeHtml(date!)}: asked ${n} time${n === 1 ? '' : 's'}</li>`;
      })
      .join('');
    const input = (name: string, label: string, type = 'text', extra = '') => `<label>${label} <input name="${name}" type="${type}" ${extra}></label>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Local flights</title><style>body{font:16px system-ui;margin:2rem auto;max-width:980px;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccd;padding:.3rem;text-align:left}form{display:grid;gap:.5rem;max-width:420px;margin:1rem 0}label{display:flex;justify-content:space-between;gap:1rem}.notice{background:#fff4d6;padding:.5rem}</style></head><body>
<h1>Local flights</h1>
<p>The flight stand-in: the product asks it what FlightAware would answer. A flight nobody set here is unknown to it. Times are NZ time; the date is the scheduled arrival's NZ date.</p>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
<table><thead><tr><th>Flight</th><th>Date</th><th>Scheduled</th><th>Estimated</th><th>Landed</th><th>Terminal</th><th>Gate</th><th></th><th>Asked</th></tr></thead><tbody>${rows || '<tr><td colspan="9">No flights set yet.</td></tr>'}</tbody></table>
${unset ? `<h2>Asked for, not set</h2><ul>${unset}</ul>` : ''}
<h2>Set a flight</h2>
<form method="post" action="${FLIGHTS_PATH}">
${input('ident', 'Flight', 'text', 'required placeholder="NZ102"')}
${input('date', 'Arrival date (NZ)', 'date', 'required')}
${input('scheduled', 'Scheduled landing (NZ)', 'datetime-local', 'required')}
${input('estimated', 'Estimated landing (NZ)', 'datetime-local')}
${input('actual', 'Landed at (NZ)', 'datetime-local')}
${input('terminal', 'Terminal', 'text', 'placeholder="D or I"')}
${input('gate', 'Gate')}
<label>Cancelled <input name="cancelled" type="checkbox" value="yes"></label>
<label>Diverted <input name="diverted" type="checkbox" value="yes"></label>
<button type="submit">Set flight</button>
</form>
</body></html>`;
  };

  const sendBoard = (res: ServerResponse, status: number, notice = '') => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(board(notice));
  };

  return {
    async handle(req, res, body) {
      const { pathname, searchParams } = new URL(req.url ?? '/', 'http://local');
      const method = req.method ?? 'GET';

      if (pathname.startsWith(`${AEROAPI_STANDIN_PATH}/flights/`)) {
        if (req.headers['x-apikey'] !== STAND_IN_API_KEY) {
          sendJson(res, 401, { title: 'Unauthorized', reason: 'UNAUTHORIZED', detail: flightStandInMessages.apiKey, status: 401 });
          return true;
        }
        const ident = canonicalIdent(decodeURIComponent(pathname.slice(`${AEROAPI_STANDIN_PATH}/flights/`.length)));
        const start = Date.parse(searchParams.get('start') ?? '');
        const end = Date.parse(searchParams.get('end') ?? '');
        if (!isFlightNumber(ident) || Number.isNaN(start) || Number.isNaN(end)) {
          sendJson(res, 400, { title: 'Invalid argument', reason: 'INVALID_ARGUMENT', detail: 'ident, start and end are required', status: 400 });
          return true;
        }
        // The product asks for one arrival day: its window ends at midnight after it (NZ time).
        const date = nzToday(new Date(end - 1));
        asked.set(keyOf(ident, date), (asked.get(keyOf(ident, date)) ?? 0) + 1);
        save();
        const ofIdent = [...flights.values()].filter((f) => f.ident === ident);
        if (ofIdent.length === 0) {
          sendJson(res, 404, { title: 'Not found', reason: 'NOT_FOUND', detail: `No flights for ${ident}`, status: 404 });
          return true;
        }
        // AeroAPI bounds departures; the stand-in knows arrivals, and a window that holds a departure holds its arrival
        // closely enough for the product's choice among them (functions/lib/flights/aeroapi.ts).
        const inWindow = ofIdent.filter((f) => Date.parse(f.scheduled_on) >= start && Date.parse(f.scheduled_on) < end);
        sendJson(res, 200, { links: null, num_pages: 1, flights: inWindow.map(aeroFlight) });
        return true;
      }

      if (pathname !== FLIGHTS_PATH && !pathname.startsWith(`${FLIGHTS_PATH}/`) && pathname !== `${FLIGHTS_PATH}.json`) return false;

      if (pathname === `${FLIGHTS_PATH}.json`) {
        sendJson(res, 200, { flights: [...flights.values()].map((f) => ({ ...f, asked: asked.get(keyOf(f.ident, f.date)) ?? 0 })) });
        return true;
      }

      if (pathname === FLIGHTS_PATH) {
        if (method === 'GET' || method === 'HEAD') {
          sendBoard(res, 200);
          return true;
        }
        if (method !== 'POST') {
          sendJson(res, 405, { message: flightStandInMessages.methods }, { allow: 'GET, POST' });
          return true;
        }
        if (!fromSiteOrNonBrowser(req, url)) {
          sendJson(res, 403, { message: flightStandInMessages.crossSite });
          return true;
        }
        // The board's form: NZ wall-clock times, read as instants here.
        const form = new URLSearchParams(body.toString('utf8'));
        const ident = canonicalIdent(form.get('ident') ?? '');
        const date = form.get('date') ?? '';
        if (!isFlightNumber(ident)) return (sendBoard(res, 400, flightStandInMessages.ident), true);
        if (!isCalendarDate(date)) return (sendBoard(res, 400, flightStandInMessages.date), true);
        const [scheduled, estimated, actual] = ['scheduled', 'estimated', 'actual'].map((f) => fromNzInput(form.get(f)));
        if (scheduled === undefined || estimated === undefined || actual === undefined) return (sendBoard(res, 400, flightStandInMessages.instant), true);
        const set = setFlight(ident, date, {
          scheduled_on: scheduled,
          estimated_on: estimated,
          actual_on: actual,
          terminal: form.get('terminal')?.trim() || null,
          gate: form.get('gate')?.trim() || null,
          cancelled: form.get('cancelled') === 'yes',
          diverted: form.get('diverted') === 'yes',
        });
        if (typeof set === 'string') return (sendBoard(res, 400, set), true);
        sendBoard(res, 200, `${set.ident} arriving on ${set.date} is set.`);
        return true;
      }

      const [rawIdent, date, ...rest] = pathname.slice(FLIGHTS_PATH.length + 1).split('/');
      const ident = canonicalIdent(decodeURIComponent(rawIdent ?? ''));
      if (rest.length > 0 || !isFlightNumber(ident)) {
        sendJson(res, 400, { message: flightStandInMessages.ident });
        return true;
      }
      if (!date || !isCalendarDate(date)) {
        sendJson(res, 400, { message: flightStandInMessages.date });
        return true;
      }
      if (method === 'GET' || method === 'HEAD') {
        const flight = flights.get(keyOf(ident, date));
        const times = asked.get(keyOf(ident, date)) ?? 0;
        if (!flight) sendJson(res, 404, { message: flightStandInMessages.notSet(ident, date), asked: times });
        else sendJson(res, 200, { flight, asked: times });
        return true;
      }
      if (method !== 'PUT') {
        sendJson(res, 405, { message: flightStandInMessages.methods }, { allow: 'GET, PUT' });
        return true;
      }
      if (!fromSiteOrNonBrowser(req, url)) {
        sendJson(res, 403, { message: flightStandInMessages.crossSite });
        return true;
      }
      if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
        sendJson(res, 415, { message: messages.unsupportedMediaType });
        return true;
      }
      let value: unknown;
      try {
        value = JSON.parse(body.toString('utf8'));
      } catch {
        sendJson(res, 400, { message: messages.malformedJson });
        return true;
      }
      const parsed = putSchema.safeParse(value);
      if (!parsed.success) {
        const { _: whole, ...fieldErrors } = fieldErrorsOf(parsed.error);
        sendJson(res, 400, { message: whole ?? Object.values(fieldErrors)[0] ?? flightStandInMessages.instant, ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}) });
        return true;
      }
      const set = setFlight(ident, date, parsed.data);
      if (typeof set === 'string') {
        sendJson(res, 400, { message: set });
        return true;
      }
      sendJson(res, 200, { flight: set, asked: asked.get(keyOf(ident, date)) ?? 0 });
      return true;
    },
  };
};
