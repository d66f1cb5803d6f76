/** POST /api/contact: the message is stored and e-mailed to the business; 400 carries per-field messages. */
import { contactAcceptedSchema, type ContactAccepted, type ContactMessageInput } from '@shared/contact';
import { apiRequest } from '../../../lib/api-client';

export function sendContactMessage(message: ContactMessageInput): Promise<ContactAccepted> {
  return apiRequest('/contact', { method: 'POST', body: message, schema: contactAcceptedSchema, idempotent: true });
}
