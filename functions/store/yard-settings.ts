/**
 * The yard's capacity: `YARD_CAPACITY` in the environment fixes it for a run (a local run, a test); otherwise the
 * value staff set, otherwise the site configuration's default.
 */
import { DEFAULT_CAPACITY } from '../../shared/capacity';
import { DEFAULT_YARD_MOVES_KM } from '../../shared/condition';
import { keys } from './keys';
import { getItem, putItem, type Item } from './table';

export interface YardCapacity {
  capacity: number;
  /** Where the figure comes from: only a stored one can be changed by staff. */
  source: 'environment' | 'settings' | 'default';
}

/** The environment's capacity, or null when unset; anything but a whole number from 0 is a configuration error. */
export function environmentCapacity(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env.YARD_CAPACITY?.trim();
  if (!raw) return null;
  if (!/^\d{1,6}$/.test(raw)) throw new Error(`YARD_CAPACITY must be a whole number of places, not "${raw}"`);
  return Number(raw);
}

export async function yardCapacity(): Promise<YardCapacity> {
  const fixed = environmentCapacity();
  if (fixed !== null) return { capacity: fixed, source: 'environment' };
  const item = await getItem<Item & { capacity: number }>(keys.yardSettings());
  return item ? { capacity: item.capacity, source: 'settings' } : { capacity: DEFAULT_CAPACITY, source: 'default' };
}

export async function saveCapacity(capacity: number, by: string, at: string): Promise<void> {
  await putItem({ ...keys.yardSettings(), type: 'yard_settings', capacity, updatedBy: by, updatedAt: at });
}

/**
 * How far the yard's own moves take a car (to its bay and back), which the handover's comparison does not count as
 * driven: `YARD_MOVES_KM` in the environment, else 5 km.
 */
export function yardMovesKm(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.YARD_MOVES_KM?.trim();
  if (!raw) return DEFAULT_YARD_MOVES_KM;
  if (!/^\d{1,4}$/.test(raw)) throw new Error(`YARD_MOVES_KM must be a whole number of kilometres, not "${raw}"`);
  return Number(raw);
}
