/** PATCH /api/me/bookings/{id}: the customer's limited edit of their own booking, re-priced and settled. */
import { customerBookingEditSchema } from '../../shared/booking-edit';
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { editMyBooking } from '../use-cases/account/edit-my-booking';

export const handler = httpHandler({ access: 'user', body: customerBookingEditSchema }, async ({ auth, body, params }) => {
  const { booking, settlement: s } = await editMyBooking(auth.user!, params.id ?? '', body);
  return {
    body: {
      booking,
      settlement: { total: centsToDollars(s.totalCents), balance_due: centsToDollars(s.balanceDueCents), refund: centsToDollars(s.refundCents), kept: centsToDollars(s.keptCents) },
    },
  };
});
