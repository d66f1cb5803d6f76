/** POST /api/checkout: a pending booking and the Stripe Checkout Session that pays for it -> 201 {url, sessionId, bookingId}. */
import { startCheckout } from '../use-cases/booking/start-checkout';
import { spendRequestBudget } from '../use-cases/limits/request-budgets';
import { httpHandler } from '../lib/http';
import { idempotent } from '../lib/idempotency';
import { optionalCaller } from '../lib/optional-caller';
import { clientAddress } from '../lib/origin';
import { siteUrl } from '../lib/site-url';
import { parseCheckoutRequest } from './checkout-request';

export const handler = httpHandler({ access: 'public', idempotency: idempotent('checkout') }, async ({ event, rawBody, remainingMs }) => {
  const caller = await optionalCaller(event);
  const request = parseCheckoutRequest(rawBody);
  const address = clientAddress(event);
  const spendBudget = () => spendRequestBudget('checkout', caller ? { clientAddress: address, account: caller.sub } : { clientAddress: address, email: request.customer.email });
  const body = await startCheckout(request, { userId: caller?.sub ?? null, userEmail: caller?.email ?? null, userEmailVerified: caller?.emailVerified ?? false, siteUrl: siteUrl(), remainingMs, spendBudget });
  return { status: 201, body };
});
