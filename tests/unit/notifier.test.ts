/**
 * The travel-day notices (functions/lib/notifier.ts): an e-mail, and a text message too when SMS is on and the
 * traveller's number can be texted. Locally both land in the outbox; in AWS they go to SES and SNS, whose clients
 * are stubbed here to see what would be sent.
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient, type PublishCommand } from '@aws-sdk/client-sns';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../functions/lib/logger';
import { notifier, smsEnabled, textableNumber } from '../../functions/lib/notifier';

const email = { to: ['kim@example.com'], subject: 'Your parking tomorrow', text: 'See you at 9:00 AM.' };
const saved = { ...process.env };
let outbox: string;

beforeEach(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  delete process.env.SMS_REMINDERS;
  delete process.env.SMS_SENDER_ID;
  process.env.EMAIL_OUTBOX_DIR = outbox;
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  await rm(outbox, { recursive: true, force: true });
});

async function outboxEntries(): Promise<Record<string, unknown>[]> {
  const files = (await readdir(outbox)).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outbox, f), 'utf8')) as Record<string, unknown>));
}

describe('a number we can text', () => {
  it('writes a New Zealand mobile or landline with its leading 0 as +64', () => {
    expect(textableNumber('021 555 1234')).toBe('+64215551234');
    expect(textableNumber('(09) 555-0100')).toBe('+6495550100');
    expect(textableNumber('02755512345')).toBe('+642755512345');
    expect(textableNumber('02 1234567')).toBe('+6421234567');
  });

  it('keeps a number written with + and its country code, spaces removed', () => {
    expect(textableNumber('+64 21 555 1234')).toBe('+64215551234');
    expect(textableNumber(' +61 412 345 678 ')).toBe('+61412345678');
    expect(textableNumber('+1 2025550123')).toBe('+12025550123');
  });

  it('does not text a landline without its area code, a foreign number without +, or anything too short or long', () => {
    for (const n of ['555 0100', '61412345678', '0012025550123', '+1234567', '021 555', '0215551234567', '01 555 1234', '', 'none']) {
      expect(textableNumber(n), n).toBeNull();
    }
    expect(textableNumber('+12345678')).toBe('+12345678');
    expect(textableNumber('+123456789012345')).toBe('+123456789012345');
    expect(textableNumber('+1234567890123456')).toBeNull();
  });
});

describe('whether SMS is on', () => {
  it('is on in AWS only when the operator turns it on', () => {
    delete process.env.EMAIL_OUTBOX_DIR;
    expect(smsEnabled()).toBe(false);
    process.env.SMS_REMINDERS = 'on';
    expect(smsEnabled()).toBe(true);
    process.env.SMS_REMINDERS = 'off';
    expect(smsEnabled()).toBe(false);
  });

  it('is on locally unless turned off', () => {
    expect(smsEnabled()).toBe(true);
    process.env.SMS_REMINDERS = 'off';
    expect(smsEnabled()).toBe(false);
    process.env.SMS_REMINDERS = 'on';
    expect(smsEnabled()).toBe(true);
  });
});

describe('sending a notice locally', () => {
  it('puts the e-mail and the text message in the outbox, the text to the number as SNS takes it', async () => {
    const sent = await notifier.send({ email, sms: { to: '021 555 1234', text: 'Parking tomorrow 9:00 AM' } });
    const entries = await outboxEntries();
    expect(entries).toHaveLength(2);
    const sms = entries.find((e) => e.channel === 'sms');
    const mail = entries.find((e) => e.channel === undefined);
    expect(sms).toMatchObject({ id: sent.smsId, from: 'SMS', to: ['+64215551234'], subject: 'SMS to +64215551234', text: 'Parking tomorrow 9:00 AM' });
    expect(mail).toMatchObject({ id: sent.emailId, to: ['kim@example.com'], subject: 'Your parking tomorrow', text: 'See you at 9:00 AM.' });
    expect(sent.smsId).toMatch(/-sms-[0-9a-f]{8}$/);
  });

  it('sends only the e-mail when SMS is off, there is no text, or the number cannot be texted', async () => {
    process.env.SMS_REMINDERS = 'off';
    expect((await notifier.send({ email, sms: { to: '021 555 1234', text: 'x' } })).smsId).toBeUndefined();
    delete process.env.SMS_REMINDERS;
    expect((await notifier.send({ email })).smsId).toBeUndefined();
    expect((await notifier.send({ email, sms: { to: '555 0100', text: 'x' } })).smsId).toBeUndefined();
    const entries = await outboxEntries();
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.channel === undefined)).toBe(true);
  });
});

describe('sending a notice in AWS', () => {
  beforeEach(() => {
    delete process.env.EMAIL_OUTBOX_DIR;
    process.env.SMS_REMINDERS = 'on';
  });

  it('sends a transactional text through SNS, with the sender id when one is set', async () => {
    vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({ MessageId: 'email-1' } as never);
    const publish = vi.spyOn(SNSClient.prototype, 'send').mockResolvedValue({ MessageId: 'sms-1' } as never);
    process.env.SMS_SENDER_ID = 'RunwayPark';
    expect(await notifier.send({ email, sms: { to: '+64 21 555 1234', text: 'Parking tomorrow' } })).toEqual({ emailId: 'email-1', smsId: 'sms-1' });
    expect((publish.mock.calls[0]![0] as PublishCommand).input).toEqual({
      PhoneNumber: '+64215551234',
      Message: 'Parking tomorrow',
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'RunwayPark' },
      },
    });
    delete process.env.SMS_SENDER_ID;
    await notifier.send({ email, sms: { to: '021 555 1234', text: 'Again' } });
    expect((publish.mock.calls[1]![0] as PublishCommand).input.MessageAttributes).toEqual({ 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } });
  });

  it('keeps the e-mail as sent when the text fails, and logs the failure once', async () => {
    vi.spyOn(SESv2Client.prototype, 'send').mockResolvedValue({ MessageId: 'email-2' } as never);
    vi.spyOn(SNSClient.prototype, 'send').mockRejectedValue(new Error('Phone number opted out'));
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    expect(await notifier.send({ email, sms: { to: '021 555 1234', text: 'x' } })).toEqual({ emailId: 'email-2' });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Reminder SMS failed', { error: 'Phone number opted out' });
  });

  it('sends nothing more when the e-mail fails', async () => {
    vi.spyOn(SESv2Client.prototype, 'send').mockRejectedValue(new Error('SES throttled'));
    const publish = vi.spyOn(SNSClient.prototype, 'send');
    await expect(notifier.send({ email, sms: { to: '021 555 1234', text: 'x' } })).rejects.toThrow('SES throttled');
    expect(publish).not.toHaveBeenCalled();
  });
});
