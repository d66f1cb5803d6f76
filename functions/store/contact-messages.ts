/**
 * Contact messages, one item per message under the month it arrived (`CONTACT#<yyyy-mm>`), so staff can
 * read a month's messages with one Query. `delivery` records whether the e-mail to the business went out,
 * so a message whose e-mail failed is still found and answered.
 */
import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '../../shared/contact';
import { keys } from './keys';
import { putItem, updateItem } from './table';
import * as clock from '../lib/clock';

export const CONTACT_MESSAGE_TYPE = 'contact_message';

export interface StoredContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
  delivery: 'pending' | 'sent';
  emailId?: string;
}

export async function saveContactMessage(input: Pick<ContactMessage, 'name' | 'email' | 'phone' | 'message'>, now = clock.now()): Promise<StoredContactMessage> {
  const record: StoredContactMessage = {
    id: randomUUID(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    createdAt: now.toISOString(),
    delivery: 'pending',
  };
  await putItem({ ...keys.contactMessage(record.createdAt, record.id), type: CONTACT_MESSAGE_TYPE, ...record }, true);
  return record;
}

export async function markContactMessageSent(record: Pick<StoredContactMessage, 'id' | 'createdAt'>, emailId: string): Promise<void> {
  await updateItem({
    Key: keys.contactMessage(record.createdAt, record.id),
    UpdateExpression: 'SET delivery = :sent, emailId = :emailId',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':sent': 'sent', ':emailId': emailId },
  });
}
