/**
 * A return flight the tracker sees landed puts its checked-in bookings in the pickup queue, with no one pressing
 * anything: each entry's terminal from the provider's answer, its landing the runway touchdown. Each booking's write
 * is once (use-cases/pickups/landing.ts, landedByFlight), so a pass run twice, two passes at once, or a traveller
 * who also says "I've landed" leave one entry. The flight item is marked when every booking is done; a pass that
 * stops before that is finished by the next.
 */
import { terminalOfProvider } from '../../../shared/kerb-time';
import { logger } from '../../lib/logger';
import { getBookings } from '../../store/admin-lists';
import { markLandingQueued, type FlightArrivalRecord } from '../../store/flight-tracking';
import { landedByFlight } from '../pickups/landing';

/** The bookings put in the queue now (0 when all were there already, or none is checked in). */
export async function queueLandedFlight(group: { flight: string; date: string; bookingIds: readonly string[] }, arrival: FlightArrivalRecord, now: Date): Promise<number> {
  const landedAt = arrival.actualOn ?? arrival.actualIn;
  if (!landedAt) return 0;
  const terminal = terminalOfProvider(arrival.terminal);
  if (!terminal) {
    // The yard is never sent to a guessed terminal: the traveller's "I've landed" (or a phone call) still queues them.
    logger.warn('Landed flight names no terminal the yard knows: its bookings are not queued by the tracker', { flight: group.flight, date: group.date, terminal: arrival.terminal ?? null });
    await markLandingQueued(group.flight, group.date, now.toISOString());
    return 0;
  }
  let queued = 0;
  for (const booking of await getBookings([...group.bookingIds])) {
    const { created } = await landedByFlight(booking, { flight: group.flight, terminal, landedAt }, now);
    if (created) queued++;
  }
  await markLandingQueued(group.flight, group.date, now.toISOString());
  return queued;
}
