/**
 * POST /api/contact: a visitor's message is stored and e-mailed to the business. A filled honeypot field
 * gets the same 202 as a real message, so a bot learns nothing, but nothing is stored or sent.
 */
import { contactMessageSchema, contactTexts, isBotSubmission } from '../../shared/contact';
import { httpHandler } from '../lib/http';
import { logger } from '../lib/logger';
import { deliverContactMessage } from '../use-cases/contact/deliver-contact-message';

const ACCEPTED = { status: 202, body: { message: contactTexts.successDescription } } as const;

export const handler = httpHandler({ access: 'public', body: contactMessageSchema }, async ({ body }) => {
  if (isBotSubmission(body)) {
    logger.info('Contact message dropped: honeypot field filled');
    return ACCEPTED;
  }
  await deliverContactMessage(body);
  return ACCEPTED;
});
