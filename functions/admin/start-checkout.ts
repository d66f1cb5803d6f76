/** POST /api/admin/bookings: a booking for a customer -> 201 {url, sessionId, bookingId}; the checkout returns to /admin. */
import { adminCheckoutRequestSchema } from '../../shared/admin';
import { httpHandler } from '../lib/http';
import { idempotent } from '../lib/idempotency';
import { siteUrl } from '../lib/site-url';
import { startAdminCheckout } from '../use-cases/admin/start-checkout';

export const handler = httpHandler({ access: 'admin', body: adminCheckoutRequestSchema, idempotency: idempotent('admin-checkout') }, async ({ body, remainingMs }) => ({
  status: 201,
  body: await startAdminCheckout(body, siteUrl(), remainingMs),
}));
