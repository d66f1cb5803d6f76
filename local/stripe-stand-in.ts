/**
 * The offline Stripe stand-in. Without STRIPE_SECRET_KEY the app's Stripe SDK is pointed here (see
 * functions/lib/stripe.ts). It answers only the calls the app makes: create, retrieve, list and expire a
 * Checkout Session, create a refund (then sends `charge.refunded` and `refund.created`), list a payment's refunds and
 * retrieve a payment intent (what it received). It serves the hosted checkout page, where Pay marks the session paid, delivers a
 * `checkout.session.completed` event signed with the SDK's own test-header helper to the real webhook
 * route, and redirects to the success URL; Cancel goes to the cancel URL. Its card choice also offers Stripe's declined
 * test card (4000 0000 0000 0002): nothing is paid, the session stays open, and the browser returns to the site as a
 * failed payment (see declinedReturnUrl). Sessions and events are kept
 * under <dataDir>/stripe/ so a restart keeps them; the webhook secret is random per data folder.
 *
 * Test hooks (local only): POST /_local/stripe/sessions/:id/pay[?amount=cents&currency=xxx] (pay without delivering, to
 * race the success page; with `amount` or `currency`, Stripe took another amount or currency than the session asked, a
 * payment the app must hold for review), POST /_local/stripe/events/:id/deliver (deliver an event again), POST
 * /_local/stripe/sessions/:id/expire-now (expire and deliver `checkout.session.expired`),
 * POST /_local/stripe/sessions/:id/expire-{down|ok} (the API's expire of this session answers 500 without expiring it,
 * as when Stripe cannot be reached, or works again),
 * POST /_local/stripe/sessions/:id/refund[?amount=cents] (refund what is left, or that amount, as from Stripe's dashboard:
 * no metadata; delivers `charge.refunded` and `refund.created`), POST /_local/stripe/refunds/:id/fail (the refund
 * fails later, as a closed card makes it: status `failed`, `refund.updated` delivered),
 * POST /_local/stripe/sessions/:id/refunds-{down|lose|refuse|conflict|throttle|ok} (what the refund API does for this
 * payment from now on: answer 500 without refunding (an outage), refund and then answer 500 (the answer lost, as in a
 * crash or a timeout), refuse with 400 `charge_disputed` (Stripe's decision), answer 409 `idempotency_key_in_use`
 * without refunding (another request with the same idempotency key still in progress), answer 429 `rate_limit`
 * without refunding (too many requests), or work again), POST /_local/stripe/sessions/:id/refund-events-{held|sent}
 * (the events of this payment's refunds are kept and not delivered, as when Stripe's webhooks run late; `sent` delivers
 * those kept, in order, and the later ones at once again).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import Stripe from 'stripe';
import { formatMoney } from '../shared/money';
import type { LocalServiceFactory } from './local-service';
import { escapeHtml } from '../shared/html';
import { fromSiteOrNonBrowser } from './same-site';
import * as clock from '../functions/lib/clock';

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const MIN_CHARGE_CENTS = 50;
const SWEEP_MS = 30_000;

interface LineItem {
  name: string;
  description: string | null;
  unitAmount: number;
  quantity: number;
  currency: string;
}

export interface StoredRefund {
  refund: { id: string; object: 'refund'; amount: number; currency: string; payment_intent: string; charge?: string; status: 'succeeded' | 'pending' | 'failed' | 'canceled'; failure_reason?: string | null; created: number; metadata: Record<string, string> };
  idempotencyKey: string | null;
  requestHash: string;
}

export interface StoredSession {
  refunds?: StoredRefund[];
  session: Record<string, unknown> & {
    id: string;
    status: 'open' | 'complete' | 'expired';
    payment_status: 'unpaid' | 'paid';
    amount_total: number;
    currency: string;
    expires_at: number;
    success_url: string;
    cancel_url: string;
  };
  lineItems: LineItem[];
  idempotencyKey: string | null;
  requestHash: string;
}

/** What the refund API does for a payment instead of refunding (the refunds-... test hook); `lose` refunds, then fails. */
type RefundFault = 'down' | 'lose' | 'refuse' | 'conflict' | 'throttle';

interface StoredEvent {
  event: { id: string; type: string; data: { object: unknown } } & Record<string, unknown>;
  deliveries: { at: string; status: number }[];
}

export interface Delivery {
  status: number;
  body: string;
  durationMs: number;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

/** Stripe's own time, here the local clock's (functions/lib/clock.ts), which the webhook's signature check also reads. */
const nowSeconds = () => Math.floor(clock.nowMs() / 1000);

/** What Stripe has given back of a payment: its refunds that did not fail or get canceled. */
const refundedOf = (s: StoredSession) => (s.refunds ?? []).filter((r) => r.refund.status !== 'failed' && r.refund.status !== 'canceled').reduce((sum, r) => sum + r.refund.amount, 0);
const randomId = (prefix: string, length = 24) => prefix + randomBytes(length).toString('base64url').replace(/[-_]/g, '').slice(0, length);

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=3000`) back into objects and arrays. */
/** Keys that would reach an object's prototype: a form naming them is refused, never merged (prototype pollution). */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((p) => p.replace(/^\[|\]$/g, '')) ?? [key];
    if (parts.some((p) => UNSAFE_KEYS.has(p))) throw new StripeApiError(400, `Invalid parameter: ${key}`, key);
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = part as unknown as number;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
        node = container[slot] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function integer(v: unknown, param: string, min: number): number {
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < min) throw new StripeApiError(400, `Invalid integer: ${String(v)}`, param);
  return n;
}

function url(v: unknown, param: string): string {
  if (typeof v !== 'string' || !/^https?:\/\//.test(v)) throw new StripeApiError(400, `Not a valid URL`, param);
  return v;
}

/** The subset of POST /v1/checkout/sessions the app uses, checked the way Stripe checks it. */
function sessionFromParams(params: Record<string, unknown>, baseUrl: string): Pick<StoredSession, 'session' | 'lineItems'> {
  if (params.mode !== 'payment') throw new StripeApiError(400, 'The stand-in supports mode=payment only', 'mode');
  const currency = String(params.currency ?? 'nzd').toLowerCase();
  const rawItems = Array.isArray(params.line_items) ? params.line_items : [];
  if (!rawItems.length) throw new StripeApiError(400, 'line_items is required in payment mode', 'line_items');
  const lineItems = rawItems.map((raw, i): LineItem => {
    const item = asRecord(raw);
    const price = asRecord(item.price_data);
    const product = asRecord(price.product_data);
    if (String(price.currency ?? '').toLowerCase() !== currency) throw new StripeApiError(400, 'All line items must use the session currency', `line_items[${i}][price_data][currency]`);
    if (typeof product.name !== 'string' || !product.name) throw new StripeApiError(400, 'Missing required param: product_data[name]', `line_items[${i}][price_data][product_data][name]`);
    return {
      name: product.name,
      description: typeof product.description === 'string' ? product.description : null,
      unitAmount: integer(price.unit_amount, `line_items[${i}][price_data][unit_amount]`, 0),
      quantity: integer(item.quantity, `line_items[${i}][quantity]`, 1),
      currency,
    };
  });
  const amount = lineItems.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
  if (amount < MIN_CHARGE_CENTS) throw new StripeApiError(400, 'The Checkout Session total must be at least $0.50', 'line_items', 'amount_too_small');
  const created = nowSeconds();
  const expiresAt = params.expires_at === undefined ? created + MAX_EXPIRY_SECONDS : integer(params.expires_at, 'expires_at', 0);
  if (expiresAt < created + MIN_EXPIRY_SECONDS || expiresAt > created + MAX_EXPIRY_SECONDS) {
    throw new StripeApiError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
  }
  const id = randomId('cs_test_', 56);
  return {
    lineItems,
    session: {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: url(params.cancel_url, 'cancel_url'),
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      created,
      currency,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      expires_at: expiresAt,
      livemode: false,
      metadata: Object.fromEntries(Object.entries(asRecord(params.metadata)).map(([k, v]) => [k, String(v)])),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: url(params.success_url, 'success_url'),
      url: `${baseUrl}/_local/stripe/checkout/${id}`,
    },
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1a2433;background:#f3f6fa;margin:0}main{max-width:560px;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 2px 12px #0001;overflow-wrap:anywhere}@media(max-width:600px){main{margin:0;border-radius:0;padding:1rem}}
.banner{background:#fff4d6;border:1px solid #e0b84c;border-radius:8px;padding:.75rem 1rem}table{width:100%;border-collapse:collapse;margin:1rem 0}th,td{text-align:left;padding:.5rem 0;border-bottom:1px solid #dde3ea;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}.total{font-size:1.25rem;font-weight:700}.actions{display:flex;gap:1rem;margin-top:1.5rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;padding:.75rem 1.5rem;border-radius:8px;cursor:pointer;border:2px solid #0b5cad}.pay{background:#0b5cad;color:#fff}.cancel{background:#fff;color:#0b5cad}
button:focus-visible,a:focus-visible{outline:3px solid #e0b84c;outline-offset:2px}small{color:#4a5666}
.cards{border:1px solid #dde3ea;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}.cards label{display:block;padding:.35rem 0}</style></head><body><main>${body}</main></body></html>`;
}

/** The stand-in's dashboard: every paid or open session with its refunds, newest first (Stripe's Payments list). */
function paymentsPage(all: StoredSession[]): string {
  const rows = all
    .sort((a, b) => Number(b.session.created) - Number(a.session.created))
    .map((s) => {
      const refunds = (s.refunds ?? []).map((r) => `<li>Refunded ${formatMoney(r.refund.amount)} (${escapeHtml(r.refund.id)}${r.refund.status === 'succeeded' ? '' : `, ${r.refund.status}`})</li>`).join('');
      const left = s.session.amount_total - refundedOf(s);
      // As from Stripe's dashboard: the app hears of it only through `charge.refunded`.
      const refundButton = s.session.payment_status === 'paid' && left > 0 ? `<form method="post" action="/_local/stripe/sessions/${encodeURIComponent(s.session.id)}/refund"><button type="submit">Refund ${formatMoney(left)}</button></form>` : '';
      return `<tr><td>${escapeHtml(s.session.id.slice(0, 20))}...</td><td>${escapeHtml(String(s.session.customer_email ?? ''))}</td><td>${s.session.status} / ${s.session.payment_status}</td><td class="amount">${formatMoney(s.session.amount_total)}</td><td>${refunds ? `<ul>${refunds}</ul>` : 'None'}${refundButton}</td></tr>`;
    })
    .join('');
  return page('Offline Stripe: payments', `<h1>Payments</h1><p>Checkout sessions and refunds the offline stand-in holds.</p><table><thead><tr><th>Session</th><th>Customer</th><th>Status</th><th>Amount</th><th>Refunds</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No payments yet.</td></tr>'}</tbody></table>`);
}

/** Stripe's test cards the page offers: one that pays, one its issuer declines. */
export const TEST_CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/**
 * Where a declined card sends the browser. Stripe itself keeps the payer on its page with 'Your card was declined'
 * and its way back is the cancel URL; the stand-in goes straight back, saying the payment failed where the site's
 * cancel URL has a place for it (the booking flow's `canceled=true` becomes `failed=true`); otherwise the cancel URL.
 */
export function declinedReturnUrl(cancelUrl: string): string {
  const url = new URL(cancelUrl);
  if (url.searchParams.get('canceled') !== 'true') return cancelUrl;
  url.searchParams.delete('canceled');
  url.searchParams.set('failed', 'true');
  return url.toString();
}

function checkoutPage(s: StoredSession): string {
  const { session } = s;
  const banner = `<p class="banner" role="note"><strong>Offline test checkout.</strong> This page stands in for Stripe while the site runs locally. No card is needed and nothing is charged.</p>`;
  if (session.status !== 'open') {
    const message = session.status === 'complete' ? 'This checkout session has already been paid.' : 'This checkout session has expired.';
    const next = session.status === 'complete' ? session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) : session.cancel_url;
    return page('Offline test checkout', `${banner}<h1>Offline test checkout</h1><p>${message}</p><p><a href="${escapeHtml(next)}">Return to the site</a></p>`);
  }
  const rows = s.lineItems
    .map((l) => `<tr><td><strong>${escapeHtml(l.name)}</strong>${l.description ? `<br><small>${escapeHtml(l.description)}</small>` : ''}</td><td class="amount">${formatMoney(l.unitAmount * l.quantity)}</td></tr>`)
    .join('');
  const amount = `${formatMoney(session.amount_total)} ${session.currency.toUpperCase()}`;
  return page(
    `Pay ${amount} - Offline test checkout`,
    `${banner}<h1>Offline test checkout</h1>
<p>Amount to pay: <span class="total">${amount}</span></p>
${session.customer_email ? `<p>Receipt to: ${escapeHtml(String(session.customer_email))}</p>` : ''}
<table><caption style="text-align:left;font-weight:600">What you are paying for</caption><thead><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${rows}</tbody><tfoot><tr><th scope="row">Total</th><td class="amount total">${amount}</td></tr></tfoot></table>
<form id="pay" method="post" action="/_local/stripe/checkout/${session.id}/pay"><fieldset class="cards"><legend>Test card</legend>
<label><input type="radio" name="card" value="pays" checked> Card that pays (${TEST_CARDS.pays})</label>
<label><input type="radio" name="card" value="declined"> Card that is declined (${TEST_CARDS.declined})</label></fieldset></form>
<div class="actions"><button class="pay" form="pay" type="submit">Pay ${amount}</button>
<form method="post" action="/_local/stripe/checkout/${session.id}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>
<p><small>Session ${escapeHtml(session.id)}, expires ${new Date(session.expires_at * 1000).toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland' })} (NZ time).</small></p>`,
  );
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function sendStripeError(res: ServerResponse, e: StripeApiError): void {
  sendJson(res, e.status, { error: { type: e.type, message: e.message, ...(e.param ? { param: e.param } : {}), ...(e.code ? { code: e.code } : {}) } });
}

/** Where the stand-in keeps its webhook signing secret (one per data folder, never committed). */
export const standInWebhookSecretFile = (dataDir: string) => path.join(dataDir, 'stripe', 'webhook-secret');

export const stripeStandIn: LocalServiceFactory = ({ url: baseUrl, dataDir }) => {
  const dir = path.join(dataDir, 'stripe');
  const sessionsDir = path.join(dir, 'sessions');
  const eventsDir = path.join(dir, 'events');
  mkdirSync(sessionsDir, { recursive: true });
  mkdirSync(eventsDir, { recursive: true });
  const secretFile = standInWebhookSecretFile(dataDir);
  if (!existsSync(secretFile)) writeFileSync(secretFile, `whsec_${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  const secret = readFileSync(secretFile, 'utf8').trim();
  // What functions/lib/stripe.ts needs to talk to the stand-in and check its webhooks.
  process.env.STRIPE_STANDIN_URL = baseUrl;
  process.env.STRIPE_STANDIN_WEBHOOK_SECRET = secret;

  const signer = new Stripe('sk_test_offline_stand_in');
  const sessions = new Map<string, StoredSession>();
  const byIdempotencyKey = new Map<string, string>();
  const events = new Map<string, StoredEvent>();
  const inFlight = new Set<Promise<unknown>>();

  const save = async (file: string, value: unknown) => {
    // Write then rename, so concurrent saves of one session never leave a torn file.
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, JSON.stringify(value, null, 2));
    await rename(tmp, file);
  };
  const saveSession = (s: StoredSession) => save(path.join(sessionsDir, `${s.session.id}.json`), s);
  const saveEvent = (e: StoredEvent) => save(path.join(eventsDir, `${e.event.id}.json`), e);

  const loaded = (async () => {
    for (const f of (await readdir(sessionsDir)).filter((f) => f.endsWith('.json'))) {
      const s = JSON.parse(await readFile(path.join(sessionsDir, f), 'utf8')) as StoredSession;
      sessions.set(s.session.id, s);
      if (s.idempotencyKey) byIdempotencyKey.set(s.idempotencyKey, s.session.id);
    }
    for (const f of (await readdir(eventsDir)).filter((f) => f.endsWith('.json'))) {
      const e = JSON.parse(await readFile(path.join(eventsDir, f), 'utf8')) as StoredEvent;
      events.set(e.event.id, e);
    }
  })();

  async function deliver(stored: StoredEvent): Promise<Delivery> {
    const payload = JSON.stringify(stored.event, null, 2);
    // Signed at the clock's time: the webhook judges the signature's age on the same clock.
    const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: nowSeconds() });
    const started = performance.now();
    let status = 0;
    let body: string;
    try {
      const res = await fetch(`${baseUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      status = res.status;
      body = await res.text();
    } catch (error) {
      body = String(error);
    }
    const durationMs = performance.now() - started;
    stored.deliveries.push({ at: clock.now().toISOString(), status });
    await saveEvent(stored);
    return { status, body, durationMs };
  }

  async function newEvent(type: string, s: StoredSession, object: Record<string, unknown> = s.session): Promise<StoredEvent> {
    const stored: StoredEvent = {
      event: {
        id: randomId('evt_test_', 24),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      deliveries: [],
    };
    events.set(stored.event.id, stored);
    await saveEvent(stored);
    return stored;
  }

  /** Stripe delivers events on its own schedule; these run in the background and close() waits for them. */
  const inBackground = (work: Promise<unknown>) => {
    const p = work.catch((error: unknown) => console.error(JSON.stringify({ level: 'ERROR', message: 'Stripe stand-in delivery failed', error: String(error) })));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  /** Marks an open session paid, for what it asked or, through the test hook, for `charged` (another amount or currency). */
  async function markPaid(s: StoredSession, charged: { amount?: number; currency?: string } = {}): Promise<StoredEvent | null> {
    if (s.session.status !== 'open') return null;
    if (charged.amount !== undefined) s.session.amount_total = charged.amount;
    if (charged.currency !== undefined) s.session.currency = charged.currency;
    s.session.status = 'complete';
    s.session.payment_status = 'paid';
    s.session.payment_intent = randomId('pi_test_', 24);
    await saveSession(s);
    return newEvent('checkout.session.completed', s);
  }

  /**
   * The paid session's charge as Stripe shows it since API 2022-11-15: the amount refunded so far, without the
   * list of refunds (a webhook handler reads `amount_refunded`).
   */
  function chargeOf(s: StoredSession): Record<string, unknown> {
    const pi = String(s.session.payment_intent);
    const refunded = refundedOf(s);
    return { id: `ch_${pi.slice(3)}`, object: 'charge', amount: s.session.amount_total, amount_refunded: refunded, currency: s.session.currency, payment_intent: pi, refunded: refunded >= s.session.amount_total, status: 'succeeded', metadata: {} };
  }

  /** A refund of `amount` (default: what is left), once per idempotency key; Stripe then sends `charge.refunded` and `refund.created`. */
  async function createRefund(paid: StoredSession, amountParam: unknown, metadata: Record<string, string>, key: string | null, requestHash: string): Promise<{ refund: StoredRefund; replayed: boolean; event: StoredEvent | null; created: StoredEvent | null }> {
    const refunds = (paid.refunds ??= []);
    const earlier = key ? refunds.find((r) => r.idempotencyKey === key) : undefined;
    if (earlier) {
      if (earlier.requestHash !== requestHash) throw new StripeApiError(400, 'Keys for idempotent requests can only be used with the same parameters they were first used with.', undefined, 'idempotency_key_in_use');
      return { refund: earlier, replayed: true, event: null, created: null };
    }
    const refunded = refundedOf(paid);
    const amount = amountParam === undefined ? paid.session.amount_total - refunded : integer(amountParam, 'amount', 1);
    if (amount < 1 || refunded + amount > paid.session.amount_total) {
      throw new StripeApiError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.session.amount_total - refunded})`, 'amount', 'charge_already_refunded');
    }
    const stored: StoredRefund = {
      refund: { id: randomId('re_test_', 24), object: 'refund', amount, currency: paid.session.currency, payment_intent: String(paid.session.payment_intent), charge: `ch_${String(paid.session.payment_intent).slice(3)}`, status: 'succeeded', failure_reason: null, created: nowSeconds(), metadata },
      idempotencyKey: key,
      requestHash,
    };
    refunds.push(stored);
    await saveSession(paid);
    const event = await newEvent('charge.refunded', paid, chargeOf(paid));
    return { refund: stored, replayed: false, event, created: await newEvent('refund.created', paid, stored.refund) };
  }

  /** Both events of a new refund, in Stripe's order (each delivery on its own, as Stripe does). */
  const refundEvents = (done: { event: StoredEvent | null; created: StoredEvent | null }) => [done.event, done.created].filter((e): e is StoredEvent => e !== null);

  /** A refund failing after Stripe accepted it (the card closed): `refund.updated` with status failed. */
  async function failRefund(refundId: string): Promise<{ refund: StoredRefund; event: StoredEvent } | null> {
    await loaded;
    for (const s of sessions.values()) {
      const found = (s.refunds ?? []).find((r) => r.refund.id === refundId);
      if (!found) continue;
      if (found.refund.status === 'failed' || found.refund.status === 'canceled') return null;
      found.refund.status = 'failed';
      found.refund.failure_reason = 'expired_or_canceled_card';
      await saveSession(s);
      return { refund: found, event: await newEvent('refund.updated', s, found.refund) };
    }
    throw new StripeApiError(404, `No such refund: '${refundId}'`, 'refund', 'resource_missing');
  }

  async function expire(s: StoredSession): Promise<StoredEvent | null> {
    if (s.session.status !== 'open') return null;
    s.session.status = 'expired';
    s.session.url = null;
    await saveSession(s);
    return newEvent('checkout.session.expired', s);
  }

  /** Sessions past their expiry expire as they would at Stripe, with their event. */
  const sweep = setInterval(() => {
    const now = nowSeconds();
    for (const s of sessions.values()) if (s.session.status === 'open' && s.session.expires_at <= now) inBackground(expire(s).then((e) => e && deliver(e)));
  }, SWEEP_MS);
  sweep.unref();

  async function session(id: string): Promise<StoredSession> {
    await loaded;
    const s = sessions.get(id);
    if (!s) throw new StripeApiError(404, `No such checkout.session: '${id}'`, 'session', 'resource_missing');
    if (s.session.status === 'open' && s.session.expires_at <= nowSeconds()) {
      const e = await expire(s);
      if (e) inBackground(deliver(e));
    }
    return s;
  }

  /** Refund faults by payment intent (the test hooks above); none by default. Not kept across restarts. */
  const refundFaults = new Map<string, RefundFault>();
  /** Payment intents whose refund events are kept undelivered (the hook above), with the events kept so far. */
  const heldRefundEvents = new Map<string, StoredEvent[]>();

  /** Delivers a refund's events, in order, or keeps them while the payment's refund events are held. */
  const deliverRefundEvents = async (paymentIntent: string, list: StoredEvent[]): Promise<Delivery[]> => {
    const held = heldRefundEvents.get(paymentIntent);
    if (!held) return deliverAll(list);
    held.push(...list);
    return [];
  };

  /** GET /v1/refunds?payment_intent=...: newest first, `limit` (1 to 100, default 10) a page, `starting_after` for the next. */
  async function listRefunds(query: URLSearchParams): Promise<Record<string, unknown>> {
    await loaded;
    const pi = query.get('payment_intent');
    const paid = pi ? [...sessions.values()].find((s) => s.session.payment_intent === pi) : undefined;
    if (pi && !paid) throw new StripeApiError(404, `No such payment_intent: '${pi}'`, 'payment_intent', 'resource_missing');
    const all = (pi ? (paid!.refunds ?? []) : [...sessions.values()].flatMap((s) => s.refunds ?? [])).map((r) => r.refund);
    const newestFirst = all.map((r, i) => ({ r, i })).sort((a, b) => b.r.created - a.r.created || b.i - a.i).map((x) => x.r);
    const limit = query.has('limit') ? integer(query.get('limit'), 'limit', 1) : 10;
    if (limit > 100) throw new StripeApiError(400, 'limit must be at most 100', 'limit');
    const after = query.get('starting_after');
    const from = after ? newestFirst.findIndex((r) => r.id === after) + 1 : 0;
    if (after && from === 0) throw new StripeApiError(400, `No such refund: '${after}'`, 'starting_after', 'resource_missing');
    const data = newestFirst.slice(from, from + limit);
    return { object: 'list', data, has_more: from + limit < newestFirst.length, url: '/v1/refunds' };
  }

  /**
   * GET /v1/checkout/sessions: newest first, `status` (open, complete, expired), `created[gte]`, `limit` (1 to 100,
   * default 10) a page, `starting_after` for the next. Sessions past their expiry are expired first, as a read does.
   */
  async function listSessions(query: URLSearchParams): Promise<Record<string, unknown>> {
    await loaded;
    const now = nowSeconds();
    for (const s of sessions.values()) {
      if (s.session.status === 'open' && s.session.expires_at <= now) {
        const e = await expire(s);
        if (e) inBackground(deliver(e));
      }
    }
    const status = query.get('status');
    if (status && !['open', 'complete', 'expired'].includes(status)) throw new StripeApiError(400, `Invalid status: must be one of open, complete, or expired`, 'status');
    const since = query.has('created[gte]') ? integer(query.get('created[gte]'), 'created[gte]', 0) : 0;
    const newestFirst = [...sessions.values()]
      .map((s) => s.session)
      .filter((s) => (!status || s.status === status) && Number(s.created) >= since)
      .sort((a, b) => Number(b.created) - Number(a.created) || (a.id < b.id ? 1 : -1));
    const limit = query.has('limit') ? integer(query.get('limit'), 'limit', 1) : 10;
    if (limit > 100) throw new StripeApiError(400, 'limit must be at most 100', 'limit');
    const after = query.get('starting_after');
    const from = after ? newestFirst.findIndex((s) => s.id === after) + 1 : 0;
    if (after && from === 0) throw new StripeApiError(400, `No such checkout.session: '${after}'`, 'starting_after', 'resource_missing');
    return { object: 'list', data: newestFirst.slice(from, from + limit), has_more: from + limit < newestFirst.length, url: '/v1/checkout/sessions' };
  }

  /** Sessions whose expire call answers 500 without expiring (the expire-down test hook): Stripe unreachable for it. */
  const expireFaults = new Set<string>();

  async function api(req: IncomingMessage, res: ServerResponse, pathname: string, body: Buffer, query: URLSearchParams): Promise<void> {
    if (!/^Bearer sk_test_\S+$/.test(req.headers.authorization ?? '')) {
      sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'You did not provide a test-mode API key.' } });
      return;
    }
    const method = req.method ?? 'GET';
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(pathname);
    try {
      if (method === 'GET' && pathname === '/v1/refunds') {
        // An outage takes the whole API away, listing included.
        if (refundFaults.get(query.get('payment_intent') ?? '') === 'down') throw new StripeApiError(500, 'An error occurred with our connection to Stripe.', undefined, 'api_error');
        sendJson(res, 200, await listRefunds(query));
        return;
      }
      const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(pathname);
      if (method === 'GET' && intent) {
        await loaded;
        const id = decodeURIComponent(intent[1]!);
        const paid = [...sessions.values()].find((s) => s.session.payment_intent === id);
        if (!paid) throw new StripeApiError(404, `No such payment_intent: '${id}'`, 'intent', 'resource_missing');
        sendJson(res, 200, { id, object: 'payment_intent', amount: paid.session.amount_total, amount_received: paid.session.amount_total, currency: paid.session.currency, status: 'succeeded', metadata: paid.session.metadata ?? {} });
        return;
      }
      if (method === 'POST' && pathname === '/v1/refunds') {
        await loaded;
        const text = body.toString('utf8');
        const params = parseStripeForm(text);
        const requestHash = createHash('sha256').update(text).digest('hex');
        const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
        const paid = [...sessions.values()].find((s) => s.session.payment_intent === params.payment_intent && s.session.payment_status === 'paid');
        if (!paid) throw new StripeApiError(400, `No such payment_intent: '${String(params.payment_intent)}'`, 'payment_intent', 'resource_missing');
        const metadata = Object.fromEntries(Object.entries(asRecord(params.metadata)).map(([k, v]) => [k, String(v)]));
        const fault = refundFaults.get(String(paid.session.payment_intent));
        if (fault === 'down') throw new StripeApiError(500, 'An error occurred with our connection to Stripe.', undefined, 'api_error');
        if (fault === 'refuse') throw new StripeApiError(400, 'This charge has been disputed and cannot be refunded.', undefined, 'charge_disputed');
        if (fault === 'conflict') throw new StripeApiError(409, `There is currently another in-progress request using this idempotent key (that probably means you submitted twice, and the other request is still going through): ${key ?? ''}. Please try again later.`, undefined, 'idempotency_key_in_use', 'idempotency_error');
        if (fault === 'throttle') throw new StripeApiError(429, 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.', undefined, 'rate_limit');
        const done = await createRefund(paid, params.amount, metadata, key, requestHash);
        // Stripe answers the call, then sends the events on its own schedule.
        inBackground(deliverRefundEvents(String(paid.session.payment_intent), refundEvents(done)));
        if (fault === 'lose') throw new StripeApiError(500, 'An error occurred with our connection to Stripe.', undefined, 'api_error');
        sendJson(res, 200, done.refund.refund, done.replayed ? { 'idempotent-replayed': 'true' } : {});
        return;
      }
      if (method === 'POST' && pathname === '/v1/checkout/sessions') {
        await loaded;
        const text = body.toString('utf8');
        const requestHash = createHash('sha256').update(text).digest('hex');
        const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
        const earlier = key ? sessions.get(byIdempotencyKey.get(key) ?? '') : undefined;
        if (earlier) {
          if (earlier.requestHash !== requestHash) throw new StripeApiError(400, 'Keys for idempotent requests can only be used with the same parameters they were first used with.', undefined, 'idempotency_key_in_use');
          sendJson(res, 200, earlier.session, { 'idempotent-replayed': 'true' });
          return;
        }
        const created: StoredSession = { ...sessionFromParams(parseStripeForm(text), baseUrl), idempotencyKey: key, requestHash };
        sessions.set(created.session.id, created);
        if (key) byIdempotencyKey.set(key, created.session.id);
        await saveSession(created);
        sendJson(res, 200, created.session);
        return;
      }
      if (method === 'GET' && pathname === '/v1/checkout/sessions') {
        sendJson(res, 200, await listSessions(query));
        return;
      }
      if (method === 'GET' && one && !one[2]) {
        sendJson(res, 200, (await session(decodeURIComponent(one[1]!))).session);
        return;
      }
      if (method === 'POST' && one && one[2]) {
        const s = await session(decodeURIComponent(one[1]!));
        if (expireFaults.has(s.session.id)) throw new StripeApiError(500, 'An error occurred with our connection to Stripe.', undefined, 'api_error');
        const e = await expire(s);
        if (!e) throw new StripeApiError(400, `Only Checkout Sessions with a status of open can be expired. This session has a status of ${s.session.status}.`);
        inBackground(deliver(e));
        sendJson(res, 200, s.session);
        return;
      }
      throw new StripeApiError(404, `Unrecognized request URL (${method}: ${pathname}). The offline Stripe stand-in answers only the calls this app makes.`);
    } catch (error) {
      if (error instanceof StripeApiError) sendStripeError(res, error);
      else throw error;
    }
  }

  const deliverAll = async (list: StoredEvent[]): Promise<Delivery[]> => {
    const out: Delivery[] = [];
    for (const e of list) out.push(await deliver(e));
    return out;
  };

  async function local(req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams, body: Buffer): Promise<void> {
    const method = req.method ?? 'GET';
    // A page on another site must not pay, cancel or expire a session by posting a form here.
    if (method !== 'GET' && !fromSiteOrNonBrowser(req, baseUrl)) return sendJson(res, 403, { message: 'Cross-site requests are not accepted' });
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(text);
    };
    const redirect = (to: string) => {
      res.writeHead(303, { location: to, 'cache-control': 'no-store' });
      res.end();
    };
    if (method === 'GET' && (pathname === '/_local/stripe' || pathname === '/_local/stripe/')) {
      await loaded;
      return html(200, paymentsPage([...sessions.values()]));
    }
    const route = /^\/_local\/stripe\/(checkout|sessions|events|refunds)\/([^/]+)(?:\/([a-z-]+))?$/.exec(pathname);
    if (!route) return html(404, page('Not found', '<p>Nothing here.</p>'));
    const [, kind, rawId, action] = route as unknown as [string, string, string, string | undefined];
    const id = decodeURIComponent(rawId);
    try {
      if (kind === 'checkout' && method === 'GET' && !action) return html(200, checkoutPage(await session(id)));
      if (kind === 'checkout' && method === 'POST' && action === 'pay') {
        const s = await session(id);
        if (s.session.status === 'expired') return html(410, checkoutPage(s));
        // As with Stripe's declined test card: no money moves, no event is sent, the session stays open.
        if (new URLSearchParams(body.toString('utf8')).get('card') === 'declined' && s.session.status === 'open') return redirect(declinedReturnUrl(s.session.cancel_url));
        const e = await markPaid(s);
        // Stripe sends the event and redirects the browser independently; waiting here for the delivery
        // keeps local runs deterministic. The success page copes either way.
        if (e) await deliver(e);
        return redirect(s.session.success_url.replace('{CHECKOUT_SESSION_ID}', s.session.id));
      }
      if (kind === 'checkout' && method === 'POST' && action === 'cancel') return redirect((await session(id)).session.cancel_url);
      if (kind === 'sessions' && method === 'POST' && action === 'pay') {
        const s = await session(id);
        const currency = query.get('currency');
        if (currency !== null && !/^[a-z]{3}$/.test(currency)) throw new StripeApiError(400, `Invalid currency: ${currency}`, 'currency');
        const e = await markPaid(s, { ...(query.has('amount') ? { amount: integer(query.get('amount'), 'amount', 1) } : {}), ...(currency !== null ? { currency } : {}) });
        if (!e) return sendJson(res, 409, { message: `Session is ${s.session.status}` });
        return sendJson(res, 200, { sessionId: s.session.id, eventId: e.event.id });
      }
      if (kind === 'sessions' && method === 'POST' && action === 'expire-now') {
        const s = await session(id);
        const e = await expire(s);
        if (!e) return sendJson(res, 409, { message: `Session is ${s.session.status}` });
        return sendJson(res, 200, { sessionId: s.session.id, eventId: e.event.id, delivery: await deliver(e) });
      }
      // What a refund from Stripe's dashboard does: everything still paid goes back (or `?amount=` cents), with no
      // metadata, and `charge.refunded` and `refund.created` follow.
      if (kind === 'sessions' && method === 'POST' && action === 'refund') {
        const s = await session(id);
        if (s.session.payment_status !== 'paid') return sendJson(res, 409, { message: 'Only a paid session can be refunded' });
        const done = await createRefund(s, query.get('amount') ?? undefined, {}, null, randomId('dashboard_', 12));
        const [delivery, createdDelivery] = await deliverRefundEvents(String(s.session.payment_intent), refundEvents(done));
        if ((req.headers.accept ?? '').includes('text/html')) return redirect('/_local/stripe');
        return sendJson(res, 200, { refundId: done.refund.refund.id, amount: done.refund.refund.amount, eventId: done.event?.event.id, createdEventId: done.created?.event.id, delivery, createdDelivery });
      }
      if (kind === 'refunds' && method === 'POST' && action === 'fail') {
        const failed = await failRefund(id);
        if (!failed) return sendJson(res, 409, { message: 'The refund has already failed or been canceled' });
        const [delivery] = await deliverRefundEvents(failed.refund.refund.payment_intent, [failed.event]);
        return sendJson(res, 200, { refundId: id, eventId: failed.event.event.id, delivery });
      }
      if (kind === 'sessions' && method === 'POST' && (action === 'expire-down' || action === 'expire-ok')) {
        const s = await session(id);
        if (action === 'expire-down') expireFaults.add(s.session.id);
        else expireFaults.delete(s.session.id);
        return sendJson(res, 200, { sessionId: s.session.id, expire: action === 'expire-down' ? 'down' : 'ok' });
      }
      const fault = kind === 'sessions' && method === 'POST' ? /^refunds-(down|lose|refuse|conflict|throttle|ok)$/.exec(action ?? '') : null;
      if (fault) {
        const s = await session(id);
        const pi = String(s.session.payment_intent ?? '');
        if (fault[1] === 'ok') refundFaults.delete(pi);
        else refundFaults.set(pi, fault[1] as RefundFault);
        return sendJson(res, 200, { paymentIntent: pi, refunds: fault[1] });
      }
      const hold = kind === 'sessions' && method === 'POST' ? /^refund-events-(held|sent)$/.exec(action ?? '') : null;
      if (hold) {
        const pi = String((await session(id)).session.payment_intent ?? '');
        const kept = heldRefundEvents.get(pi) ?? [];
        if (hold[1] === 'held') {
          heldRefundEvents.set(pi, kept);
          return sendJson(res, 200, { paymentIntent: pi, refundEvents: 'held' });
        }
        heldRefundEvents.delete(pi);
        return sendJson(res, 200, { paymentIntent: pi, refundEvents: 'sent', deliveries: await deliverAll(kept) });
      }
      if (kind === 'events' && method === 'POST' && action === 'deliver') {
        await loaded;
        const e = events.get(id);
        if (!e) return sendJson(res, 404, { message: `No such event: ${id}` });
        return sendJson(res, 200, await deliver(e));
      }
      return html(404, page('Not found', '<p>Nothing here.</p>'));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      if (kind === 'checkout') return html(error.status, page('Offline test checkout', `<h1>Offline test checkout</h1><p>${escapeHtml(error.message)}</p>`));
      return sendJson(res, error.status, { message: error.message });
    }
  }

  return {
    async handle(req, res, body) {
      const { pathname, searchParams } = new URL(req.url ?? '/', 'http://local');
      if (pathname.startsWith('/v1/')) {
        await api(req, res, pathname, body, searchParams);
        return true;
      }
      if (pathname === '/_local/stripe' || pathname.startsWith('/_local/stripe/')) {
        await local(req, res, pathname, searchParams, body);
        return true;
      }
      return false;
    },
    async close() {
      clearInterval(sweep);
      await Promise.allSettled([...inFlight]);
    },
  };
};
