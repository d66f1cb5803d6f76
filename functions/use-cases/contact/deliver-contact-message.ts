/**
 * A visitor's contact message: stored first (delivery 'pending', so staff can still find it), then e-mailed
 * to the business with reply-to set to the sender, then marked sent. A failed send is a 502 the form shows.
 */
import { contactTexts, type ContactMessage } from '../../../shared/contact';
import { sendEmail } from '../../lib/email';
import { HttpError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { markContactMessageSent, saveContactMessage } from '../../store/contact-messages';
import { contactEmail } from './message-email';

export async function deliverContactMessage(message: ContactMessage, receivedAt = new Date()): Promise<void> {
  const record = await saveContactMessage(message, receivedAt);
  let emailId: string;
  try {
    ({ id: emailId } = await sendEmail(contactEmail(message, receivedAt)));
  } catch (error) {
    logger.error('Contact e-mail failed', { contactMessageId: record.id, error: error instanceof Error ? error.message : String(error) });
    throw new HttpError(502, contactTexts.failureDescription);
  }
  await markContactMessageSent(record, emailId);
}
