/**
 * Helpers for the payment tests: valid checkout bodies with a fresh customer each, the offline Stripe
 * stand-in's test hooks, events signed like Stripe signs them, the outbox, and direct reads of the table
 * to assert what the data holds.
 */
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { expect, inject } from 'vitest';
import { keys } from '../../functions/store/keys';
import { standInWebhookSecretFile } from '../../local/stripe-stand-in';
import type { StoredEmail } from '../../functions/lib/email';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser } from '../support/users';
import { tableClient } from '../support/stack-with-users';

export const env = inject('env');
export const baseUrl = inject('baseUrl');

const db = tableClient(env);

export type Row = Record<string, any>;

export async function item(key: { pk: string; sk: string }): Promise<Row | undefined> {
  return (await db.send(new GetCommand({ TableName: env.tableName, Key: key, ConsistentRead: true }))).Item;
}

export async function partition(pk: string, skPrefix = ''): Promise<Row[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: skPrefix ? 'pk = :pk AND begins_with(sk, :sk)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(skPrefix ? { ':sk': skPrefix } : {}) },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/** Every item that names this booking (test-only scan of the in-memory table). */
export async function itemsOfBooking(bookingId: string): Promise<Row[]> {
  const rows: Row[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new ScanCommand({
        TableName: env.tableName,
        FilterExpression: 'bookingId = :id OR id = :id',
        ExpressionAttributeValues: { ':id': bookingId },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    rows.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return rows;
}

export const booking = (id: string) => item(keys.booking(id));
export const customerByEmail = async (email: string) => {
  const guard = await item(keys.emailGuard(email));
  return guard ? item(keys.customer(guard.customerId as string)) : undefined;
};

export const uniquePhone = () => `021 ${randomInt(100, 999)} ${randomInt(1000, 9999)}`;

export function customer(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Aroha',
    lastName: 'Ngata',
    email: `pay-${randomUUID().slice(0, 12)}@example.com`,
    contactNumber: uniquePhone(),
    carRegistration: 'KTA123',
    ...overrides,
  };
}

/** 8 started days (09:00 to 11:00 a week later) with a car wash: $50 parking + $60 wash = $110.00. */
export function quote(overrides: Record<string, unknown> = {}) {
  return { dropOffDate: daysFromToday(3), dropOffTime: '09:00', pickUpDate: daysFromToday(10), pickUpTime: '11:00', carWash: true, ...overrides };
}

export function checkoutBody(overrides: { quote?: Record<string, unknown>; customer?: Record<string, unknown>; paymentType?: unknown; cost?: unknown } = {}) {
  return {
    quote: quote(overrides.quote),
    customer: customer(overrides.customer),
    paymentType: overrides.paymentType ?? 'full',
    ...('cost' in overrides ? { cost: overrides.cost } : {}),
  };
}

export interface Started {
  url: string;
  sessionId: string;
  bookingId: string;
}

export async function checkout(body: unknown, headers: Record<string, string> = {}): Promise<Started> {
  const res = await request<Started>(baseUrl, 'POST', '/api/checkout', body, headers);
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export const getCheckout = (sessionId: string) => request(baseUrl, 'GET', `/api/checkout/${encodeURIComponent(sessionId)}`);

/** The session as Stripe (the stand-in) holds it, read through its API like the SDK does. */
export async function stripeSession(sessionId: string): Promise<Stripe.Checkout.Session> {
  const res = await request<Stripe.Checkout.Session>(baseUrl, 'GET', `/v1/checkout/sessions/${sessionId}`, undefined, { authorization: 'Bearer sk_test_tests' });
  if (res.status !== 200) throw new Error(`stand-in answered ${res.status}`);
  return res.body;
}

/** Pressing Pay on the hosted page: the stand-in delivers the webhook, then redirects. */
export async function payOnPage(sessionId: string): Promise<Response> {
  return fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
}

export interface DeliveryResult {
  status: number;
  body: string;
  durationMs: number;
}

export const standIn = {
  /**
   * Marks the session paid and makes its completed event, without delivering it; `charged`: Stripe took another amount
   * (`amount_total`, cents) or currency than the session asked.
   */
  async pay(sessionId: string, charged: { amount_total?: number; currency?: string } = {}): Promise<{ eventId: string }> {
    const query = new URLSearchParams({
      ...(charged.amount_total !== undefined ? { amount: String(charged.amount_total) } : {}),
      ...(charged.currency !== undefined ? { currency: charged.currency } : {}),
    }).toString();
    const res = await request<{ eventId: string }>(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/pay${query ? `?${query}` : ''}`);
    if (res.status !== 200) throw new Error(`pay hook answered ${res.status}`);
    return res.body;
  },
  async deliver(eventId: string): Promise<DeliveryResult> {
    const res = await request<DeliveryResult>(baseUrl, 'POST', `/_local/stripe/events/${eventId}/deliver`);
    if (res.status !== 200) throw new Error(`deliver hook answered ${res.status}`);
    return res.body;
  },
  async expireNow(sessionId: string): Promise<{ eventId: string; delivery: DeliveryResult }> {
    const res = await request<{ eventId: string; delivery: DeliveryResult }>(baseUrl, 'POST', `/_local/stripe/sessions/${sessionId}/expire-now`);
    if (res.status !== 200) throw new Error(`expire hook answered ${res.status}`);
    return res.body;
  },
};

const stripe = new Stripe('sk_test_tests');
export const webhookSecret = () => readFileSync(standInWebhookSecretFile(env.dataDir), 'utf8').trim();

export function stripeEvent(type: string, object: unknown) {
  return { id: `evt_test_${randomUUID().replace(/-/g, '')}`, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, type };
}

/** Posts an event to the webhook route signed the way Stripe signs it (or with the secret/time given). */
export function postWebhook(event: unknown, options: { secret?: string; timestamp?: number; signature?: string | null; body?: string } = {}) {
  const payload = options.body ?? JSON.stringify(event);
  const header =
    options.signature === null
      ? undefined
      : (options.signature ?? stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: options.secret ?? webhookSecret(), timestamp: options.timestamp }));
  return request(baseUrl, 'POST', '/api/webhooks/stripe', payload, { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) });
}

export async function outboxFor(email: string): Promise<StoredEmail[]> {
  const res = await request<StoredEmail[]>(baseUrl, 'GET', `/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return res.body.filter((m) => m.to.includes(email));
}

/**
 * An account whose e-mail has a customer that never paid: a checkout makes the customer, and the account claims it by its
 * verified e-mail (My Bookings), before any payment.
 */
export async function accountHoldingUnpaidCustomer() {
  const holder = await createUser(env);
  const typed = customer({ email: holder.email, firstName: 'Hemi', lastName: 'Holder' });
  await checkout(checkoutBody({ customer: typed }));
  expect((await request(baseUrl, 'GET', '/api/me/bookings', undefined, { authorization: `Bearer ${holder.idToken}` })).status).toBe(200);
  const claimed = (await customerByEmail(holder.email))!;
  expect([claimed.userId, claimed.firstConfirmedAt, claimed.name]).toEqual([holder.sub, undefined, 'Hemi Holder']);
  return { holder, typed, claimed };
}
