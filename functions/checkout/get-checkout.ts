/**
 * GET /api/checkout/{sessionId}: the booking a paid session made (e-mail and phone masked), confirming it if the
 * webhook has not yet, with its pass link: the session id is already a bearer link to the booking, and the pass
 * shows no more than this answer. For a balance session, `returned_payment` says what of it went back and why (null
 * when the booking kept it).
 */
import { returnedPaymentOf } from '../use-cases/booking/returned-payments';
import { bookingForSession } from '../use-cases/booking/confirm-payment';
import { toPublicCreatedBooking } from '../use-cases/booking/created-booking';
import { passLinkFor } from '../use-cases/booking/pass-link';
import { httpHandler } from '../lib/http';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => {
  const sessionId = params.sessionId ?? '';
  const booking = await bookingForSession(sessionId);
  const pass = await passLinkFor(booking.id);
  // A balance session's payment the booking did not keep: the return page says so, not 'Payment received'.
  return { body: { ...toPublicCreatedBooking(booking), pass_url: pass.url, pass_token: pass.token, returned_payment: returnedPaymentOf(booking, sessionId) } };
});
