/** POST /api/yard/shuttle-runs/picked-up {booking_ids}: every party of the run picked up (each once). */
import { shuttleRunRequestSchema } from '../../shared/pickups';
import { httpHandler } from '../lib/http';
import { pickUpRun } from '../use-cases/pickups/yard-queue';

export const handler = httpHandler({ access: 'staff', body: shuttleRunRequestSchema }, async ({ auth, body }) => ({ body: await pickUpRun(auth.user!, body.booking_ids) }));
