/** GET /api/pass/{token}: the booking pass a signed link opens (no account); a bad token or no booking: the same 404. */
import { httpHandler } from '../lib/http';
import { passLinkFor } from '../use-cases/booking/pass-link';
import { bookingForPassToken } from '../use-cases/pass/pass-booking';
import { toPass } from '../use-cases/pass/pass-view';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => {
  const booking = await bookingForPassToken(params.token ?? '');
  return { body: toPass(booking, await passLinkFor(booking.id)) };
});
