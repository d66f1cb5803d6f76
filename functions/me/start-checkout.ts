/** POST /api/me/checkout: a new booking in customer mode -> 201 {url, sessionId, bookingId}; the checkout returns to the dashboard. */
import { myCheckoutRequestSchema } from '../../shared/my-checkout';
import { httpHandler } from '../lib/http';
import { idempotent } from '../lib/idempotency';
import { clientAddress } from '../lib/origin';
import { siteUrl } from '../lib/site-url';
import { startMyCheckout } from '../use-cases/account/start-my-checkout';
import { spendRequestBudget } from '../use-cases/limits/request-budgets';

export const handler = httpHandler({ access: 'user', body: myCheckoutRequestSchema, idempotency: idempotent('me-checkout') }, async ({ auth, body, event, remainingMs }) => {
  const user = auth.user!;
  // The account's checkout budget, shared with its signed-in checkouts on POST /api/checkout.
  const spendBudget = () => spendRequestBudget('checkout', { clientAddress: clientAddress(event), account: user.sub });
  return { status: 201, body: await startMyCheckout(user, body, siteUrl(), remainingMs, spendBudget) };
});
