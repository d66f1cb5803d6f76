/**
 * The travel-day reminders' records (`REMINDER#<bookingId>` / `KIND#<kind>`), one per booking and reminder.
 *
 * At most once: the record is claimed (status `sending`) by a conditional write before anything is sent, so a second
 * run, or two runs at once, find it and send nothing. After the send it becomes `sent`. A send that failed (the
 * provider refused it, so nothing went) marks it `failed`, which a later run may claim again. A run that dies
 * between the claim and the send leaves `sending`, which is never retried: a missed reminder is better than two.
 */
import { keys } from './keys';
import { getItem, updateIf, updateItem } from './table';

export interface ReminderRecord {
  bookingId: string;
  kind: string;
  status: 'sending' | 'sent' | 'failed';
  claimedAt: string;
  attempts: number;
  sentAt?: string;
  emailId?: string;
  smsId?: string;
}

/** Kept 60 days, then DynamoDB removes it (the reminder's day is long past). */
const KEEP_SECONDS = 60 * 24 * 60 * 60;

/** True when this caller may send the reminder now (no record yet, or an earlier send failed). */
export async function claimReminder(bookingId: string, kind: string, now: Date): Promise<boolean> {
  return updateIf({
    Key: keys.reminder(bookingId, kind),
    UpdateExpression: 'SET #type = :type, bookingId = :id, kind = :kind, #status = :sending, claimedAt = :at, #ttl = :ttl ADD attempts :one',
    ConditionExpression: 'attribute_not_exists(pk) OR #status = :failed',
    ExpressionAttributeNames: { '#type': 'type', '#status': 'status', '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':type': 'reminder', ':id': bookingId, ':kind': kind, ':sending': 'sending', ':failed': 'failed', ':at': now.toISOString(), ':ttl': Math.floor(now.getTime() / 1000) + KEEP_SECONDS, ':one': 1 },
  });
}

export async function markReminderSent(bookingId: string, kind: string, sent: { at: Date; emailId: string; smsId?: string }): Promise<void> {
  await updateItem({
    Key: keys.reminder(bookingId, kind),
    UpdateExpression: `SET #status = :sent, sentAt = :at, emailId = :email${sent.smsId ? ', smsId = :sms' : ''}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':sent': 'sent', ':at': sent.at.toISOString(), ':email': sent.emailId, ...(sent.smsId ? { ':sms': sent.smsId } : {}) },
  });
}

/** The send failed and nothing went: a later run may claim it again. */
export async function markReminderFailed(bookingId: string, kind: string): Promise<void> {
  await updateItem({
    Key: keys.reminder(bookingId, kind),
    UpdateExpression: 'SET #status = :failed',
    ConditionExpression: '#status = :sending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':failed': 'failed', ':sending': 'sending' },
  });
}

export async function getReminder(bookingId: string, kind: string): Promise<ReminderRecord | null> {
  return getItem<ReminderRecord>(keys.reminder(bookingId, kind), true);
}
