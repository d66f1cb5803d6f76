/** POST /api/me/checkout: a new booking in customer mode -> 201 {url, sessionId, bookingId}; the checkout returns to the dashboard. */
import { myCheckoutRequestSchema } from '../../shared/my-checkout';
import { httpHandler } from '../lib/http';
import { siteUrl } from '../lib/site-url';
import { startMyCheckout } from '../use-cases/account/start-my-checkout';

export const handler = httpHandler({ access: 'user', body: myCheckoutRequestSchema }, async ({ auth, body }) => ({
  status: 201,
  body: await startMyCheckout(auth.user!, body, siteUrl()),
}));
