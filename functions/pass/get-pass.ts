/** GET /api/pass/{token}: the booking pass a signed link opens (no account); a bad token or no booking: the same 404. */
import { httpHandler } from '../lib/http';
import { bookingForPassToken } from '../use-cases/pass/pass-booking';
import { passWithWallet } from '../use-cases/wallet/pass-with-wallet';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => ({ body: await passWithWallet(await bookingForPassToken(params.token ?? '')) }));
