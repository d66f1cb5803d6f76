/**
 * When a traveller reaches the kerb: the landing plus the terminal's walk-out time (taxi to the gate, the aircraft's
 * doors, the walk, and at the international terminal passport control, bags and biosecurity). Staff set the minutes
 * and the shuttle's seats with the yard's settings; both sides (the yard's queue and runs, the traveller's pass)
 * read the same rule. Pure: the caller gives the landing and the settings.
 */
import * as z from 'zod';
import type { Terminal } from './pickups';

export interface PickupSettings {
  /** Minutes from landing to the kerb at the domestic terminal. */
  domesticWalkOutMinutes: number;
  /** Minutes from landing to the kerb at the international terminal. */
  internationalWalkOutMinutes: number;
  /** Travellers one shuttle run carries. */
  shuttleSeats: number;
}

export const DEFAULT_PICKUP_SETTINGS: PickupSettings = { domesticWalkOutMinutes: 15, internationalWalkOutMinutes: 35, shuttleSeats: 14 };

/** The bounds staff may set: a walk-out of up to 3 hours, a vehicle of 1 to 60 seats. */
export const WALK_OUT_MINUTES_MAX = 180;
export const SHUTTLE_SEATS_MAX = 60;

export const pickupSettingsMessages = {
  walkOutInvalid: `Enter the walk-out time in whole minutes, from 0 to ${WALK_OUT_MINUTES_MAX}`,
  seatsInvalid: `Enter the shuttle's seats, a whole number from 1 to ${SHUTTLE_SEATS_MAX}`,
  versionInvalid: 'Reload the settings and try again',
  changedMeanwhile: 'Someone else changed these settings since you opened them. Reload them and try again.',
  saved: 'Pickup settings saved',
} as const;

export function walkOutMinutes(terminal: Terminal, settings: PickupSettings): number {
  return terminal === 'international' ? settings.internationalWalkOutMinutes : settings.domesticWalkOutMinutes;
}

/**
 * The landing plus the terminal's walk-out minutes, as elapsed time: a walk-out across a daylight-saving change takes
 * its real minutes (the wall clock shows an hour more or less).
 */
export function expectedKerbAt(landedAt: Date | string, terminal: Terminal, settings: PickupSettings): Date {
  const at = typeof landedAt === 'string' ? Date.parse(landedAt) : landedAt.getTime();
  if (Number.isNaN(at)) throw new RangeError(`Not an instant: ${String(landedAt)}`);
  return new Date(at + walkOutMinutes(terminal, settings) * 60_000);
}

const minutesField = z.number({ error: pickupSettingsMessages.walkOutInvalid }).int(pickupSettingsMessages.walkOutInvalid).min(0, pickupSettingsMessages.walkOutInvalid).max(WALK_OUT_MINUTES_MAX, pickupSettingsMessages.walkOutInvalid);
const seatsField = z.number({ error: pickupSettingsMessages.seatsInvalid }).int(pickupSettingsMessages.seatsInvalid).min(1, pickupSettingsMessages.seatsInvalid).max(SHUTTLE_SEATS_MAX, pickupSettingsMessages.seatsInvalid);

/**
 * GET /api/yard/pickup-settings: the settings in force; `version` counts the saves (0: never saved, the defaults),
 * `updated_by`/`updated_at` the last one.
 */
export const pickupSettingsSchema = z.object({
  domestic_walk_out_minutes: z.number().int(),
  international_walk_out_minutes: z.number().int(),
  shuttle_seats: z.number().int(),
  version: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type PickupSettingsView = z.infer<typeof pickupSettingsSchema>;

/**
 * PUT /api/yard/pickup-settings: all three values and the `version` the screen read; a save on a newer version is
 * refused (409) rather than overwriting a colleague's change.
 */
export const pickupSettingsRequestSchema = z.strictObject({
  domestic_walk_out_minutes: minutesField,
  international_walk_out_minutes: minutesField,
  shuttle_seats: seatsField,
  version: z.number({ error: pickupSettingsMessages.versionInvalid }).int(pickupSettingsMessages.versionInvalid).min(0, pickupSettingsMessages.versionInvalid),
});
export type PickupSettingsRequest = z.infer<typeof pickupSettingsRequestSchema>;

export const settingsOfView = (v: Pick<PickupSettingsView, 'domestic_walk_out_minutes' | 'international_walk_out_minutes' | 'shuttle_seats'>): PickupSettings => ({
  domesticWalkOutMinutes: v.domestic_walk_out_minutes,
  internationalWalkOutMinutes: v.international_walk_out_minutes,
  shuttleSeats: v.shuttle_seats,
});
