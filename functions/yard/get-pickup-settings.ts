/** GET /api/yard/pickup-settings: the walk-out times and the shuttle's seats in force, with their version. */
import { httpHandler } from '../lib/http';
import { readPickupSettings } from '../use-cases/yard/pickup-settings';

export const handler = httpHandler({ access: 'staff' }, async () => ({ body: await readPickupSettings() }));
