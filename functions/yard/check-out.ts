/** POST /api/yard/bookings/{id}/check-out: the car leaves once nothing is due (or an admin says why it may). */
import { checkOutSchema } from '../../shared/yard';
import { httpHandler } from '../lib/http';
import { checkOut } from '../use-cases/yard/check-out';

export const handler = httpHandler({ access: 'staff', body: checkOutSchema }, async ({ auth, body, params }) => ({ body: await checkOut(auth.user!, params.id ?? '', body) }));
