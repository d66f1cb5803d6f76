/** GET /api/admin/occupancy?from=&days=: places used per NZ date against the yard's capacity. */
import { occupancyQuerySchema } from '../../shared/occupancy';
import { httpHandler } from '../lib/http';
import { yardOccupancy } from '../use-cases/admin/occupancy';

export const handler = httpHandler({ access: 'admin', query: occupancyQuerySchema }, async ({ query }) => ({ body: await yardOccupancy(query) }));
