/**
 * A visitor's contact message: stored first (delivery 'pending', so staff can still find it), then e-mailed
 * to the business with reply-to set to the sender, then marked sent. A failed send is a 502 the form shows; once
 * the e-mail has gone the answer is success (a retry would send it twice).
 */
import { contactTexts, type ContactMessage } from '../../../shared/contact';
import { sendEmail } from '../../lib/email';
import { providerFailed } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { markContactMessageSent, saveContactMessage } from '../../store/contact-messages';
import { contactEmail } from './message-email';
import * as clock from '../../lib/clock';

export async function deliverContactMessage(message: ContactMessage, receivedAt = clock.now()): Promise<void> {
  const record = await saveContactMessage(message, receivedAt);
  let emailId: string;
  try {
    ({ id: emailId } = await sendEmail(contactEmail(message, receivedAt)));
  } catch (error) {
    logger.error('Contact e-mail failed', { contactMessageId: record.id, error: error instanceof Error ? error.message : String(error) });
    throw providerFailed(contactTexts.failureDescription);
  }
  // The e-mail is out: from here the request has happened, whatever the bookkeeping says. A failure to mark it
  // sent is logged (the message stays 'pending' for staff) and the sender told it went, so they do not send it again.
  try {
    await markContactMessageSent(record, emailId);
  } catch (error) {
    logger.error('Contact e-mail sent but not marked sent', { contactMessageId: record.id, emailId, error: error instanceof Error ? error.message : String(error) });
  }
}
