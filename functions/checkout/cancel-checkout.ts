/** POST /api/checkout/{sessionId}/cancel: the traveller left the payment step; the session is expired and its places given back -> 200 {status}. */
import { httpHandler } from '../lib/http';
import { endCheckout } from '../use-cases/booking/end-checkout';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => ({ body: await endCheckout(params.sessionId ?? '') }));
