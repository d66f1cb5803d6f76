/**
 * The local clock's controls: the other half of functions/lib/clock.ts, which every handler, job, use case and the
 * local services read. `CLOCK=2026-12-24T08:00+13:00 npm start` starts the clock there and lets it run on;
 * POST /_local/clock moves it (`{"at": "<ISO instant>"}` or `{"advance": "26h"}`), GET /_local/clock answers
 * `{"now": "<ISO instant>"}`. It is an offset from the real clock kept in this process's environment (the handlers
 * run here), so a person or a test walks a trip's days in minutes. Nothing of it exists in AWS.
 *
 * Moving it is a write any web page could attempt against localhost, so it takes only the site's own pages and
 * non-browser clients (same-site.ts), and only JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { CLOCK_OFFSET_SETTING, clockOffsetMs, now } from '../functions/lib/clock';
import { fieldErrorsOf } from '../functions/lib/field-errors';
import { messages } from '../shared/messages';
import type { LocalServiceFactory } from './local-service';
import { fromSiteOrNonBrowser } from './same-site';

export const CLOCK_PATH = '/_local/clock';

const INSTANT = 'an ISO instant with its UTC offset, such as 2026-12-24T08:00+13:00 or 2026-12-23T19:00:00Z';

export const clockMessages = {
  at: `at must be ${INSTANT}`,
  start: `CLOCK must be ${INSTANT}`,
  advance: 'advance must be a whole number of minutes, hours or days, such as 90m, 26h or 2d (a leading - goes back)',
  oneOf: 'Send {"at": "<ISO instant>"} to set the clock or {"advance": "26h"} to move it on (units m, h, d), not both',
  crossSite: 'Cross-site requests are not accepted',
  realStripe:
    'The clock cannot move while the stack talks to real Stripe (STRIPE_SECRET_KEY): Stripe keeps real time, so its checkout expiry and webhook signatures would disagree with the clock.',
  methodNotAllowed: 'GET /_local/clock answers the time; POST moves it',
} as const;

/** An instant with its offset: with or without seconds (the README's `2026-12-24T08:00+13:00` has none). */
const instant = z.union([z.iso.datetime({ offset: true, precision: -1 }), z.iso.datetime({ offset: true })], { error: clockMessages.at });

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const advance = z.string({ error: clockMessages.advance }).regex(/^-?\d{1,6}[mhd]$/, { error: clockMessages.advance });

export const clockMoveSchema = z
  .strictObject({ at: instant.optional(), advance: advance.optional() })
  .refine((m) => (m.at === undefined) !== (m.advance === undefined), { error: clockMessages.oneOf });
export type ClockMove = z.infer<typeof clockMoveSchema>;

/** `26h` in milliseconds (the schema has checked its form). */
export function durationMs(text: string): number {
  const unit = text.slice(-1) as keyof typeof UNIT_MS;
  return Number(text.slice(0, -1)) * UNIT_MS[unit];
}

/** Real Stripe keeps real time: a moved clock would make sessions it refuses and signatures it never sends. */
const talksToRealStripe = () => Boolean(process.env.STRIPE_SECRET_KEY);

function setOffset(offsetMs: number): void {
  process.env[CLOCK_OFFSET_SETTING] = String(Math.round(offsetMs));
}

/** The clock reads `at` now and runs on from there. */
export function setClock(at: Date): void {
  setOffset(at.getTime() - Date.now());
}

export function moveClock(move: ClockMove): void {
  if (move.at !== undefined) setClock(new Date(move.at));
  else setOffset(clockOffsetMs() + durationMs(move.advance!));
}

/** Back to the real clock (a stopped stack leaves no offset behind for the next one in the process). */
export function resetClock(): void {
  delete process.env[CLOCK_OFFSET_SETTING];
}

/**
 * The start time `CLOCK` names, or null when it is unset; a value that is not an instant with its offset stops the
 * start with the reason, as does a clock to move while real Stripe is in use.
 */
export function clockStart(value: string | undefined): Date | null {
  if (value === undefined || value.trim() === '') return null;
  const parsed = instant.safeParse(value.trim());
  if (!parsed.success) throw new Error(`${clockMessages.start} (got ${JSON.stringify(value)})`);
  if (talksToRealStripe()) throw new Error(`CLOCK: ${clockMessages.realStripe}`);
  return new Date(parsed.data);
}

/**
 * For a command run beside `npm start` (npm run admin -- send-reminders): this process's clock reads what the
 * running stack's does, so a reminder is due when the stack's clock says so.
 */
export async function followClockOf(siteUrl: string): Promise<Date> {
  let answer: { now?: unknown };
  try {
    const res = await fetch(new URL(CLOCK_PATH, siteUrl), { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    answer = (await res.json()) as { now?: unknown };
  } catch (error) {
    throw new Error(`Could not read the local stack's clock at ${siteUrl}${CLOCK_PATH} (${String(error)}). Is npm start running?`, { cause: error });
  }
  const at = typeof answer.now === 'string' ? new Date(answer.now) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw new Error(`The local stack's clock answered no time: ${JSON.stringify(answer)}`);
  setClock(at);
  return at;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

const isJson = (req: IncomingMessage) => /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '');

export const clockService: LocalServiceFactory = ({ url }) => ({
  async handle(req, res, body) {
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    if (pathname !== CLOCK_PATH) return false;
    const method = req.method ?? 'GET';
    if (method === 'GET' || method === 'HEAD') {
      sendJson(res, 200, { now: now().toISOString() });
      return true;
    }
    if (method !== 'POST') {
      sendJson(res, 405, { message: clockMessages.methodNotAllowed }, { allow: 'GET, POST' });
      return true;
    }
    if (!fromSiteOrNonBrowser(req, url)) {
      sendJson(res, 403, { message: clockMessages.crossSite });
      return true;
    }
    if (!isJson(req)) {
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
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      sendJson(res, 400, { message: clockMessages.oneOf });
      return true;
    }
    const parsed = clockMoveSchema.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      const { _: whole, ...fieldErrors } = fieldErrorsOf(parsed.error);
      const message = whole ?? Object.values(fieldErrors)[0] ?? clockMessages.oneOf;
      sendJson(res, 400, { message, ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}) });
      return true;
    }
    if (talksToRealStripe()) {
      sendJson(res, 409, { message: clockMessages.realStripe });
      return true;
    }
    moveClock(parsed.data);
    sendJson(res, 200, { now: now().toISOString() });
    return true;
  },
});
