/** GET /api/admin/day-sheet?date=: a date's arrivals and departures in time order. */
import { daySheetQuerySchema } from '../../shared/admin';
import { httpHandler } from '../lib/http';
import { daySheet } from '../use-cases/admin/day-sheet';

export const handler = httpHandler({ access: 'staff', query: daySheetQuerySchema }, async ({ query }) => ({ body: await daySheet(query.date) }));
