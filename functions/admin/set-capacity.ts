/** PUT /api/admin/capacity {capacity}: staff set the yard's capacity (409 while YARD_CAPACITY fixes it). */
import { capacityRequestSchema } from '../../shared/occupancy';
import { httpHandler } from '../lib/http';
import { setYardCapacity } from '../use-cases/admin/occupancy';

export const handler = httpHandler({ access: 'admin', body: capacityRequestSchema }, async ({ auth, body }) => ({ body: await setYardCapacity(auth.user!, body.capacity) }));
