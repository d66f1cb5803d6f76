/**
 * Reconcile: our books against Stripe, and against themselves. Each finding names its rule:
 * - `matches-stripe`: every paid booking's ledger against Stripe's payment and refunds. For each booking with a
 *   payment intent: what Stripe received against what the ledger says was charged (held plus refunds counted); every
 *   refund Stripe made on the ledger once, by id, with Stripe's amount; no refund line with an id Stripe does not count;
 *   and what is held equal to what Stripe received less its refunds and less what the app still owes (pending lines
 *   not yet at Stripe, failed lines owed to the customer); payments towards the balance (in the yard, or online through
 *   a balance checkout, each online one checked against its own payment intent: received in full, its refunds on
 *   refund lines) are set apart from the first payment's figures;
 * - the books' own rules (books-rules.ts): the ledger sums to what was paid, what is paid is within the total unless
 *   held for review, a cancelled booking keeps at most what its cancellation kept, no open Checkout session on an ended
 *   or fully paid booking (nor two on one), refunds within the payment they are against (at Stripe too);
 * - `stripe-payment-recorded`: every payment Stripe took through a Checkout session (balance sessions included) is
 *   recorded on exactly one booking, the booking its payment intent points to.
 * A finding is logged as 'Reconcile difference' (the daily job's alarm counts it) and returned.
 *
 * The bookings are walked through the admin list's index (gsi2, `BOOKINGS#<yyyy-mm>`, every booking ever confirmed,
 * cancelled ones included), month by month from the counters' first month to this one: one Query partition a
 * month, so the read is bounded by the bookings themselves, never a Scan. Stripe's sessions are listed from the
 * first of those months (open and complete ones, 100 a page); a paid session no walked booking records is looked up
 * by key (its `CHECKOUT#` item, then its booking).
 */
import type Stripe from 'stripe';
import { formatMoney } from '../../../shared/money';
import { isListed, type Booking } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { stripeClient } from '../../lib/stripe';
import { allBookingsPartition, walkAcrossMonths } from '../../store/admin-lists';
import { getBooking } from '../../store/bookings';
import { bookingIdsOfPayments, getCheckoutSession } from '../../store/checkout-sessions';
import { readStats } from '../../store/counters';
import { balanceLineOf } from './balance-payment';
import { BOOKS_RULES, checkBooks, recordedFirstCharge, type BooksRule } from './books-rules';
import { chargedCents, refundCounts, type StripeRefund } from './refund-ledger';
import { listPaymentRefunds } from './refund-settlement';
import * as clock from '../../lib/clock';
import { isYardRefund } from '../../../shared/refund-lines';

export const RECONCILE_RULES = {
  ...BOOKS_RULES,
  /** The booking's ledger agrees with Stripe's payment and refunds. */
  matchesStripe: 'matches-stripe',
  /** Every payment Stripe took through a Checkout session is recorded on exactly one booking. */
  stripePaymentRecorded: 'stripe-payment-recorded',
} as const;

export type ReconcileRule = BooksRule | typeof RECONCILE_RULES.matchesStripe | typeof RECONCILE_RULES.stripePaymentRecorded;

export interface ReconcileDifference {
  bookingId: string;
  reference: string;
  rule: ReconcileRule;
  detail: string;
  /** `matches-stripe`: what the ledger says, and what Stripe says. */
  ledger?: string;
  stripe?: string;
}

export interface StripePayment {
  amountReceived: number;
}

/** An online balance payment's own payment intent as Stripe reports it: what it received, and its refunds. */
export interface StripeBalancePayment extends StripePayment {
  refunds: readonly StripeRefund[];
}

/** What the ledger says and what Stripe says, where they differ. */
export interface Difference {
  ledger: string;
  stripe: string;
}

/**
 * Each online balance payment line against its own payment intent: Stripe received the line's amount, and every
 * refund of it is on a refund line (the app sends one there when the first payment has no room left for it).
 */
function compareBalancePayments(b: Booking, balancePayments: ReadonlyMap<string, StripeBalancePayment>): Difference[] {
  const out: Difference[] = [];
  for (const l of b.ledger ?? []) {
    if (l.kind !== 'payment' || l.method !== 'online') continue;
    const pi = l.paymentIntent ? balancePayments.get(l.paymentIntent) : undefined;
    if (!pi) {
      out.push({ ledger: `balance paid online ${formatMoney(l.amountCents)} (${l.paymentIntent ?? 'no payment intent'})`, stripe: 'no such payment' });
      continue;
    }
    if (pi.amountReceived !== l.amountCents) out.push({ ledger: `balance paid online ${formatMoney(l.amountCents)}`, stripe: `received ${formatMoney(pi.amountReceived)} (${l.paymentIntent})` });
    for (const r of pi.refunds.filter(refundCounts)) {
      // The app sends a refund here when the first payment has no room left for it (refund.ts refundTarget).
      const on = (b.ledger ?? []).find((x) => x.kind === 'refund' && x.refundId === r.id && x.status !== 'failed');
      // A line of ours still pending whose refund Stripe has made (its answer not recorded yet) is in flight, not a difference.
      const pendingOurs = (b.ledger ?? []).some((x) => x.kind === 'refund' && x.status === 'pending' && x.id === r.metadata?.ledgerLine);
      if (!on && pendingOurs) continue;
      if (!on) out.push({ ledger: 'no line for this refund of a balance payment', stripe: `refund ${r.id} of ${formatMoney(r.amount)}` });
      else if (-on.amountCents !== r.amount) out.push({ ledger: `refund ${r.id} of ${formatMoney(-on.amountCents)}`, stripe: `refund ${r.id} of ${formatMoney(r.amount)}` });
    }
  }
  return out;
}

/**
 * What differs between one booking's ledger and Stripe (pure). `payment` and `refunds` are the booking's first payment
 * (its checkout); payments towards the balance (`payment` lines: in the yard, or online with their own payment intent,
 * `balancePayments`) are held too but were not charged on it.
 */
export function compareWithStripe(b: Booking, payment: StripePayment, refunds: readonly StripeRefund[], balancePayments: ReadonlyMap<string, StripeBalancePayment> = new Map()): Difference[] {
  const out: Difference[] = compareBalancePayments(b, balancePayments);
  // Money handed back in the yard never went through Stripe: set apart like the yard's payments (paidLater).
  const lines = (b.ledger ?? []).filter((l) => l.kind === 'refund' && !isYardRefund(l));
  const handedBack = (b.ledger ?? []).filter((l) => l.kind === 'refund' && isYardRefund(l) && l.status !== 'failed').reduce((sum, l) => sum - l.amountCents, 0);
  const paidLater = (b.ledger ?? []).filter((l) => l.kind === 'payment').reduce((sum, l) => sum + l.amountCents, 0);
  const elsewhere = [...balancePayments.values()].flatMap((p) => p.refunds.filter(refundCounts));
  const refundedElsewhere = new Set(elsewhere.map((r) => r.id));
  const elsewhereLines = lines.filter((l) => l.refundId && refundedElsewhere.has(l.refundId) && l.status !== 'failed').reduce((sum, l) => sum - l.amountCents, 0);
  const charged = chargedCents(b) - paidLater;
  if (charged !== payment.amountReceived) out.push({ ledger: `charged ${formatMoney(charged)}`, stripe: `received ${formatMoney(payment.amountReceived)}` });
  const counted = refunds.filter(refundCounts);
  for (const r of counted) {
    const on = lines.filter((l) => l.refundId === r.id && l.status !== 'failed');
    const pendingOurs = lines.some((l) => l.status === 'pending' && l.id === r.metadata?.ledgerLine);
    if (on.length === 0 && !pendingOurs) out.push({ ledger: 'no line for this refund', stripe: `refund ${r.id} of ${formatMoney(r.amount)}` });
    else if (on.length > 1) out.push({ ledger: `${on.length} lines for refund ${r.id}`, stripe: `refund ${r.id} of ${formatMoney(r.amount)}, once` });
    else if (on.length === 1 && -on[0]!.amountCents !== r.amount) out.push({ ledger: `refund ${r.id} of ${formatMoney(-on[0]!.amountCents)}`, stripe: `refund ${r.id} of ${formatMoney(r.amount)}` });
  }
  for (const l of lines) {
    if (!l.refundId || l.status === 'failed' || refundedElsewhere.has(l.refundId)) continue;
    if (!counted.some((r) => r.id === l.refundId)) {
      const there = refunds.find((r) => r.id === l.refundId);
      out.push({ ledger: `refund ${l.refundId} of ${formatMoney(-l.amountCents)} made`, stripe: there ? `refund ${l.refundId} ${there.status ?? 'unknown'}` : `no refund ${l.refundId}` });
    }
  }
  const atStripe = new Set(counted.map((r) => r.metadata?.ledgerLine).filter((id): id is string => !!id));
  const owed = lines.filter((l) => (l.status === 'pending' && !atStripe.has(l.id)) || (l.status === 'failed' && !l.outside)).reduce((sum, l) => sum - l.amountCents, 0);
  const held = (b.payment?.amountPaidCents ?? 0) - paidLater + elsewhereLines + handedBack;
  const expected = payment.amountReceived - counted.reduce((sum, r) => sum + r.amount, 0) - owed;
  if (held !== expected) out.push({ ledger: `paid ${formatMoney(held)}`, stripe: `received less refunds${owed ? ' less owed' : ''}: ${formatMoney(expected)}` });
  return out;
}

/** The months from `first` (yyyy-mm) to `last`, newest first. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last; ) {
    out.unshift(key);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
    key = `${y}-${String(m).padStart(2, '0')}`;
  }
  return out;
}

async function stripePayment(paymentIntent: string): Promise<StripePayment> {
  const pi = await (await stripeClient()).paymentIntents.retrieve(paymentIntent);
  return { amountReceived: pi.amount_received };
}

/** The payment at Stripe, or null when Stripe does not know it (404). */
async function knownAtStripe(paymentIntent: string): Promise<StripePayment | null> {
  try {
    return await stripePayment(paymentIntent);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}

/** The booking's online balance payments at Stripe, by payment intent (one or two calls each; most bookings have none). */
async function stripeBalancePayments(b: Booking): Promise<Map<string, StripeBalancePayment>> {
  const intents = (b.ledger ?? []).filter((l) => l.kind === 'payment' && l.method === 'online' && l.paymentIntent).map((l) => l.paymentIntent!);
  const found = await Promise.all(
    intents.map(async (pi) => {
      // Stripe not knowing the payment is a difference to report, not a reason to stop the run.
      const payment = await knownAtStripe(pi);
      return payment ? ([pi, { ...payment, refunds: await listPaymentRefunds(pi) }] as const) : null;
    }),
  );
  return new Map(found.filter((f): f is NonNullable<typeof f> => f !== null));
}

/**
 * One booking's differences: its ledger against Stripe's payments and refunds, and the books' own rules (with the
 * balance sessions Stripe holds open for it, `openSessions`). What reconcile checks of each booking it walks.
 */
export async function bookingDifferences(b: Booking, openSessions: readonly string[]): Promise<Omit<ReconcileDifference, 'bookingId' | 'reference'>[]> {
  const out: Omit<ReconcileDifference, 'bookingId' | 'reference'>[] = [];
  let firstCharge = recordedFirstCharge(b);
  const paymentIntent = b.payment?.paymentIntent;
  if (paymentIntent) {
    const known = await knownAtStripe(paymentIntent);
    if (!known) {
      // A booking's payment Stripe has never heard of is the difference to report, and the rest of the run goes on.
      out.push({ rule: RECONCILE_RULES.matchesStripe, detail: `the booking was paid by ${paymentIntent}; Stripe has no such payment`, ledger: paymentIntent, stripe: 'no such payment' });
      return out;
    }
    const [payment, refunds, balancePayments] = await Promise.all([known, listPaymentRefunds(paymentIntent), stripeBalancePayments(b)]);
    firstCharge ??= payment.amountReceived;
    for (const d of compareWithStripe(b, payment, refunds, balancePayments)) out.push({ rule: RECONCILE_RULES.matchesStripe, detail: `the ledger says ${d.ledger}; Stripe says ${d.stripe}`, ...d });
    for (const [pi, p] of [[paymentIntent, { ...payment, refunds }] as const, ...balancePayments]) {
      const beyond = refundsBeyond(pi, p.amountReceived, p.refunds);
      if (beyond) out.push({ rule: RECONCILE_RULES.refundWithinPayment, detail: beyond });
    }
  }
  for (const f of checkBooks(b, { firstChargeCents: firstCharge ?? b.amountDueNowCents, openSessions })) out.push({ rule: f.rule, detail: f.detail });
  return out;
}

export interface ReconcileReport {
  checked: number;
  differences: ReconcileDifference[];
}

/** A Checkout session as reconcile reads it from Stripe's list. */
interface ListedSession {
  id: string;
  paid: boolean;
  paymentIntent: string | null;
  amount: number;
  bookingId: string | null;
  balance: boolean;
}

/** Every Checkout session Stripe holds in `status`, created since `since` (epoch seconds), all pages. */
async function stripeSessions(status: 'open' | 'complete', since: number): Promise<ListedSession[]> {
  const stripe = await stripeClient();
  const out: ListedSession[] = [];
  for await (const s of stripe.checkout.sessions.list({ status, created: { gte: since }, limit: 100 }) as AsyncIterable<Stripe.Checkout.Session>) {
    out.push({
      id: s.id,
      paid: s.payment_status === 'paid',
      paymentIntent: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
      amount: s.amount_total ?? 0,
      bookingId: s.metadata?.bookingId ?? null,
      balance: s.metadata?.purpose === 'balance',
    });
  }
  return out;
}

/** Whether the booking records the session's payment: as its first payment, or as a balance paid online. */
const recordsSession = (b: Booking, sessionId: string): boolean => (isListed(b) && b.payment?.sessionId === sessionId) || !!balanceLineOf(b, sessionId);

/** Refunds Stripe counts on one payment beyond what it received. */
function refundsBeyond(paymentIntent: string, received: number, refunds: readonly StripeRefund[]): string | null {
  const refunded = refunds.filter(refundCounts).reduce((sum, r) => sum + r.amount, 0);
  return refunded > received ? `Stripe refunded ${formatMoney(refunded)} of the ${formatMoney(received)} it received (${paymentIntent})` : null;
}

interface Claim {
  bookingId: string;
  reference: string;
  paymentIntent: string | null;
}

export async function reconcileBookings(options: { now?: Date; progress?: (line: string) => void } = {}): Promise<ReconcileReport> {
  const now = options.now ?? clock.now();
  const stats = await readStats();
  const known = [...stats.months.keys()].sort();
  const thisMonth = now.toISOString().slice(0, 7);
  const months = known.length ? monthsBetween(known[0]! < thisMonth ? known[0]! : thisMonth, thisMonth) : [thisMonth];
  const since = Math.floor(Date.parse(`${months[months.length - 1]!}-01T00:00:00Z`) / 1000);
  const [complete, open] = await Promise.all([stripeSessions('complete', since), stripeSessions('open', since)]);
  const openByBooking = new Map<string, string[]>();
  for (const s of open) if (s.balance && s.bookingId) openByBooking.set(s.bookingId, [...(openByBooking.get(s.bookingId) ?? []), s.id]);
  const claims = new Map<string, Claim[]>();
  const claim = (sessionId: string, c: Claim) => claims.set(sessionId, [...(claims.get(sessionId) ?? []), c]);

  const report: ReconcileReport = { checked: 0, differences: [] };
  const found = (b: Pick<Booking, 'id' | 'bookingReference'>, rule: ReconcileRule, detail: string, sides?: { ledger: string; stripe: string }) => {
    const difference: ReconcileDifference = { bookingId: b.id, reference: b.bookingReference ?? b.id, rule, detail, ...(sides ?? {}) };
    logger.error('Reconcile difference', { ...difference });
    report.differences.push(difference);
  };

  for await (const page of walkAcrossMonths('gsi2', allBookingsPartition, months, 100)) {
    for (const b of page) {
      report.checked++;
      for (const d of await bookingDifferences(b, openByBooking.get(b.id) ?? [])) found(b, d.rule, d.detail, d.ledger !== undefined && d.stripe !== undefined ? { ledger: d.ledger, stripe: d.stripe } : undefined);
      const reference = b.bookingReference ?? b.id;
      if (b.payment?.sessionId) claim(b.payment.sessionId, { bookingId: b.id, reference, paymentIntent: b.payment.paymentIntent });
      for (const l of b.ledger ?? []) if (l.kind === 'payment' && l.sessionId) claim(l.sessionId, { bookingId: b.id, reference, paymentIntent: l.paymentIntent ?? null });
    }
    options.progress?.(`${report.checked} bookings checked, ${report.differences.length} differences`);
  }
  await checkStripePayments(complete.filter((s) => s.paid), claims, found);
  return report;
}

/** Every payment Stripe took through a Checkout session: recorded on exactly one booking, which its payment intent points to. */
async function checkStripePayments(paid: readonly ListedSession[], claims: ReadonlyMap<string, Claim[]>, found: (b: Pick<Booking, 'id' | 'bookingReference'>, rule: ReconcileRule, detail: string) => void): Promise<void> {
  const rule = RECONCILE_RULES.stripePaymentRecorded;
  const single: { session: ListedSession; claim: Claim }[] = [];
  for (const s of paid) {
    const on = claims.get(s.id) ?? [];
    const what = `Stripe's payment of ${formatMoney(s.amount)} (session ${s.id})`;
    if (on.length > 1) {
      for (const c of on) found({ id: c.bookingId, bookingReference: c.reference }, rule, `${what} is recorded on ${on.length} bookings`);
    } else if (on.length === 1) {
      if (on[0]!.paymentIntent !== s.paymentIntent) found({ id: on[0]!.bookingId, bookingReference: on[0]!.reference }, rule, `${what} is recorded with payment ${on[0]!.paymentIntent ?? 'none'}, Stripe's is ${s.paymentIntent ?? 'none'}`);
      else if (s.paymentIntent) single.push({ session: s, claim: on[0]! });
    } else {
      // Not on any booking walked: recorded since the walk passed it (a webhook just now), or never.
      const record = await getCheckoutSession(s.id);
      const bookingId = record?.bookingId ?? s.bookingId;
      const b = bookingId ? await getBooking(bookingId, true) : null;
      if (b && recordsSession(b, s.id)) continue;
      found({ id: b?.id ?? bookingId ?? s.id, bookingReference: b?.bookingReference ?? bookingId ?? s.id }, rule, `${what} is recorded on no booking${b ? ` (its booking is ${b.status})` : ''}`);
    }
  }
  // The payment intent -> booking pointers (how Stripe's refund events find the booking), read by key.
  const pointers = await bookingIdsOfPayments(single.map((x) => x.session.paymentIntent!));
  single.forEach(({ session, claim }, i) => {
    if (pointers[i] !== claim.bookingId) found({ id: claim.bookingId, bookingReference: claim.reference }, rule, `payment ${session.paymentIntent} points to ${pointers[i] ? `another booking (${pointers[i]})` : 'no booking'}`);
  });
}
