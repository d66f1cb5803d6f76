/**
 * How an e-mail leaves (functions/lib/email.ts): in AWS as one SES v2 SendEmail request (SES's client is stubbed here
 * to see the request), locally as a file in the outbox. Who it is from, the header cleaning, the HTML part and a
 * calendar attachment.
 */
import { SESv2Client, type SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailFrom, headerSafe, sendEmail } from '../../functions/lib/email';

const saved = { ...process.env };

afterEach(() => {
  vi.restoreAllMocks();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe('who an e-mail is from', () => {
  it("is the verified sender the stack sets, else the brand's own address", () => {
    delete process.env.EMAIL_FROM;
    expect(emailFrom()).toBe('Runway Parking <bookings@runwayparking.example>');
    process.env.EMAIL_FROM = 'Runway Parking <no-reply@parking.example>';
    expect(emailFrom()).toBe('Runway Parking <no-reply@parking.example>');
  });
});

describe('header text', () => {
  it('turns a run of control characters into one space and squeezes spaces, trimmed', () => {
    expect(headerSafe('a\r\n\r\nb')).toBe('a b');
    expect(headerSafe('a  \t  b')).toBe('a b');
    expect(headerSafe('  Booking   RP-ABC123  ')).toBe('Booking RP-ABC123');
    expect(headerSafe('Café — ok')).toBe('Café — ok');
  });
});

describe('in AWS', () => {
  beforeEach(() => {
    delete process.env.EMAIL_OUTBOX_DIR;
    process.env.EMAIL_FROM = 'Runway Parking <no-reply@parking.example>';
  });

  it('sends one SES request: from, to, reply-to, the subject cleaned, text and HTML in UTF-8', async () => {
    const send = vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({ MessageId: 'ses-1' } as never);
    const sent = await sendEmail({ to: ['kim@example.com'], replyTo: ['ana@example.nz'], subject: 'Booking\r\nBcc: x@y.z', text: 'Hello', html: '<p>Hello</p>' });
    expect(sent).toEqual({ id: 'ses-1' });
    expect((send.mock.calls[0]![0] as SendEmailCommand).input).toEqual({
      FromEmailAddress: 'Runway Parking <no-reply@parking.example>',
      Destination: { ToAddresses: ['kim@example.com'] },
      ReplyToAddresses: ['ana@example.nz'],
      Content: {
        Simple: {
          Subject: { Data: 'Booking Bcc: x@y.z', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Hello', Charset: 'UTF-8' }, Html: { Data: '<p>Hello</p>', Charset: 'UTF-8' } },
        },
      },
    });
  });

  it('attaches a calendar file under a clean name, and sends text only when there is no HTML', async () => {
    const send = vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({} as never);
    const sent = await sendEmail({
      to: ['kim@example.com'],
      subject: 'Your booking',
      text: 'Hello',
      attachments: [{ filename: 'parking\n.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    expect(sent).toEqual({ id: '' });
    const simple = (send.mock.calls[0]![0] as SendEmailCommand).input.Content!.Simple!;
    expect(simple.Body).toEqual({ Text: { Data: 'Hello', Charset: 'UTF-8' } });
    expect(simple.Attachments).toHaveLength(1);
    const [file] = simple.Attachments!;
    expect(file).toMatchObject({ FileName: 'parking .ics', ContentType: 'text/calendar', ContentDisposition: 'ATTACHMENT' });
    expect(Buffer.from(file!.RawContent!).toString('utf8')).toBe('BEGIN:VCALENDAR');
    expect((send.mock.calls[0]![0] as SendEmailCommand).input.ReplyToAddresses).toBeUndefined();
  });

  it('attaches a binary file (a PDF) from its base64 as its bytes', async () => {
    const send = vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({} as never);
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00, 0xc3]);
    await sendEmail({ to: ['kim@example.com'], subject: 'Invoice', text: 'Attached', attachments: [{ filename: 'RP-ABC234-tax-invoice.pdf', contentType: 'application/pdf', content: bytes.toString('base64'), encoding: 'base64' }] });
    const [file] = (send.mock.calls[0]![0] as SendEmailCommand).input.Content!.Simple!.Attachments!;
    expect(file).toMatchObject({ FileName: 'RP-ABC234-tax-invoice.pdf', ContentType: 'application/pdf' });
    expect(Buffer.from(file!.RawContent!).equals(bytes)).toBe(true);
  });

  it('sends no attachment part for an empty list', async () => {
    const send = vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({ MessageId: 'ses-2' } as never);
    await sendEmail({ to: ['kim@example.com'], subject: 'x', text: 'y', attachments: [] });
    expect((send.mock.calls[0]![0] as SendEmailCommand).input.Content!.Simple!.Attachments).toBeUndefined();
  });
});

describe('locally', () => {
  it('writes the message to the outbox under a name that sorts by when it was sent', async () => {
    const outbox = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    process.env.EMAIL_OUTBOX_DIR = outbox;
    delete process.env.EMAIL_FROM;
    try {
      const before = new Date().toISOString();
      const { id } = await sendEmail({ to: ['kim@example.com'], subject: 'Hi', text: 'Hello' });
      expect(id).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}$/);
      expect(id.slice(0, 10)).toBe(before.slice(0, 10));
      expect(await readdir(outbox)).toEqual([`${id}.json`]);
      const stored = JSON.parse(await readFile(path.join(outbox, `${id}.json`), 'utf8'));
      expect(stored).toMatchObject({ id, from: 'Runway Parking <bookings@runwayparking.example>', to: ['kim@example.com'], subject: 'Hi', text: 'Hello' });
      expect(Date.parse(stored.sentAt)).toBeGreaterThanOrEqual(Date.parse(before));
    } finally {
      await rm(outbox, { recursive: true, force: true });
    }
  });
});
