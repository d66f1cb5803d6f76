/**
 * GET /api/checkout/{sessionId}: the booking a paid session made (e-mail and phone masked), confirming it if the
 * webhook has not yet, with its pass link: the session id is already a bearer link to the booking, and the pass
 * shows no more than this answer.
 */
import { bookingForSession } from '../use-cases/booking/confirm-payment';
import { toPublicCreatedBooking } from '../use-cases/booking/created-booking';
import { passLinkFor } from '../use-cases/booking/pass-link';
import { httpHandler } from '../lib/http';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => {
  const booking = await bookingForSession(params.sessionId ?? '');
  const pass = await passLinkFor(booking.id);
  return { body: { ...toPublicCreatedBooking(booking), pass_url: pass.url, pass_token: pass.token } };
});
