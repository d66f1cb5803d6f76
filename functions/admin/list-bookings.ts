/** GET /api/admin/bookings: a page of the upcoming tabs or the All tab with its search, filters and sort. */
import { adminBookingsQuerySchema } from '../../shared/admin';
import { httpHandler } from '../lib/http';
import { listAdminBookings } from '../use-cases/admin/list-bookings';

export const handler = httpHandler({ access: 'staff', query: adminBookingsQuerySchema }, async ({ query }) => ({ body: await listAdminBookings(query) }));
