/** PUT /api/yard/pickup-settings: staff change the walk-out times and the shuttle's seats (409 on a stale version). */
import { pickupSettingsRequestSchema } from '../../shared/kerb-time';
import { httpHandler } from '../lib/http';
import { changePickupSettings } from '../use-cases/yard/pickup-settings';

export const handler = httpHandler({ access: 'staff', body: pickupSettingsRequestSchema }, async ({ auth, body }) => ({ body: await changePickupSettings(auth.user!, body) }));
