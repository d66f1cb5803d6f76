/** GET /api/checkout/{sessionId}: the booking a paid session made (e-mail and phone masked), confirming it if the webhook has not yet. */
import { bookingForSession } from '../use-cases/booking/confirm-payment';
import { toPublicCreatedBooking } from '../use-cases/booking/created-booking';
import { httpHandler } from '../lib/http';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => {
  const booking = await bookingForSession(params.sessionId ?? '');
  return { body: toPublicCreatedBooking(booking) };
});
