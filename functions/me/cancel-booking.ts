/** POST /api/me/bookings/{id}/cancellation: the customer cancels; answers the booking and the refund (dollars). */
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { cancelMyBooking } from '../use-cases/account/cancel-my-booking';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => {
  const { booking, refundCents } = await cancelMyBooking(auth.user!, params.id ?? '');
  return { body: { booking, refund: centsToDollars(refundCents) } };
});
