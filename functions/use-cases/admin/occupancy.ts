/**
 * The yard's occupancy for the admin chart and the capacity setting. Occupancy is read from the per-day
 * counters the booking transactions keep (one Query over the months the range spans), never by counting bookings.
 */
import type { Caller } from '../../lib/auth';
import { conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { capacityMessages } from '../../../shared/capacity';
import { addDays, nzToday } from '../../../shared/nz-time';
import { DEFAULT_OCCUPANCY_DAYS, freePlaces, type CapacityResponse, type Occupancy } from '../../../shared/occupancy';
import { readOccupancy } from '../../store/occupancy';
import { environmentCapacity, saveCapacity, yardCapacity } from '../../store/yard-settings';
import * as clock from '../../lib/clock';

/** Places used on each date from `from` (today in NZ when absent) for `days` days, against the capacity now in force. */
export async function yardOccupancy(query: { from?: string; days?: number }, now = clock.now()): Promise<Occupancy> {
  const from = query.from ?? nzToday(now);
  const to = addDays(from, (query.days ?? DEFAULT_OCCUPANCY_DAYS) - 1);
  const [{ capacity, source }, days] = await Promise.all([yardCapacity(), readOccupancy(from, to)]);
  return { capacity, capacitySource: source, days: days.map((d) => ({ ...d, free: freePlaces(capacity, d.taken) })) };
}

/**
 * Staff set the capacity. Refused while YARD_CAPACITY fixes it for the run (the stored value would be ignored).
 * The settings item keeps who set it and when; the log line keeps the change (old -> new) for the record.
 * Lowering it below what a day already holds is allowed: nothing is cancelled, the day shows as over capacity and
 * takes no new booking until places free up.
 */
export async function setYardCapacity(caller: Caller, capacity: number, now = clock.now()): Promise<CapacityResponse> {
  if (environmentCapacity() !== null) throw conflict(capacityMessages.capacityFixed);
  const before = await yardCapacity();
  const by = caller.email ?? caller.sub;
  await saveCapacity(capacity, by, now.toISOString());
  logger.info('Yard capacity set', { by, old: before.capacity, oldSource: before.source, new: capacity });
  return { capacity, capacitySource: 'settings' };
}
