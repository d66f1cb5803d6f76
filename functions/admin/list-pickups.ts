/** GET /api/admin/pickups: today's pickup queue (NZ date), newest landing last. */
import { httpHandler } from '../lib/http';
import { pickupQueue } from '../use-cases/pickups/yard-queue';

export const handler = httpHandler({ access: 'staff' }, async () => ({ body: await pickupQueue() }));
