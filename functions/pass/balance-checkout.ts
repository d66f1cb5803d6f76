/** POST /api/pass/{token}/balance-checkout: whoever holds the booking's pass link pays its balance by card. */
import { httpHandler } from '../lib/http';
import { startBalanceCheckout } from '../use-cases/booking/balance-checkout';
import { passBooking } from '../use-cases/booking/pass-booking';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => {
  const token = params.token ?? '';
  const booking = await passBooking(token);
  return { status: 201, body: await startBalanceCheckout(booking, { kind: 'pass', token }) };
});
