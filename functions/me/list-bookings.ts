/** GET /api/me/bookings: the caller's confirmed bookings, drop-off earliest first. */
import { myBookings } from '../use-cases/account/my-bookings';
import { httpHandler } from '../lib/http';

export const handler = httpHandler({ access: 'user' }, async ({ auth }) => ({ body: { bookings: await myBookings(auth.user!) } }));
