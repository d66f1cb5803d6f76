/**
 * Request budgets (300 contact posts in 2.3 s all went through). Each sender's address and e-mail has a
 * budget per window, counted in DynamoDB; past it the route answers 429 with the minutes to wait and writes and
 * sends nothing. The test stack simulates visitors: X-Forwarded-For names one, otherwise each request is its own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { tooManyRequestsMessage } from '../../shared/messages';
import { inOneBudgetWindow } from '../support/budget-window';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { tableReader } from '../support/table';
import { createUser } from '../support/users';
import type { StoredEmail } from '../../functions/lib/email';
import { baseUrl, checkoutBody, customerByEmail, env, partition } from './payment-support';

const table = tableReader(env);
afterAll(() => table.close());

/** A visitor of our own: TEST-NET-3 addresses, unique per test so budgets never meet. */
let visitors = 0;
const newVisitor = () => `203.0.113.${++visitors}`;
const as = (address: string) => ({ 'x-forwarded-for': address });

const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 12)}@example.com`;
const contactBody = (email: string, marker = randomUUID()) => ({
  name: 'Flood Tester',
  email,
  phone: '021 123 4567',
  message: `Is there space next week? (${marker})`,
  company: '',
});
const postContact = (body: unknown, address: string) => request(baseUrl, 'POST', '/api/contact', body, as(address));
const postCheckout = (body: unknown, address: string) => request(baseUrl, 'POST', '/api/checkout', body, as(address));

async function contactItemsWith(marker: string) {
  const month = new Date().toISOString().slice(0, 7);
  return (await partition(`CONTACT#${month}`)).filter((i) => String(i.message).includes(marker));
}

async function mailsWith(marker: string): Promise<StoredEmail[]> {
  const res = await request<StoredEmail[]>(baseUrl, 'GET', '/_local/outbox.json');
  return res.body.filter((m) => m.text.includes(marker));
}

function expectTooMany(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: expect.stringMatching(/^Too many attempts in a short time\. Please try again in \d+ minutes?\.$/) });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.body.message).toBe(tooManyRequestsMessage(retryAfter));
}

/** The budgets as docs/security.md ("Limits") states them; written here so a changed figure fails these tests. */
const HOUR = 3600;
const TEN_MINUTES = 600;

describe('POST /api/contact', () => {
  it('a flood from one address: 5 messages go through, the rest get 429 and leave no trace', async () => {
    await inOneBudgetWindow(HOUR, async () => {
      const visitor = newVisitor();
      const markers = Array.from({ length: 40 }, () => randomUUID());
      const answers = await Promise.all(markers.map((m) => postContact(contactBody(uniqueEmail('flood'), m), visitor)));
      const accepted = answers.filter((a) => a.status === 202);
      // The statuses in the message: a failure on a loaded machine then says what came back instead.
      expect(accepted, `statuses: ${answers.map((a) => a.status).join(' ')}`).toHaveLength(5);
      for (const a of answers.filter((x) => x.status !== 202)) expectTooMany(a);
      const stored = (await Promise.all(markers.map(contactItemsWith))).flat();
      expect(stored).toHaveLength(5);
      expect((await Promise.all(markers.map(mailsWith))).flat()).toHaveLength(5);
    });
  });

  it('one e-mail from many addresses: 3 messages, then 429', async () => {
    await inOneBudgetWindow(HOUR, async () => {
      const sender = uniqueEmail('repeat');
      for (let i = 0; i < 3; i++) expect((await postContact(contactBody(sender), newVisitor())).status).toBe(202);
      const marker = randomUUID();
      expectTooMany(await postContact(contactBody(sender, marker), newVisitor()));
      expect(await contactItemsWith(marker)).toHaveLength(0);
      expect(await mailsWith(marker)).toHaveLength(0);
    });
  });

  it('a refused form spends no budget: invalid posts do not count', async () => {
    const visitor = newVisitor();
    for (let i = 0; i < 5 + 2; i++) expect((await postContact({ ...contactBody(uniqueEmail('bad')), phone: '1' }, visitor)).status).toBe(400);
    expect((await postContact(contactBody(uniqueEmail('good')), visitor)).status).toBe(202);
  });

  it('the budget items hold no address or e-mail, only a hashed subject, a count and an expiry', async () => {
    const visitor = newVisitor();
    const sender = uniqueEmail('private');
    const before = Math.floor(Date.now() / 1000);
    expect((await postContact(contactBody(sender), visitor)).status).toBe(202);
    const budgets = await table.scan('RATE#contact#');
    expect(budgets.length).toBeGreaterThanOrEqual(3); // this visitor's, this e-mail's and the day's
    for (const b of budgets) {
      expect(b).toMatchObject({ type: 'rate_limit', count: expect.any(Number), ttl: expect.any(Number) });
      expect(Object.keys(b).sort()).toEqual(['count', 'pk', 'sk', 'ttl', 'type']);
      expect(b.ttl as number).toBeLessThanOrEqual(before + 86_400 + 120);
    }
    const text = JSON.stringify(budgets);
    expect(text).not.toContain(sender);
    expect(text).not.toContain(visitor);
  });

  it('leaving the honeypot field out is treated as a bot: the answer looks the same, nothing is stored', async () => {
    const marker = randomUUID();
    const { company: _omitted, ...withoutTrap } = contactBody(uniqueEmail('trap'), marker);
    const res = await postContact(withoutTrap, newVisitor());
    expect(res.status).toBe(202);
    expect(await contactItemsWith(marker)).toHaveLength(0);
  });
});

describe('POST /api/checkout and /api/me/checkout', () => {
  it('one address: 20 checkouts, then 429 and no customer, booking or session for the refused one', async () => {
    await inOneBudgetWindow(TEN_MINUTES, async () => {
      const visitor = newVisitor();
      for (let i = 0; i < 20; i++) expect((await postCheckout(checkoutBody(), visitor)).status).toBe(201);
      const refused = checkoutBody();
      expectTooMany(await postCheckout(refused, visitor));
      expect(await customerByEmail(refused.customer.email)).toBeUndefined();
      // Another visitor is not held back by it.
      expect((await postCheckout(checkoutBody(), newVisitor())).status).toBe(201);
    });
  });

  it('one e-mail from many addresses: 10 anonymous checkouts, then 429', async () => {
    await inOneBudgetWindow(TEN_MINUTES, async () => {
      const shared = uniqueEmail('same');
      const sameEmail = () => checkoutBody({ customer: { email: shared } });
      for (let i = 0; i < 10; i++) expect((await postCheckout(sameEmail(), newVisitor())).status).toBe(201);
      expectTooMany(await postCheckout(sameEmail(), newVisitor()));
    });
  });

  it('a signed-in account: 30 checkouts from many addresses across both routes, then 429 on both', async () => {
    const stay = { car_registration: 'abc123', drop_off_date: daysFromToday(3), drop_off_time: '09:00', pick_up_date: daysFromToday(6), pick_up_time: '09:00' };
    await inOneBudgetWindow(TEN_MINUTES, async () => {
      const member = await createUser(env);
      const auth = { authorization: `Bearer ${member.idToken}` };
      await request(baseUrl, 'PUT', '/api/me/profile', { first_name: 'Mere', last_name: 'Tane', phone: '021 777 8888', address: '' }, auth);
      const mine = () => request(baseUrl, 'POST', '/api/me/checkout', stay, { ...as(newVisitor()), ...auth });
      const signedIn = () => request(baseUrl, 'POST', '/api/checkout', checkoutBody(), { ...as(newVisitor()), ...auth });
      for (let i = 0; i < 30; i++) expect((await (i % 2 ? mine() : signedIn())).status).toBe(201);
      expectTooMany(await mine());
      expectTooMany(await signedIn());
    });
  });

  it('a checkout the schema refuses spends nothing', async () => {
    const visitor = newVisitor();
    for (let i = 0; i < 20 + 2; i++) expect((await postCheckout({ ...checkoutBody(), paymentType: 'free' }, visitor)).status).toBe(400);
    expect((await postCheckout(checkoutBody(), visitor)).status).toBe(201);
  });
});
