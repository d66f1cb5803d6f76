/** PATCH /api/admin/bookings/{id}: the admin edit form; re-priced, settled, audited. */
import { adminBookingEditSchema } from '../../shared/admin';
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { toCustomerBooking } from '../use-cases/account/my-bookings';
import { adminEditBooking } from '../use-cases/admin/edit-booking';

export const handler = httpHandler({ access: 'admin', body: adminBookingEditSchema }, async ({ auth, body, params }) => {
  const { booking, history, settlement: s } = await adminEditBooking(auth.user!, params.id ?? '', body);
  return {
    body: {
      booking: toCustomerBooking(booking),
      history,
      settlement: { total: centsToDollars(s.totalCents), balance_due: centsToDollars(s.balanceDueCents), refund: centsToDollars(s.refundCents), kept: centsToDollars(s.keptCents) },
    },
  };
});
