/** GET /api/yard/shuttle-runs: today's waiting parties in shuttle runs, by terminal within the seats, in kerb order. */
import { httpHandler } from '../lib/http';
import { shuttleRunsNow } from '../use-cases/pickups/yard-queue';

export const handler = httpHandler({ access: 'staff' }, async () => ({ body: await shuttleRunsNow() }));
