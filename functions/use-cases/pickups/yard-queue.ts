/**
 * The yard's side of the pickup queue: today's queue with what the driver needs (read fresh from each booking, so a
 * bay assigned after the landing shows), staff adding a traveller who phoned, and the driver's "Picked up".
 */
import { adminMessages } from '../../../shared/admin';
import { shuttleRuns } from '../../../shared/shuttle-runs';
import { randomUUID } from 'node:crypto';
import { expectedKerbAt, type PickupSettings } from '../../../shared/kerb-time';
import { normaliseReference, pickupMessages, type PickupEntry, type PickupQueue, type ShuttleRunsView } from '../../../shared/pickups';
import { isListed, type Booking } from '../../../shared/records';
import type { Caller } from '../../lib/auth';
import { conflict, notFound } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { getBookings } from '../../store/admin-lists';
import { getBooking } from '../../store/bookings';
import { dayQueue, findEntry, saveEntry, type QueueEntry } from '../../store/pickup-queue';
import { bookingIdOfReference } from '../../store/references';
import { pickupSettings } from '../../store/yard-settings';
import { queueDays, sayLanded, type Landing } from './landing';
import * as clock from '../../lib/clock';

const staffName = (caller: Caller) => caller.email ?? caller.sub;

function entryView(e: QueueEntry, b: Booking, settings: PickupSettings): PickupEntry {
  return {
    booking_id: b.id,
    reference: b.bookingReference ?? '',
    name: b.customer.name,
    contact_number: b.customer.contactNumber,
    vehicle: b.carRegistration,
    bay: b.parkingBayNumber,
    terminal: e.terminal,
    passengers: e.passengers,
    flight: e.flight,
    // The car handed back ends the entry's day, whoever recorded it.
    state: b.status === 'checkout' ? 'collected' : e.state,
    landed_at: e.landedAt,
    updated_at: e.updatedAt,
    picked_up_at: e.pickedUpAt,
    picked_up_by: e.pickedUpBy,
    added_by: e.addedBy,
    expected_kerb_at: expectedKerbAt(e.landedAt, e.terminal, settings).toISOString(),
    run_id: e.runId ?? null,
    shuttle_departed_at: e.departedAt ?? null,
  };
}

/**
 * Today's queue (NZ date), oldest landing first: today's partition, plus yesterday's travellers not yet done with (a
 * landing just before midnight). Two Queries and one BatchGet of their bookings; cancelled bookings drop out.
 */
export async function pickupQueue(now = clock.now()): Promise<PickupQueue> {
  const [today, yesterday] = queueDays(now);
  const [todays, yesterdays, settings] = await Promise.all([dayQueue(today), dayQueue(yesterday), pickupSettings()]);
  const entries = [...todays, ...yesterdays];
  const bookings = new Map((await getBookings([...new Set(entries.map((e) => e.bookingId))])).map((b) => [b.id, b]));
  const views = entries.flatMap((e) => {
    const b = bookings.get(e.bookingId);
    if (!b || b.status === 'cancelled') return [];
    const view = entryView(e, b, settings);
    return e.date === today || view.state !== 'collected' ? [view] : [];
  });
  views.sort((a, b) => a.landed_at.localeCompare(b.landed_at) || a.booking_id.localeCompare(b.booking_id));
  return { date: today, entries: views };
}

async function bookingFor(ref: { bookingId?: string; reference?: string }): Promise<Booking> {
  const id = ref.bookingId ?? (await bookingIdOfReference(normaliseReference(ref.reference ?? '')));
  const booking = id ? await getBooking(id, true) : null;
  if (!booking || !isListed(booking)) throw notFound(ref.bookingId ? adminMessages.bookingNotFound : pickupMessages.bookingUnknown);
  return booking;
}

/** Staff add a traveller who phoned (or change what they said): no day rule, the caller is in the history. */
export async function addByStaff(caller: Caller, req: Landing & { bookingId?: string; reference?: string }, now = clock.now()): Promise<{ entry: PickupEntry; created: boolean }> {
  const booking = await bookingFor(req);
  const { entry, created } = await sayLanded(booking, req, { kind: 'staff', who: staffName(caller) }, now);
  return { entry: entryView(entry, booking, await pickupSettings()), created };
}

/** The driver has them: the entry moves to picked up (once; a second press answers the same), and the car is to be brought forward. */
export async function markPickedUp(caller: Caller, bookingId: string, now = clock.now()): Promise<PickupEntry> {
  const booking = await getBooking(bookingId, true);
  if (!booking || !isListed(booking)) throw notFound(pickupMessages.notInQueue);
  const settings = await pickupSettings();
  return retryOnStale<PickupEntry>(
    { tries: 4 },
    async () => {
      const before = await findEntry(bookingId, queueDays(now));
      if (!before) throw notFound(pickupMessages.notInQueue);
      if (before.state !== 'waiting') return entryView(before, booking, settings);
      const at = new Date(Math.max(now.getTime(), Date.parse(before.updatedAt) + 1)).toISOString();
      const after: QueueEntry = { ...before, state: 'picked_up', pickedUpAt: at, pickedUpBy: staffName(caller), updatedAt: at };
      if (await saveEntry(after, before, { by: staffName(caller), changes: [{ field: 'pickup_queue', old: `Waiting at the ${before.terminal} terminal`, new: 'Picked up: bring the car forward' }] })) {
        logger.info('Traveller picked up', { bookingId });
        return entryView(after, booking, settings);
      }
      return stale();
    },
    () => {
      throw conflict('Someone else changed this pickup at the same moment. Please try again.');
    },
  );
}

/**
 * The driver's runs: today's waiting parties (pickupQueue's), grouped by terminal within the shuttle's seats in kerb
 * order (shared/shuttle-runs.ts). One more GetItem than the queue: the settings.
 */
export async function shuttleRunsNow(now = clock.now()): Promise<ShuttleRunsView> {
  const [queue, settings] = await Promise.all([pickupQueue(now), pickupSettings()]);
  const waiting = queue.entries.filter((e) => e.state === 'waiting').map((e) => ({ ...e, bookingId: e.booking_id, kerbAt: e.expected_kerb_at, runId: e.run_id }));
  const runs = shuttleRuns(waiting, settings.shuttleSeats).map((r) => ({
    id: r.id,
    terminal: r.terminal,
    passengers: r.passengers,
    first_kerb_at: r.firstKerbAt,
    departed: r.departed,
    over_seats: r.overSeats,
    parties: r.parties.map(({ bookingId: _b, kerbAt: _k, runId: _r, ...view }) => view),
  }));
  return { date: queue.date, shuttle_seats: settings.shuttleSeats, runs };
}

/**
 * Depart: the shuttle leaves for the run's parties, who are now on the way (each entry keeps the run's id, so the run
 * stays as it left). A party already departed or picked up is left as it is; pressing twice changes nothing.
 */
export async function departRun(caller: Caller, bookingIds: readonly string[], now = clock.now()): Promise<ShuttleRunsView> {
  const runId = `run-${randomUUID().slice(0, 8)}`;
  for (const bookingId of new Set(bookingIds)) {
    await retryOnStale<void>(
      { tries: 4 },
      async () => {
        const before = await findEntry(bookingId, queueDays(now));
        if (!before) throw notFound(pickupMessages.notInQueue);
        if (before.state !== 'waiting' || before.runId) return;
        const at = new Date(Math.max(now.getTime(), Date.parse(before.updatedAt) + 1)).toISOString();
        const after: QueueEntry = { ...before, runId, departedAt: at, updatedAt: at };
        if (await saveEntry(after, before, { by: staffName(caller), changes: [{ field: 'pickup_queue', old: `Waiting at the ${before.terminal} terminal`, new: 'Shuttle on its way' }] })) return;
        return stale();
      },
      () => {
        throw conflict('Someone else changed this pickup at the same moment. Please try again.');
      },
    );
  }
  logger.info('Shuttle run departed', { runId, parties: bookingIds.length });
  return shuttleRunsNow(now);
}

/** Picked up, for a whole run: each party as its own "Picked up" (once each). */
export async function pickUpRun(caller: Caller, bookingIds: readonly string[], now = clock.now()): Promise<ShuttleRunsView> {
  for (const bookingId of new Set(bookingIds)) await markPickedUp(caller, bookingId, now);
  return shuttleRunsNow(now);
}
