/** POST /api/yard/shuttle-runs/depart {booking_ids}: the shuttle leaves for the run's parties (on the way). */
import { shuttleRunRequestSchema } from '../../shared/pickups';
import { httpHandler } from '../lib/http';
import { departRun } from '../use-cases/pickups/yard-queue';

export const handler = httpHandler({ access: 'staff', body: shuttleRunRequestSchema }, async ({ auth, body }) => ({ body: await departRun(auth.user!, body.booking_ids) }));
