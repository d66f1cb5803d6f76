/**
 * The yard's capacity: `YARD_CAPACITY` in the environment fixes it for a run (a local run, a test); otherwise the
 * value staff set, otherwise the site configuration's default.
 */
import { DEFAULT_CAPACITY } from '../../shared/capacity';
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
