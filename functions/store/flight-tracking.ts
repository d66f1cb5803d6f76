/**
 * The tracked return flights (functions/use-cases/flights/track-flights.ts):
 * - `FLIGHT#<flight>#<date>` / `ARRIVAL`: what is known of one flight's arrival on one NZ date (scheduled, estimated
 *   and actual times, terminal, gate, status, cancelled, diverted), when the product last asked, how many times, and
 *   the bookings it served; the pass, and later the pickup queue and the overstay fee, read it by key;
 * - `FLIGHT_ASKS#<date>` / `COUNT`: the provider requests made on one NZ date (by the clock), and those the caps refused.
 * An ask is claimed before the request is sent, in one transaction with the day's count: both caps hold however
 * many passes run at once, and two passes never ask about one flight twice (the claim names the last ask it saw).
 */
import type { FlightArrival, FlightFailureReason } from '../lib/flights/flight-status';
import { keys } from './keys';
import { batchGet, cancellationCodes, getItem, transact, updateItem } from './table';

export interface FlightArrivalRecord extends Partial<FlightArrival> {
  flight: string;
  date: string;
  /** `found`, `unknown` (the provider does not know it on that date), or absent before the first answer. */
  known?: 'found' | 'unknown';
  lastAskedAt?: string;
  timesAsked?: number;
  lastAnsweredAt?: string;
  /** The last failure's reason (flight-status.ts), cleared by the next answer; `failures` counts them all. */
  lastFailure?: FlightFailureReason | null;
  failures?: number;
  /** The bookings the last ask served (the day sheet's pick-ups on this flight and date). */
  bookingIds?: string[];
  /** Set once the flight's cap refused an ask. */
  capped?: boolean;
  /** When a pass put the landed flight's checked-in bookings in the pickup queue (absent: not yet, or not landed). */
  landingQueuedAt?: string;
}

export interface FlightAsksDay {
  date: string;
  asked?: number;
  refused?: number;
}

/** Kept 90 days after the date, then DynamoDB removes it (long after any check-out could need the landing time). */
const KEEP_SECONDS = 90 * 24 * 60 * 60;
const expiry = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 1000) + KEEP_SECONDS;

export async function getFlightArrival(flight: string, date: string): Promise<FlightArrivalRecord | null> {
  return getItem<FlightArrivalRecord>(keys.flightArrival(flight, date));
}

export async function getFlightArrivals(wanted: readonly { flight: string; date: string }[]): Promise<FlightArrivalRecord[]> {
  if (wanted.length === 0) return [];
  return (await batchGet<FlightArrivalRecord>(wanted.map((w) => keys.flightArrival(w.flight, w.date)))).filter((r): r is FlightArrivalRecord => r !== null);
}

export async function getFlightAsksDay(date: string): Promise<FlightAsksDay | null> {
  return getItem<FlightAsksDay>(keys.flightAsksDay(date), true);
}

export type AskClaim = 'claimed' | 'flight-cap' | 'day-cap' | 'taken';

export interface AskToClaim {
  flight: string;
  date: string;
  /** The last ask this pass saw (null: none yet); another pass that asked since makes the claim 'taken'. */
  lastAskedAt: string | null;
  bookingIds: readonly string[];
  now: Date;
  /** The NZ date of `now`: whose count the request goes on. */
  today: string;
  caps: { perFlight: number; perDay: number };
}

/** Counts one request against the flight's and the day's caps before it is sent; nothing is counted when refused. */
export async function claimFlightAsk(a: AskToClaim): Promise<AskClaim> {
  const at = a.now.toISOString();
  try {
    await transact([
      {
        Update: {
          Key: keys.flightArrival(a.flight, a.date),
          UpdateExpression: 'SET #type = :type, flight = :flight, #date = :date, lastAskedAt = :at, bookingIds = :ids, #ttl = :ttl ADD timesAsked :one',
          ConditionExpression: `(attribute_not_exists(timesAsked) OR timesAsked < :cap) AND ${a.lastAskedAt === null ? 'attribute_not_exists(lastAskedAt)' : 'lastAskedAt = :seen'}`,
          ExpressionAttributeNames: { '#type': 'type', '#date': 'date', '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':type': 'flight_arrival',
            ':flight': a.flight,
            ':date': a.date,
            ':at': at,
            ':ids': [...a.bookingIds],
            ':ttl': expiry(a.date),
            ':one': 1,
            ':cap': a.caps.perFlight,
            ...(a.lastAskedAt === null ? {} : { ':seen': a.lastAskedAt }),
          },
        },
      },
      {
        Update: {
          Key: keys.flightAsksDay(a.today),
          UpdateExpression: 'SET #type = :type, #date = :date, #ttl = :ttl ADD asked :one',
          ConditionExpression: 'attribute_not_exists(asked) OR asked < :cap',
          ExpressionAttributeNames: { '#type': 'type', '#date': 'date', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':type': 'flight_asks_day', ':date': a.today, ':ttl': expiry(a.today), ':one': 1, ':cap': a.caps.perDay },
        },
      },
    ]);
    return 'claimed';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    if (codes[1] === 'ConditionalCheckFailed') return 'day-cap';
    if (codes[0] === 'ConditionalCheckFailed') {
      const now = await getItem<FlightArrivalRecord>(keys.flightArrival(a.flight, a.date), true);
      return (now?.timesAsked ?? 0) >= a.caps.perFlight ? 'flight-cap' : 'taken';
    }
    throw error;
  }
}

/** An ask a cap refused: counted on the day (and the flight marked), so the refusals show beside the requests. */
export async function countRefusedAsk(a: Pick<AskToClaim, 'flight' | 'date' | 'today'>, which: 'flight-cap' | 'day-cap'): Promise<void> {
  await updateItem({
    Key: keys.flightAsksDay(a.today),
    UpdateExpression: 'SET #type = :type, #date = :date, #ttl = :ttl ADD refused :one',
    ExpressionAttributeNames: { '#type': 'type', '#date': 'date', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':type': 'flight_asks_day', ':date': a.today, ':ttl': expiry(a.today), ':one': 1 },
  });
  if (which === 'flight-cap') {
    await updateItem({ Key: keys.flightArrival(a.flight, a.date), UpdateExpression: 'SET capped = :yes', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':yes': true } });
  }
}

const ARRIVAL_FIELDS = [
  'providerFlightId',
  'identIata',
  'identIcao',
  'scheduledOn',
  'estimatedOn',
  'actualOn',
  'scheduledIn',
  'estimatedIn',
  'actualIn',
  'arrivalDelaySeconds',
  'terminal',
  'gate',
  'status',
  'cancelled',
  'diverted',
] as const satisfies readonly (keyof FlightArrival)[];

/** The provider's answer: found (every field replaced by what it says now) or not known on that date. */
export async function recordFlightAnswer(flight: string, date: string, answer: FlightArrival | null, now: Date): Promise<void> {
  const values: Record<string, unknown> = { ':known': answer ? 'found' : 'unknown', ':at': now.toISOString(), ':none': null };
  // Every field by a name placeholder: `status` is one of DynamoDB's reserved words.
  const names: Record<string, string> = {};
  const sets = ['known = :known', 'lastAnsweredAt = :at', 'lastFailure = :none'];
  if (answer) {
    ARRIVAL_FIELDS.forEach((field, i) => {
      sets.push(`#f${i} = :v${i}`);
      names[`#f${i}`] = field;
      values[`:v${i}`] = answer[field];
    });
  }
  await updateItem({
    Key: keys.flightArrival(flight, date),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ...(answer ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  });
}

/** A request that met no usable answer: counted, and nothing else changes (what was known stays). */
export async function recordFlightFailure(flight: string, date: string, reason: FlightFailureReason): Promise<void> {
  await updateItem({
    Key: keys.flightArrival(flight, date),
    UpdateExpression: 'SET lastFailure = :reason ADD failures :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':reason': reason, ':one': 1 },
  });
}

/** The landed flight's bookings are in the pickup queue: later passes leave it alone. */
export async function markLandingQueued(flight: string, date: string, at: string): Promise<void> {
  await updateItem({
    Key: keys.flightArrival(flight, date),
    UpdateExpression: 'SET landingQueuedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at },
  });
}
