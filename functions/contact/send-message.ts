/**
 * POST /api/contact: a visitor's message is stored and e-mailed to the business. A filled (or missing)
 * honeypot field gets the same 202 as a real message, so a bot learns nothing, but nothing is stored or sent.
 * Each sender's budget (address and e-mail) and the day's contact e-mails are spent first: past them, 429.
 */
import { contactMessageSchema, contactTexts, isBotSubmission } from '../../shared/contact';
import { httpHandler } from '../lib/http';
import { idempotent } from '../lib/idempotency';
import { logger } from '../lib/logger';
import { clientAddress } from '../lib/origin';
import { deliverContactMessage } from '../use-cases/contact/deliver-contact-message';
import { spendRequestBudget } from '../use-cases/limits/request-budgets';

const ACCEPTED = { status: 202, body: { message: contactTexts.successDescription } } as const;

export const handler = httpHandler({ access: 'public', body: contactMessageSchema, idempotency: idempotent('contact') }, async ({ body, event }) => {
  await spendRequestBudget('contact', { clientAddress: clientAddress(event), email: body.email });
  if (isBotSubmission(body)) {
    logger.info('Contact message dropped: honeypot field filled or missing');
    return ACCEPTED;
  }
  await deliverContactMessage(body);
  return ACCEPTED;
});
