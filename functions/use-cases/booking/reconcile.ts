/**
 * Reconcile (issue 26 item 8): every paid booking's ledger against Stripe's payment and refunds. For each booking
 * with a payment intent: what Stripe received against what the ledger says was charged (held plus refunds
 * counted); every refund Stripe made on the ledger once, by id, with Stripe's amount; no refund line with an id
 * Stripe does not count; and what is held equal to what Stripe received less its refunds and less what the app
 * still owes (pending lines not yet at Stripe, failed lines owed to the customer); payments towards the balance (in
 * the yard, or online through a balance checkout, each online one checked against its own payment intent: received
 * in full, not refunded) are set apart from the first payment's figures. A difference is logged as
 * 'Reconcile difference' (the daily job's alarm counts it) and returned.
 *
 * The bookings are walked through the admin list's index (gsi2, `BOOKINGS#<yyyy-mm>`, every booking ever confirmed,
 * cancelled ones included), month by month from the counters' first month to this one: one Query partition a
 * month, so the read is bounded by the bookings themselves, never a Scan.
 */
import { formatMoney } from '../../../shared/money';
import type { Booking } from '../../../shared/records';
import { logger } from '../../lib/logger';
import { stripeClient } from '../../lib/stripe';
import { allBookingsPartition, walkAcrossMonths } from '../../store/admin-lists';
import { readStats } from '../../store/counters';
import { chargedCents, refundCounts, type StripeRefund } from './refund-ledger';
import { listPaymentRefunds } from './refund-sync';
import * as clock from '../../lib/clock';

export interface ReconcileDifference {
  bookingId: string;
  reference: string;
  ledger: string;
  stripe: string;
}

export interface StripePayment {
  amountReceived: number;
}

/** An online balance payment's own payment intent as Stripe reports it: what it received, and its refunds. */
export interface StripeBalancePayment extends StripePayment {
  refunds: readonly StripeRefund[];
}

type Difference = Omit<ReconcileDifference, 'bookingId' | 'reference'>;

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
  const lines = (b.ledger ?? []).filter((l) => l.kind === 'refund');
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
  const held = (b.payment?.amountPaidCents ?? 0) - paidLater + elsewhereLines;
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

/** The booking's online balance payments at Stripe, by payment intent (one or two calls each; most bookings have none). */
async function stripeBalancePayments(b: Booking): Promise<Map<string, StripeBalancePayment>> {
  const intents = (b.ledger ?? []).filter((l) => l.kind === 'payment' && l.method === 'online' && l.paymentIntent).map((l) => l.paymentIntent!);
  const found = await Promise.all(
    intents.map(async (pi) => {
      try {
        const [payment, refunds] = await Promise.all([stripePayment(pi), listPaymentRefunds(pi)]);
        return [pi, { ...payment, refunds }] as const;
      } catch (error) {
        // Stripe not knowing the payment is a difference to report, not a reason to stop the run.
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    }),
  );
  return new Map(found.filter((f): f is NonNullable<typeof f> => f !== null));
}

export interface ReconcileReport {
  checked: number;
  differences: ReconcileDifference[];
}

export async function reconcileBookings(options: { now?: Date; progress?: (line: string) => void } = {}): Promise<ReconcileReport> {
  const now = options.now ?? clock.now();
  const stats = await readStats();
  const known = [...stats.months.keys()].sort();
  const thisMonth = now.toISOString().slice(0, 7);
  const months = known.length ? monthsBetween(known[0]! < thisMonth ? known[0]! : thisMonth, thisMonth) : [thisMonth];
  const report: ReconcileReport = { checked: 0, differences: [] };
  for await (const page of walkAcrossMonths('gsi2', allBookingsPartition, months, 100)) {
    for (const b of page) {
      const paymentIntent = b.payment?.paymentIntent;
      if (!paymentIntent) continue;
      const [payment, refunds, balancePayments] = await Promise.all([stripePayment(paymentIntent), listPaymentRefunds(paymentIntent), stripeBalancePayments(b)]);
      report.checked++;
      for (const d of compareWithStripe(b, payment, refunds, balancePayments)) {
        const difference = { bookingId: b.id, reference: b.bookingReference ?? b.id, ...d };
        logger.error('Reconcile difference', difference);
        report.differences.push(difference);
      }
    }
    options.progress?.(`${report.checked} bookings checked, ${report.differences.length} differences`);
  }
  return report;
}
