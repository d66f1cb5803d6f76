/**
 * The yard's capacity: `YARD_CAPACITY` in the environment fixes it for a run (a local run, a test); otherwise the
 * value staff set, otherwise the site configuration's default.
 */
import { DEFAULT_CAPACITY } from '../../shared/capacity';
import { DEFAULT_YARD_MOVES_KM } from '../../shared/condition';
import { DEFAULT_PICKUP_SETTINGS, type PickupSettings } from '../../shared/kerb-time';
import { keys } from './keys';
import { getItem, putItem, updateIf, type Item } from './table';

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

/** The pickup settings as stored (`SETTINGS`/`PICKUP`): `version` counts the saves (0 and the defaults when never saved). */
export interface StoredPickupSettings extends PickupSettings {
  version: number;
  updatedBy: string | null;
  updatedAt: string | null;
}

type PickupSettingsItem = Item & StoredPickupSettings;

/** The walk-out times and shuttle seats in force: one GetItem (the defaults until staff save). */
export async function pickupSettings(): Promise<StoredPickupSettings> {
  const item = await getItem<PickupSettingsItem>(keys.pickupSettings(), true);
  if (!item) return { ...DEFAULT_PICKUP_SETTINGS, version: 0, updatedBy: null, updatedAt: null };
  const { domesticWalkOutMinutes, internationalWalkOutMinutes, shuttleSeats, version, updatedBy, updatedAt } = item;
  return { domesticWalkOutMinutes, internationalWalkOutMinutes, shuttleSeats, version, updatedBy, updatedAt };
}

/**
 * Saves the pickup settings over the `version` the caller read: null when another save came first (for version 0,
 * when settings were saved already), and nothing is written.
 */
export async function savePickupSettings(settings: PickupSettings, readVersion: number, by: string, at: string): Promise<StoredPickupSettings | null> {
  const saved: StoredPickupSettings = { domesticWalkOutMinutes: settings.domesticWalkOutMinutes, internationalWalkOutMinutes: settings.internationalWalkOutMinutes, shuttleSeats: settings.shuttleSeats, version: readVersion + 1, updatedBy: by, updatedAt: at };
  const ok = await updateIf({
    Key: keys.pickupSettings(),
    UpdateExpression: 'SET #type = :type, domesticWalkOutMinutes = :d, internationalWalkOutMinutes = :i, shuttleSeats = :s, #version = :next, updatedBy = :by, updatedAt = :at',
    ConditionExpression: readVersion === 0 ? 'attribute_not_exists(pk)' : '#version = :read',
    ExpressionAttributeNames: { '#type': 'type', '#version': 'version' },
    ExpressionAttributeValues: {
      ':type': 'pickup_settings',
      ':d': saved.domesticWalkOutMinutes,
      ':i': saved.internationalWalkOutMinutes,
      ':s': saved.shuttleSeats,
      ':next': saved.version,
      ':by': by,
      ':at': at,
      ...(readVersion === 0 ? {} : { ':read': readVersion }),
    },
  });
  return ok ? saved : null;
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
