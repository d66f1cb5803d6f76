/** POST /api/admin/bookings/{id}/payments {amount, method, version}: staff record a payment towards the balance. */
import { recordPaymentSchema } from '../../shared/balance';
import { centsToDollars } from '../../shared/money';
import { httpHandler } from '../lib/http';
import { toCustomerBooking } from '../use-cases/booking/booking-wire';
import { recordPayment } from '../use-cases/admin/record-payment';

export const handler = httpHandler({ access: 'staff', body: recordPaymentSchema }, async ({ auth, body, params }) => {
  const { booking, history, line } = await recordPayment(auth.user!, params.id ?? '', body);
  return { status: 201, body: { booking: toCustomerBooking(booking), history, payment: { amount: centsToDollars(line.amountCents), method: line.method!, taken_by: line.takenBy!, at: line.at } } };
});
