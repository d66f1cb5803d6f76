/** GET /api/admin/customer-bookings/{id}: one customer with their bookings (admins). */
import { httpHandler } from '../lib/http';
import { customerWithBookings } from '../use-cases/admin/customer-list';

export const handler = httpHandler({ access: 'admin' }, async ({ params }) => ({ body: await customerWithBookings(params.id ?? '') }));
