/**
 * POST /api/contact through the local gateway: the message is stored (read back from DynamoDB Local) and
 * e-mailed to the business (the local outbox); bad input is a 400 the form can show; a filled honeypot
 * looks like success but leaves no trace.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { contactTexts } from '../../shared/contact';
import { messages } from '../../shared/messages';
import { site } from '../../shared/site';
import { request } from '../support/http';
import { sharedStackWithUsers } from '../support/stack-with-users';

const baseUrl = inject('baseUrl');
const env = inject('env');
const { db: ddb } = sharedStackWithUsers();

const send = (body: unknown) => request(baseUrl, 'POST', '/api/contact', body);

/** A message nobody else sends, so the test finds its own item and e-mail. */
const uniqueMessage = () => {
  const marker = randomUUID();
  return { marker, body: { name: 'Aroha Ngata', email: `aroha-${marker.slice(0, 8)}@example.co.nz`, phone: '021 123 4567', message: `Can I leave my car for three weeks? (${marker})` } };
};

async function storedWith(marker: string, months: string[]) {
  const items: Record<string, unknown>[] = [];
  for (const month of new Set(months)) {
    const out = await ddb.send(new QueryCommand({ TableName: env.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `CONTACT#${month}` } }));
    items.push(...(out.Items ?? []).filter((i) => String(i.message).includes(marker)));
  }
  return items;
}

async function outboxWith(marker: string): Promise<StoredEmail[]> {
  const res = await request<StoredEmail[]>(baseUrl, 'GET', '/_local/outbox.json');
  expect(res.status).toBe(200);
  return res.body.filter((m) => m.text.includes(marker));
}

const month = () => new Date().toISOString().slice(0, 7);

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to the business with reply-to the sender', async () => {
    const { marker, body } = uniqueMessage();
    const before = month();
    const res = await send({ ...body, name: '  Aroha Ngata  ', company: '' });
    const after = month();
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: contactTexts.successDescription });

    const items = await storedWith(marker, [before, after]);
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item).toMatchObject({ type: 'contact_message', name: 'Aroha Ngata', email: body.email, phone: body.phone, message: body.message, delivery: 'sent' });
    expect(item.pk).toBe(`CONTACT#${String(item.createdAt).slice(0, 7)}`);
    expect(item.sk).toBe(`${String(item.createdAt)}#${String(item.id)}`);
    expect(item).not.toHaveProperty('company');

    const mails = await outboxWith(marker);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(item.emailId).toBe(mail.id);
    expect(mail.to).toEqual([site.email]);
    expect(mail.replyTo).toEqual([body.email]);
    expect(mail.subject).toBe('Contact form: Aroha Ngata');
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain(`Phone: ${body.phone}`);
  });

  it('answers bad input with 400 and the spec message for each field', async () => {
    const res = await send({ name: 'A', email: 'nope', phone: '123', message: 'Too short' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.invalidRequest);
    expect(res.body.fieldErrors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      message: 'Message must be at least 10 characters',
    });
  });

  it('refuses a message over the maximum length and unknown fields', async () => {
    const { body } = uniqueMessage();
    const long = await send({ ...body, message: 'm'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual({ message: contactTexts.messageTooLong });
    const extra = await send({ ...body, to: 'attacker@example.com' });
    expect(extra.status).toBe(400);
    expect(extra.body.fieldErrors).toEqual({ to: "Unknown field 'to'" });
  });

  it.each([
    ['malformed JSON', '{"name":'],
    ['an array', '[]'],
    ['an empty body', ''],
  ])('answers %s with 400', async (_name, raw) => {
    const res = await request(baseUrl, 'POST', '/api/contact', raw, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.malformedJson);
  });

  it('answers a filled honeypot exactly like a success but stores and sends nothing', async () => {
    const real = uniqueMessage();
    const bot = uniqueMessage();
    const before = month();
    // The page always sends the trap field, empty for a person (a post without it is a bot's: rate-limits.test.ts).
    const [botRes, realRes] = [await send({ ...bot.body, company: 'Acme Widgets Ltd' }), await send({ ...real.body, company: '' })];
    const after = month();
    expect(botRes.status).toBe(realRes.status);
    expect(botRes.body).toEqual(realRes.body);
    // The real message sent after the bot's is stored and in the outbox, so the bot's would be by now.
    expect(await storedWith(real.marker, [before, after])).toHaveLength(1);
    expect(await outboxWith(real.marker)).toHaveLength(1);
    expect(await storedWith(bot.marker, [before, after])).toHaveLength(0);
    expect(await outboxWith(bot.marker)).toHaveLength(0);
  });
});
