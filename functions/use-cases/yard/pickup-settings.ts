/**
 * The pickup settings staff keep: each terminal's walk-out time (landing to kerb) and the shuttle's seats. Read by the
 * queue's kerb times, the shuttle runs and the traveller's estimate; changed from the yard's queue screen.
 */
import { pickupSettingsMessages, type PickupSettingsRequest, type PickupSettingsView } from '../../../shared/kerb-time';
import type { Caller } from '../../lib/auth';
import { conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { pickupSettings, savePickupSettings, type StoredPickupSettings } from '../../store/yard-settings';
import * as clock from '../../lib/clock';

export const pickupSettingsView = (s: StoredPickupSettings): PickupSettingsView => ({
  domestic_walk_out_minutes: s.domesticWalkOutMinutes,
  international_walk_out_minutes: s.internationalWalkOutMinutes,
  shuttle_seats: s.shuttleSeats,
  version: s.version,
  updated_by: s.updatedBy,
  updated_at: s.updatedAt,
});

export async function readPickupSettings(): Promise<PickupSettingsView> {
  return pickupSettingsView(await pickupSettings());
}

/** Saves all three values over the version the screen read; a colleague's newer save is never overwritten (409). */
export async function changePickupSettings(caller: Caller, req: PickupSettingsRequest, now = clock.now()): Promise<PickupSettingsView> {
  const by = caller.email ?? caller.sub;
  const saved = await savePickupSettings(
    { domesticWalkOutMinutes: req.domestic_walk_out_minutes, internationalWalkOutMinutes: req.international_walk_out_minutes, shuttleSeats: req.shuttle_seats },
    req.version,
    by,
    now.toISOString(),
  );
  if (!saved) throw conflict(pickupSettingsMessages.changedMeanwhile);
  logger.info('Pickup settings saved', { by, version: saved.version });
  return pickupSettingsView(saved);
}
