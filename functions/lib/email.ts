/**
 * Outgoing e-mail. In AWS it goes through SES (EMAIL_FROM is the verified sending identity); locally,
 * where EMAIL_OUTBOX_DIR is set, each message is written as a JSON file that the dev server lists at
 * /_local/outbox. Callers build the message; this module only delivers it.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { site } from '../../shared/site';
import * as clock from './clock';

/**
 * A file sent with an e-mail (a booking's calendar file, a tax invoice): text content, or with `encoding: 'base64'`
 * binary content as base64; kept as is in the local outbox.
 */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
}

export interface OutgoingEmail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string[];
  attachments?: EmailAttachment[];
}

export interface StoredEmail extends OutgoingEmail {
  id: string;
  from: string;
  sentAt: string;
  /** Absent on e-mails; 'sms' on a text message the local stack "sent" (functions/lib/notifier.ts). */
  channel?: 'sms';
}

let ses: SESv2Client | undefined;

export function emailFrom(): string {
  return process.env.EMAIL_FROM ?? `${site.brand} <${site.email}>`;
}

/**
 * Text that goes into a header (subject, addresses): control characters (NUL, VT, FF, NEL U+0085, ...) and the
 * Unicode line and paragraph separators become spaces, so nothing a visitor typed can start a header of its own.
 */
export function headerSafe(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export async function sendEmail(unsafe: OutgoingEmail): Promise<{ id: string }> {
  const message: OutgoingEmail = {
    ...unsafe,
    subject: headerSafe(unsafe.subject),
    to: unsafe.to.map(headerSafe),
    ...(unsafe.replyTo ? { replyTo: unsafe.replyTo.map(headerSafe) } : {}),
  };
  const outbox = process.env.EMAIL_OUTBOX_DIR;
  if (outbox) {
    const sentAt = clock.now().toISOString();
    const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
    const stored: StoredEmail = { id, from: emailFrom(), sentAt, ...message };
    await mkdir(outbox, { recursive: true });
    await writeFile(path.join(outbox, `${id}.json`), JSON.stringify(stored, null, 2));
    return { id };
  }
  ses ??= new SESv2Client({ region: process.env.AWS_REGION });
  const out = await ses.send(
    new SendEmailCommand({
      FromEmailAddress: emailFrom(),
      Destination: { ToAddresses: message.to },
      ReplyToAddresses: message.replyTo,
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}) },
          ...(message.attachments?.length
            ? {
                Attachments: message.attachments.map((a) => ({
                  FileName: headerSafe(a.filename),
                  ContentType: a.contentType,
                  ContentDisposition: 'ATTACHMENT' as const,
                  RawContent: Buffer.from(a.content, a.encoding ?? 'utf8'),
                })),
              }
            : {}),
        },
      },
    }),
  );
  return { id: out.MessageId ?? '' };
}
