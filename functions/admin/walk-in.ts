/** POST /api/admin/walk-ins: staff book a car at the gate -> 201 {booking_id, booking | link_sent_to}. */
import { walkInRequestSchema } from '../../shared/walk-in';
import { httpHandler } from '../lib/http';
import { idempotent } from '../lib/idempotency';
import { siteUrl } from '../lib/site-url';
import { bookWalkIn } from '../use-cases/admin/walk-in';

export const handler = httpHandler({ access: 'staff', body: walkInRequestSchema, idempotency: idempotent('walk-in') }, async ({ auth, body, remainingMs }) => ({
  status: 201,
  body: await bookWalkIn(auth.user!, body, siteUrl(), { remainingMs }),
}));
