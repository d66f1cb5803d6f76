/**
 * POST /api/webhooks/stripe. The signature over the raw body is checked before anything else is read;
 * a missing, forged or stale one is a 400 and nothing is written. Handling is idempotent, so Stripe's
 * retries and duplicate deliveries are harmless.
 */
import { paymentMessages } from '../../shared/booking';
import { handleStripeEvent } from '../use-cases/booking/stripe-events';
import { badRequest } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { verifiedEvent } from '../lib/stripe';

export const handler = httpHandler({ access: 'public', accepts: 'any' }, async ({ event, rawBody }) => {
  const verified = await verifiedEvent(rawBody, event.headers?.['stripe-signature']);
  if (!verified) throw badRequest(paymentMessages.invalidSignature);
  await handleStripeEvent(verified);
  return { body: { received: true } };
});
