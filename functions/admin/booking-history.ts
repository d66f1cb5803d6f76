/** GET /api/admin/bookings/{id}/history?before=: an older page of a booking's history (the edit dialog's "Show older changes"). */
import { historyQuerySchema } from '../../shared/admin';
import { httpHandler } from '../lib/http';
import { adminBookingHistory } from '../use-cases/admin/booking-detail';

export const handler = httpHandler({ access: 'staff', query: historyQuerySchema }, async ({ params, query }) => ({ body: await adminBookingHistory(params.id ?? '', query.before) }));
