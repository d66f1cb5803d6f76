/** PATCH /api/admin/bookings/{id}: the admin edit form; re-priced, settled by the staff policy, audited. */
import { adminBookingEditSchema } from '../../shared/admin';
import { httpHandler } from '../lib/http';
import { toCustomerBooking } from '../use-cases/booking/booking-wire';
import { adminEditBooking } from '../use-cases/admin/edit-booking';
import { settlementResponse } from '../use-cases/booking/settlement-response';

export const handler = httpHandler({ access: 'admin', body: adminBookingEditSchema }, async ({ auth, body, params }) => {
  const { booking, history, settlement } = await adminEditBooking(auth.user!, params.id ?? '', body);
  return { body: { booking: toCustomerBooking(booking), history, settlement: settlementResponse(settlement) } };
});
