/**
 * POST /api/webhooks/stripe. The signature over the raw body is checked before anything else is read;
 * a missing, forged or stale one is a 400 and nothing is written. Handling is idempotent, so Stripe's
 * retries and duplicate deliveries are harmless.
 */
import { paymentMessages } from '../../shared/booking';
import { handleStripeEvent } from '../use-cases/booking/stripe-events';
import { badRequest } from '../domain/errors';
import { httpHandler } from '../lib/http';
import { logger } from '../lib/logger';
import { BUSINESS_METRICS, countEvent } from '../lib/metrics';
import { verifiedEvent } from '../lib/stripe';

export const handler = httpHandler({ access: 'public', accepts: 'any' }, async ({ event, rawBody }) => {
  const signature = event.headers?.['stripe-signature'];
  const verified = await verifiedEvent(rawBody, signature);
  if (!verified) {
    // Counted for the signature alarm: a run of these is a signing secret that no longer matches Stripe's.
    logger.warn('Stripe webhook signature refused', { signed: signature !== undefined });
    countEvent(BUSINESS_METRICS.webhookSignatureFailure);
    throw badRequest(paymentMessages.invalidSignature);
  }
  await handleStripeEvent(verified);
  return { body: { received: true } };
});
