/** POST /api/me/bookings/{id}/balance-checkout: the owner pays the balance due by card; answers where the hosted checkout is. */
import { httpHandler } from '../lib/http';
import { ownBooking } from '../use-cases/account/own-booking';
import { startBalanceCheckout } from '../use-cases/booking/balance-checkout';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => {
  const booking = await ownBooking(auth.user!, params.id ?? '');
  return { status: 201, body: await startBalanceCheckout(booking, { kind: 'dashboard' }) };
});
