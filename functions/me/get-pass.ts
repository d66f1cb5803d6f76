/** GET /api/me/bookings/{id}/pass: the caller's own booking's pass (the dashboard's "View pass"); another's id: 404. */
import { httpHandler } from '../lib/http';
import { ownBooking } from '../use-cases/account/own-booking';
import { passWithWallet } from '../use-cases/wallet/pass-with-wallet';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => ({ body: await passWithWallet(await ownBooking(auth.user!, params.id ?? '')) }));
