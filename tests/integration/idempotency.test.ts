/**
 * The POSTs that start things honour `Idempotency-Key`. A retry with the same key and body gets
 * the first answer and nothing happens twice (one booking, one hold, one contact e-mail); the same key with another
 * body is 422 and does nothing; a key still in progress is 409; a refused request leaves its key free for the retry.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { request } from '../support/http';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { baseUrl, booking, checkoutBody, customerByEmail, env, partition } from './payment-support';
import { sharedStackWithUsers } from '../support/stack-with-users';

const { db } = sharedStackWithUsers();

const post = (path: string, body: unknown, key: string, headers: Record<string, string> = {}) => request(baseUrl, 'POST', path, body, { 'idempotency-key': key, ...headers });

const contactBody = (marker: string) => ({ name: 'Aroha Ngata', email: `aroha-${marker.slice(0, 8)}@example.co.nz`, phone: '021 123 4567', message: `Can I leave my car for three weeks? (${marker})`, company: '' });

async function mailsWith(marker: string): Promise<StoredEmail[]> {
  const res = await request<StoredEmail[]>(baseUrl, 'GET', '/_local/outbox.json');
  return res.body.filter((m) => m.text.includes(marker));
}

async function storedMessagesWith(marker: string) {
  const month = new Date().toISOString().slice(0, 7);
  return (await partition(`CONTACT#${month}`)).filter((i) => String(i.message).includes(marker));
}

/** Pending bookings this e-mail's checkouts created (the customer's own record names them by session). */
async function pendingBookingsOf(email: string, bookingIds: string[]) {
  expect(await customerByEmail(email)).toBeDefined();
  return (await Promise.all([...new Set(bookingIds)].map((id) => booking(id)))).filter(Boolean);
}

describe('Idempotency-Key', () => {
  it('contact: the same key and body twice sends one e-mail and stores one message; both answers are the first', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    const first = await post('/api/contact', contactBody(marker), key);
    const second = await post('/api/contact', contactBody(marker), key);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.body).toEqual(first.body);
    expect(await mailsWith(marker)).toHaveLength(1);
    expect(await storedMessagesWith(marker)).toHaveLength(1);
  });

  it('contact: the same key with another body is 422 and sends nothing', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const key = randomUUID();
    expect((await post('/api/contact', contactBody(a), key)).status).toBe(202);
    const other = await post('/api/contact', contactBody(b), key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'This Idempotency-Key was already used for a different request. Start again with a new key.' });
    expect(await mailsWith(b)).toHaveLength(0);
    expect(await storedMessagesWith(b)).toHaveLength(0);
  });

  it('contact: a key whose first request is still running is 409 and sends nothing', async () => {
    const marker = randomUUID();
    const key = randomUUID();
    // What the first request's claim looks like while it runs (Powertools' record: md5 of the JSON key, base64).
    const md5 = (value: unknown) => createHash('md5').update(JSON.stringify(value)).digest('base64');
    const body = contactBody(marker);
    await db.send(
      new PutCommand({
        TableName: env.tableName,
        Item: {
          pk: 'IDEMPOTENCY#contact',
          sk: `contact#${md5(key)}`,
          status: 'INPROGRESS',
          validation: md5([JSON.stringify(body), null]),
          ttl: Math.floor(Date.now() / 1000) + 3600,
          in_progress_expiration: Date.now() + 60_000,
        },
      }),
    );
    const res = await post('/api/contact', body, key);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This request is still being processed. Please wait a moment, then try again.' });
    expect(await mailsWith(marker)).toHaveLength(0);
  });

  it('contact: a malformed key is a 400 and nothing is sent', async () => {
    const marker = randomUUID();
    const res = await post('/api/contact', contactBody(marker), 'x'.repeat(129));
    expect(res.status).toBe(400);
    expect(await mailsWith(marker)).toHaveLength(0);
  });

  it('checkout: a retry with the same key gets the same checkout, and one booking holds one place', async () => {
    const body = checkoutBody();
    const key = randomUUID();
    const first = await post('/api/checkout', body, key);
    const second = await post('/api/checkout', body, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    const pending = await pendingBookingsOf(body.customer.email, [first.body.bookingId, second.body.bookingId]);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'pending_payment', checkoutSessionId: first.body.sessionId });
  });

  it('checkout: a refused request leaves its key free, so the corrected retry runs; another body after that is 422', async () => {
    const body = checkoutBody();
    const key = randomUUID();
    const refused = await post('/api/checkout', { ...body, customer: { ...body.customer, email: 'not-an-email' } }, key);
    expect(refused.status).toBe(400);
    const retried = await post('/api/checkout', body, key);
    expect(retried.status).toBe(201);
    const other = await post('/api/checkout', { ...body, paymentType: 'deposit' }, key);
    expect(other.status).toBe(422);
  });

  it('account checkout: the same key and body from another account is not a retry of the first (422), and answers nothing of it', async () => {
    const [a, b] = await Promise.all([createUser(env), createUser(env)]);
    const profile = { first_name: 'Mere', last_name: 'Tane', phone: '021 777 8888', address: '' };
    await Promise.all([a, b].map((u) => request(baseUrl, 'PUT', '/api/me/profile', profile, { authorization: `Bearer ${u.idToken}` })));
    const stay = { car_registration: 'abc123', drop_off_date: daysFromToday(3), drop_off_time: '09:00', pick_up_date: daysFromToday(6), pick_up_time: '09:00' };
    const key = randomUUID();
    const first = await post('/api/me/checkout', stay, key, { authorization: `Bearer ${a.idToken}` });
    expect(first.status).toBe(201);
    const again = await post('/api/me/checkout', stay, key, { authorization: `Bearer ${a.idToken}` });
    expect(again.body).toEqual(first.body);
    const fromB = await post('/api/me/checkout', stay, key, { authorization: `Bearer ${b.idToken}` });
    expect(fromB.status).toBe(422);
    expect(JSON.stringify(fromB.body)).not.toContain(first.body.sessionId);
  });
});
