/** POST /api/admin/pickups/{bookingId}/picked-up: the driver has the traveller; their car is to be brought forward. */
import { httpHandler } from '../lib/http';
import { markPickedUp } from '../use-cases/pickups/yard-queue';

export const handler = httpHandler({ access: 'staff' }, async ({ auth, params }) => ({ body: { entry: await markPickedUp(auth.user!, params.bookingId ?? '') } }));
