/** POST /api/admin/bookings/{id}/refunds {amount, reason, version}: an admin refunds part of a booking without cancelling it. */
import { partialRefundSchema } from '../../shared/balance';
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { toCustomerBooking } from '../use-cases/booking/booking-wire';
import { partialRefund } from '../use-cases/admin/partial-refund';
import { refundLineOf } from '../use-cases/admin/booking-detail';

export const handler = httpHandler({ access: 'admin', body: partialRefundSchema }, async ({ auth, body, params }) => {
  const { booking, history, refundCents, lines } = await partialRefund(auth.user!, params.id ?? '', body);
  return { status: 201, body: { booking: toCustomerBooking(booking), history, refund: centsToDollars(refundCents), refunds: lines.map(refundLineOf) } };
});
