/** GET /api/me/bookings/{id}/pass: the caller's own booking's pass (the dashboard's "View pass"); another's id: 404. */
import { httpHandler } from '../lib/http';
import { ownBooking } from '../use-cases/account/own-booking';
import { passLinkFor } from '../use-cases/booking/pass-link';
import { toPass } from '../use-cases/pass/pass-view';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => {
  const booking = await ownBooking(auth.user!, params.id ?? '');
  return { body: toPass(booking, await passLinkFor(booking.id)) };
});
