/**
 * POST /api/contact: a visitor's message is stored, then e-mailed to the business with reply-to set to
 * the sender. A filled honeypot field gets the same 202 as a real message, so a bot learns nothing, but
 * nothing is stored or sent.
 */
import { contactMessageSchema, contactTexts, isBotSubmission } from '../../shared/contact';
import { sendEmail } from '../lib/email';
import { HttpError } from '../lib/errors';
import { httpHandler } from '../lib/http';
import { logger } from '../lib/logger';
import { markContactMessageSent, saveContactMessage } from '../store/contact-messages';
import { contactEmail } from './message-email';

const ACCEPTED = { status: 202, body: { message: contactTexts.successDescription } } as const;

export const handler = httpHandler({ access: 'public', body: contactMessageSchema }, async ({ body }) => {
  if (isBotSubmission(body)) {
    logger.info('Contact message dropped: honeypot field filled');
    return ACCEPTED;
  }
  const receivedAt = new Date();
  const record = await saveContactMessage(body, receivedAt);
  let emailId: string;
  try {
    ({ id: emailId } = await sendEmail(contactEmail(body, receivedAt)));
  } catch (error) {
    // The message is stored (delivery 'pending'), so staff can still find it; the sender is asked to retry.
    logger.error('Contact e-mail failed', { contactMessageId: record.id, error: error instanceof Error ? error.message : String(error) });
    throw new HttpError(502, contactTexts.failureDescription);
  }
  await markContactMessageSent(record, emailId);
  return ACCEPTED;
});
