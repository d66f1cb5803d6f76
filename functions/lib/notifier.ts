/**
 * The one way the product sends a notice to a traveller (the travel-day reminders): an e-mail, and a text message
 * as well when the operator turns SMS on (SMS_REMINDERS=on, set by the stack from the environment's settings) and
 * the traveller gave a number we can text. E-mail goes through SES (email.ts), SMS through SNS straight to the
 * number. Locally, where EMAIL_OUTBOX_DIR is set, both land in the outbox, each text message as its own entry
 * (SMS is on there unless SMS_REMINDERS=off).
 */
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sendEmail, type OutgoingEmail, type StoredEmail } from './email';
import { logger } from './logger';
import * as clock from './clock';

export interface Notice {
  email: OutgoingEmail;
  /** The text message, sent only when SMS is on and `to` is a number we can text. */
  sms?: { to: string; text: string };
}

export interface NoticeSent {
  emailId: string;
  smsId?: string;
}

export interface Notifier {
  send(notice: Notice): Promise<NoticeSent>;
}

let sns: SNSClient | undefined;

export function smsEnabled(): boolean {
  const setting = process.env.SMS_REMINDERS;
  return setting === 'on' || (!!process.env.EMAIL_OUTBOX_DIR && setting !== 'off');
}

/**
 * A New Zealand number as SNS wants it (E.164): `021 555 1234` -> `+64215551234`, `+64 21 555 1234` kept; anything
 * else (a landline without its area code, a foreign number written without +) is not texted.
 */
export function textableNumber(phone: string): string | null {
  const plus = phone.trim().startsWith('+');
  const digits = phone.replace(/\D/g, '');
  if (plus && /^[1-9]\d{7,14}$/.test(digits)) return `+${digits}`;
  if (/^0[2-9]\d{6,9}$/.test(digits)) return `+64${digits.slice(1)}`;
  return null;
}

async function sendSms(to: string, text: string): Promise<string> {
  const outbox = process.env.EMAIL_OUTBOX_DIR;
  if (outbox) {
    const sentAt = clock.now().toISOString();
    const id = `${sentAt.replace(/[:.]/g, '-')}-sms-${randomUUID().slice(0, 8)}`;
    const stored: StoredEmail = { id, channel: 'sms', from: 'SMS', sentAt, to: [to], subject: `SMS to ${to}`, text };
    await mkdir(outbox, { recursive: true });
    await writeFile(path.join(outbox, `${id}.json`), JSON.stringify(stored, null, 2));
    return id;
  }
  sns ??= new SNSClient({ region: process.env.AWS_REGION });
  const senderId = process.env.SMS_SENDER_ID;
  const out = await sns.send(
    new PublishCommand({
      PhoneNumber: to,
      Message: text,
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        ...(senderId ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: senderId } } : {}),
      },
    }),
  );
  return out.MessageId ?? '';
}

/**
 * The e-mail is the notice: if it fails the whole send fails (nothing went). A text message that fails after the
 * e-mail went is logged and not retried, so a retry never sends the e-mail twice.
 */
export const notifier: Notifier = {
  async send({ email, sms }) {
    const { id: emailId } = await sendEmail(email);
    const number = sms && smsEnabled() ? textableNumber(sms.to) : null;
    if (!sms || !number) return { emailId };
    try {
      return { emailId, smsId: await sendSms(number, sms.text) };
    } catch (error) {
      logger.error('Reminder SMS failed', { error: error instanceof Error ? error.message : String(error) });
      return { emailId };
    }
  },
};
