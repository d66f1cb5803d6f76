/**
 * One pass of the flight tracker (functions/jobs/track-flights.ts: every 5 minutes in AWS, every 5 seconds in the
 * local stack, or `npm run admin -- track-flights --now`):
 * 1. the day sheet's pick-ups of yesterday, today and tomorrow (NZ), read by key, never scanned; a booking that is
 *    still to come or in the yard and has a return flight is tracked (a cancelled one has left the sheet; a car
 *    already collected is done);
 * 2. grouped by flight and pick-up date, so one request serves every booking on the same flight;
 * 3. each group's stored state (store/flight-tracking.ts) says whether an ask is due (tracking-schedule.ts);
 * 4. a due ask is counted against the flight's and the day's caps before the request goes (refused: counted, not
 *    sent), then the provider's answer is stored; a failure (429, 5xx, no answer, a strange answer) is logged,
 *    counted and changes nothing known: the next due pass asks again.
 * 5. a flight seen landed puts its checked-in bookings in the pickup queue by themselves (queue-landed-flight.ts):
 *    the pass that sees the landing, or, if that one stopped before it was done, the next (the flight item keeps
 *    `landingQueuedAt` once it is).
 * With no provider configured (flight-provider.ts), the pass does nothing: tracking is off.
 */
import { addDays, nzInstant, nzToday } from '../../../shared/nz-time';
import { BUSINESS_METRICS } from '../../lib/metric-names';
import { FlightStatusFailure, type FlightFailureReason, type FlightLookup, type FlightStatusProvider } from '../../lib/flights/flight-status';
import { flightStatusProvider } from '../../lib/flights/flight-provider';
import { logger } from '../../lib/logger';
import { notifier as defaultNotifier, type Notifier } from '../../lib/notifier';
import { tellLanded } from './landed-messages';
import { countEvent } from '../../lib/metrics';
import { dayEntries, type DayEntry } from '../../store/day-sheet';
import { claimFlightAsk, countRefusedAsk, getFlightArrivals, recordFlightAnswer, recordFlightFailure, type FlightArrivalRecord } from '../../store/flight-tracking';
import { queueLandedFlight } from './queue-landed-flight';
import { isAskDue, type TrackedArrival } from './tracking-schedule';
import * as clock from '../../lib/clock';

/**
 * The caps on provider requests. Per flight and date: every booking on the flight shares its requests, so this is
 * also the most one booking can cost (the cadence asks about 34 times for a flight on time, docs/operations.md).
 * Per NZ day: across all flights, whatever the bookings.
 */
export const TRACKING_CAPS = { perFlight: 48, perDay: 3_000 } as const;
export type TrackingCaps = { perFlight: number; perDay: number };

/**
 * How long a pass may spend asking (real time): the job's timeout is 240 seconds (functions/jobs.ts) and a request may
 * take 10; flights not asked by then are left unclaimed, due, for the next pass.
 */
export const PASS_BUDGET_MS = 180_000;

/** The booking statuses whose return flight is tracked: booked and still to come, or the car in the yard. */
const TRACKED_STATUSES: readonly string[] = ['reservation', 'checkin'];

export interface TrackingPassSummary {
  /** No provider configured: nothing was asked. */
  off: boolean;
  /** Flight-and-date groups with at least one tracked booking. */
  flights: number;
  bookings: number;
  asked: number;
  found: number;
  unknown: number;
  failed: number;
  /** Due asks a cap refused (not sent). */
  refused: number;
  /** Due flights left for the next pass when this one's time ran out. */
  deferred: number;
  /** Bookings this pass put in the pickup queue because their flight landed. */
  queued: number;
  /** Travellers told their flight landed (landed-messages.ts), this pass. */
  toldLanded: number;
}

export interface TrackingPassOptions {
  now?: Date;
  /** undefined: the configured one (flight-provider.ts); null: none (off). */
  provider?: FlightStatusProvider | null;
  caps?: TrackingCaps;
  budgetMs?: number;
  /** Who sends the landing messages (lib/notifier.ts by default). */
  notifier?: Notifier;
}

interface Group {
  flight: string;
  date: string;
  bookingIds: string[];
  /** The earliest pick-up among its bookings: the arrival to go by until the provider gives one. */
  pickUp: Date;
}

const groupKey = (flight: string, date: string) => `${flight}#${date}`;

function groupsOf(entries: DayEntry[]): Group[] {
  const groups = new Map<string, Group>();
  for (const e of entries) {
    if (!e.flight || !TRACKED_STATUSES.includes(e.status ?? 'reservation')) continue;
    const pickUp = nzInstant({ date: e.date, time: e.time });
    if (!pickUp) continue;
    const key = groupKey(e.flight, e.date);
    const g = groups.get(key);
    if (!g) groups.set(key, { flight: e.flight, date: e.date, bookingIds: [e.bookingId], pickUp });
    else {
      if (!g.bookingIds.includes(e.bookingId)) g.bookingIds.push(e.bookingId);
      if (pickUp < g.pickUp) g.pickUp = pickUp;
    }
  }
  return [...groups.values()];
}

/** When the flight landed: the runway touchdown, or the gate arrival when the provider gave only that. */
const landedAt = (r: Pick<FlightArrivalRecord, 'actualOn' | 'actualIn'>): string | null => r.actualOn ?? r.actualIn ?? null;

const instantOr = (value: string | null | undefined, fallback: Date) => (value ? new Date(value) : fallback);

/** What the schedule needs to know of a group, from its stored state (none yet: the pick-up stands in for the arrival). */
export function trackedArrival(g: Pick<Group, 'pickUp'>, r: FlightArrivalRecord | undefined): TrackedArrival {
  const scheduled = instantOr(r?.scheduledOn ?? r?.scheduledIn, g.pickUp);
  return {
    scheduled,
    expected: instantOr(r?.estimatedOn ?? r?.estimatedIn, scheduled),
    lastAskedAt: r?.lastAskedAt ? new Date(r.lastAskedAt) : null,
    landed: Boolean(r?.actualOn ?? r?.actualIn),
    cancelled: r?.cancelled === true,
    diverted: r?.diverted === true,
  };
}

export async function trackFlights(options: TrackingPassOptions = {}): Promise<TrackingPassSummary> {
  const now = options.now ?? clock.now();
  const caps = options.caps ?? TRACKING_CAPS;
  const started = performance.now();
  const budgetMs = options.budgetMs ?? PASS_BUDGET_MS;
  const summary: TrackingPassSummary = { off: false, flights: 0, bookings: 0, asked: 0, found: 0, unknown: 0, failed: 0, refused: 0, deferred: 0, queued: 0, toldLanded: 0 };
  const provider = options.provider === undefined ? await flightStatusProvider() : options.provider;
  if (!provider) return { ...summary, off: true };

  const today = nzToday(now);
  const dates = [addDays(today, -1), today, addDays(today, 1)];
  const groups = groupsOf((await Promise.all(dates.map((d) => dayEntries(d, 'pickup')))).flat());
  summary.flights = groups.length;
  summary.bookings = groups.reduce((n, g) => n + g.bookingIds.length, 0);
  if (groups.length === 0) return summary;
  const records = new Map((await getFlightArrivals(groups)).map((r) => [groupKey(r.flight, r.date), r]));

  for (const g of groups) {
    const record = records.get(groupKey(g.flight, g.date));
    // Landed before, but the pass that saw it stopped before its bookings were all in the queue.
    if (record?.known === 'found' && landedAt(record) && !record.landingQueuedAt) {
      summary.queued += await queueLandedFlight(g, record, now);
      continue;
    }
    // A flight whose cap refused an ask was counted then; it is not refused (and counted) again every pass.
    if (record?.capped || !isAskDue(trackedArrival(g, record), now)) continue;
    if (performance.now() - started > budgetMs) {
      summary.deferred++;
      continue;
    }
    const claim =
      (record?.timesAsked ?? 0) >= caps.perFlight
        ? 'flight-cap'
        : await claimFlightAsk({ flight: g.flight, date: g.date, lastAskedAt: record?.lastAskedAt ?? null, bookingIds: g.bookingIds, now, today, caps });
    if (claim === 'taken') continue;
    if (claim === 'flight-cap' || claim === 'day-cap') {
      summary.refused++;
      countEvent(BUSINESS_METRICS.flightStatusRefused);
      await countRefusedAsk({ flight: g.flight, date: g.date, today }, claim);
      logger.warn('Flight status request refused by its cap', { flight: g.flight, date: g.date, cap: claim, bookings: g.bookingIds.length });
      // The day's cap holds for every flight after this one too.
      if (claim === 'day-cap') break;
      continue;
    }
    summary.asked++;
    countEvent(BUSINESS_METRICS.flightStatusRequest);
    let lookup: FlightLookup;
    try {
      lookup = await provider.arrival(g.flight, g.date);
    } catch (error) {
      const reason: FlightFailureReason = error instanceof FlightStatusFailure ? error.reason : 'unavailable';
      summary.failed++;
      countEvent(BUSINESS_METRICS.flightStatusFailure);
      // Logged with what was asked; the stored state keeps what was known (a strange answer changes nothing).
      logger.warn('Flight status failed', { provider: provider.name, flight: g.flight, date: g.date, reason, error: error instanceof Error ? error.message : String(error) });
      await recordFlightFailure(g.flight, g.date, reason);
      continue;
    }
    // A landing seen for the first time: the travellers are told before it is stored, so a pass that stops in
    // between asks again and the claim keeps it to one message.
    if (lookup.found && lookup.arrival.actualOn && !record?.actualOn) {
      const told = await tellLanded(g.bookingIds, { flight: g.flight, date: g.date, known: 'found', ...lookup.arrival }, options.notifier ?? defaultNotifier, now);
      summary.toldLanded += told.sent;
    }
    await recordFlightAnswer(g.flight, g.date, lookup.found ? lookup.arrival : null, clock.now());
    if (lookup.found) summary.found++;
    else summary.unknown++;
    if (lookup.found && landedAt(lookup.arrival)) summary.queued += await queueLandedFlight(g, { flight: g.flight, date: g.date, ...lookup.arrival }, now);
  }
  return summary;
}
