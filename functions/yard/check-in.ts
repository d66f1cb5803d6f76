/** POST /api/yard/bookings/{id}/check-in: the car, its bay and key tag, a note; the status moves to Check-in. */
import { checkInSchema } from '../../shared/yard';
import { httpHandler } from '../lib/http';
import { checkIn } from '../use-cases/yard/check-in';

export const handler = httpHandler({ access: 'staff', body: checkInSchema }, async ({ auth, body, params }) => ({ body: await checkIn(auth.user!, params.id ?? '', body) }));
