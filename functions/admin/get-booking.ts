/** GET /api/admin/bookings/{id}: one booking with its history, for the edit dialog. */
import { httpHandler } from '../lib/http';
import { adminBookingDetail } from '../use-cases/admin/booking-detail';

export const handler = httpHandler({ access: 'staff' }, async ({ params }) => ({ body: await adminBookingDetail(params.id ?? '') }));
