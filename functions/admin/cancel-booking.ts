/** POST /api/admin/bookings/{id}/cancellation {refund}: staff cancel with a refund from $0 to what was paid. */
import { adminCancellationSchema } from '../../shared/cancellation';
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { toCustomerBooking } from '../use-cases/booking/booking-wire';
import { adminCancelBooking } from '../use-cases/admin/cancel-booking';

export const handler = httpHandler({ access: 'admin', body: adminCancellationSchema }, async ({ auth, body, params }) => {
  const { booking, refundCents } = await adminCancelBooking(auth.user!, params.id ?? '', body);
  return { body: { booking: toCustomerBooking(booking), refund: centsToDollars(refundCents) } };
});
