/** PATCH /api/me/bookings/{id}: the customer's limited edit of their own booking, re-priced and settled by the customer policy. */
import { customerBookingEditSchema } from '../../shared/booking-edit';
import { httpHandler } from '../lib/http';
import { editMyBooking } from '../use-cases/account/edit-my-booking';
import { settlementResponse } from '../use-cases/booking/settlement-response';

export const handler = httpHandler({ access: 'user', body: customerBookingEditSchema }, async ({ auth, body, params }) => {
  const { booking, settlement } = await editMyBooking(auth.user!, params.id ?? '', body);
  return { body: { booking, settlement: settlementResponse(settlement) } };
});
