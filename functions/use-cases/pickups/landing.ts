/**
 * Saying "I've landed" (the traveller, by their pass or their account) or adding a traveller who phoned (staff):
 * the booking's entry in today's pickup queue, written once and updated on a second press, each change in the
 * booking's history. The traveller may say it from the return day on (shared/pickups.ts, landedOpensAt); staff
 * may add anyone whose car is still in the yard's care, whatever the day (an early return phoned in).
 */
import { addDays, nzToday } from '../../../shared/nz-time';
import { describeLanding, landedOpensAt, mayTellLanded, pickupMessages, type LandedResponse, type Terminal } from '../../../shared/pickups';
import type { Booking } from '../../../shared/records';
import { conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { findEntry, saveEntry, type QueueEntry } from '../../store/pickup-queue';
import * as clock from '../../lib/clock';

export interface Landing {
  terminal: Terminal;
  passengers: number;
  flight?: string | null;
}

export interface LandingBy {
  kind: 'traveller' | 'staff';
  /** What the history shows as who: the staff member's or account's e-mail, or the pass. */
  who: string;
}

/** The queue days an entry for now may be in: today's, or yesterday's when they landed before midnight. */
export const queueDays = (now: Date): [string, string] => {
  const today = nzToday(now);
  return [today, addDays(today, -1)];
};

/** The statuses whose car is still to be collected. */
const IN_CARE: readonly Booking['status'][] = ['reservation', 'checkin'];

function refuseUnlessInCare(booking: Booking): void {
  if (booking.status === 'cancelled') throw conflict(pickupMessages.cancelled);
  if (booking.status === 'checkout') throw conflict(pickupMessages.checkedOut);
  if (!IN_CARE.includes(booking.status)) throw conflict(pickupMessages.notConfirmed);
}

export const landedView = (e: QueueEntry): LandedResponse => ({ state: e.state, terminal: e.terminal, passengers: e.passengers, flight: e.flight, landed_at: e.landedAt, updated_at: e.updatedAt });

/** A flight typed with or without its space ("NZ 777", "NZ777") is the same flight. */
const flightKey = (flight: string | null) => flight?.replace(/\s+/g, '') ?? null;

const sameLanding = (a: Pick<QueueEntry, 'terminal' | 'passengers' | 'flight'>, b: Pick<QueueEntry, 'terminal' | 'passengers' | 'flight'>) =>
  a.terminal === b.terminal && a.passengers === b.passengers && flightKey(a.flight) === flightKey(b.flight);

/** Tries to land a write this many times when another write to the same entry got there first. */
const ATTEMPTS = 4;

/** The entry as it now stands, and whether this call made it (`created`) or changed it. */
export async function sayLanded(booking: Booking, landing: Landing, by: LandingBy, now = clock.now()): Promise<{ entry: QueueEntry; created: boolean }> {
  refuseUnlessInCare(booking);
  if (by.kind === 'traveller' && !mayTellLanded(booking, now)) throw conflict(pickupMessages.tooEarly(landedOpensAt(booking)));
  const wanted = { terminal: landing.terminal, passengers: landing.passengers, flight: landing.flight ?? null };
  return retryOnStale<{ entry: QueueEntry; created: boolean }>(
    { tries: ATTEMPTS },
    async () => {
      const before = await findEntry(booking.id, queueDays(now));
      // Once on the shuttle, a second press changes nothing: the driver has them.
      if (before && before.state !== 'waiting') return { entry: before, created: false };
      // A press that changes nothing writes nothing: no queue write and no history line, however often it comes.
      if (before && sameLanding(before, wanted)) return { entry: before, created: false };
      const at = new Date(Math.max(now.getTime(), before ? Date.parse(before.updatedAt) + 1 : 0)).toISOString();
      const entry: QueueEntry = before
        ? { ...before, ...wanted, updatedAt: at }
        : { bookingId: booking.id, date: queueDays(now)[0], ...wanted, state: 'waiting', addedBy: by.kind, landedAt: at, updatedAt: at, pickedUpAt: null, pickedUpBy: null };
      const saved = await saveEntry(entry, before, { by: by.who, changes: [{ field: 'pickup_queue', old: before ? `Landed: ${describeLanding(before)}` : null, new: `Landed: ${describeLanding(entry)}` }] });
      if (saved) {
        logger.info(before ? 'Pickup queue entry updated' : 'Traveller added to the pickup queue', { bookingId: booking.id, by: by.kind });
        return { entry, created: !before };
      }
      return stale();
    },
    () => {
      throw conflict('Someone else changed this pickup at the same moment. Please try again.');
    },
  );
}

/** A return flight's landing as the flight tracker saw it. */
export interface FlightLanding {
  flight: string;
  terminal: Terminal;
  /** The runway touchdown (or, when the provider gave only that, the gate arrival). */
  landedAt: string;
}

/**
 * The flight tracker saw the booking's return flight land: the booking enters today's queue by itself, once. A
 * traveller who already said "I've landed" (or staff who added them, or an earlier pass) keeps their entry as it
 * is; the write is conditional on there being none, so two passes at once, or a pass and a press, leave one entry.
 * Only a car checked in is queued (nothing to bring forward otherwise); the party is 1 until the traveller or staff
 * say how many.
 */
export async function landedByFlight(booking: Booking, landing: FlightLanding, now = clock.now()): Promise<{ entry: QueueEntry | null; created: boolean }> {
  if (booking.status !== 'checkin') return { entry: null, created: false };
  return retryOnStale<{ entry: QueueEntry | null; created: boolean }>(
    { tries: ATTEMPTS },
    async () => {
      const before = await findEntry(booking.id, queueDays(now));
      if (before) return { entry: before, created: false };
      const at = now.toISOString();
      const entry: QueueEntry = {
        bookingId: booking.id,
        date: queueDays(now)[0],
        terminal: landing.terminal,
        passengers: 1,
        flight: landing.flight,
        state: 'waiting',
        addedBy: 'flight',
        landedAt: landing.landedAt,
        updatedAt: at,
        pickedUpAt: null,
        pickedUpBy: null,
      };
      const saved = await saveEntry(entry, null, { by: `Flight tracker (${landing.flight} landed)`, changes: [{ field: 'pickup_queue', old: null, new: `Landed: ${describeLanding(entry)}` }] });
      if (saved) {
        logger.info('Landed flight put the traveller in the pickup queue', { bookingId: booking.id, flight: landing.flight });
        return { entry, created: true };
      }
      return stale();
    },
    // Another writer kept winning: whatever it wrote is the entry; the next pass looks again.
    () => ({ entry: null, created: false }),
  );
}
