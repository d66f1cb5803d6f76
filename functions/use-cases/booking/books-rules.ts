/**
 * Our books against themselves (pure): the rules every booking's money keeps whatever Stripe says, each with a name
 * reconcile reports it by (reconcile.ts; docs/payments.md, Reconcile). They hold by construction (every change is one
 * conditional transaction that moves the ledger, what is held and what is due together); a finding means a path that
 * does not, or data changed by hand.
 */
import { CONFIRMED_STATUSES, type Booking } from '../../../shared/records';
import { formatMoney, type Cents } from '../../../shared/money';
import { refundsGrantedCents } from './money-state';

export const BOOKS_RULES = {
  /** What the booking says was paid is its first charge plus its payments less the refunds granted (its ledger). */
  ledgerSumsToPaid: 'ledger-sums-to-paid',
  /** What is held is at most the total (and any credit a lower price left), unless the booking is held for review. */
  paidWithinTotal: 'paid-within-total',
  /** A cancelled booking holds at most what its cancellation kept under the money policy. */
  cancelledKeepsPolicy: 'cancelled-keeps-policy',
  /** No Checkout session is open on an ended or fully paid booking, and never more than one on any. */
  noOpenSession: 'no-open-session',
  /** Refunds never exceed the payment they are against. */
  refundWithinPayment: 'refund-within-payment',
} as const;

export type BooksRule = (typeof BOOKS_RULES)[keyof typeof BOOKS_RULES];

export interface BooksFinding {
  rule: BooksRule;
  detail: string;
}

export interface BooksFacts {
  /**
   * What the booking's first payment took (its checkout's charge; $0 for a walk-in paid in the yard). The booking
   * says it (`amountDueNowCents`) unless Stripe charged another amount (held for review): then Stripe's figure.
   */
  firstChargeCents: Cents;
  /** The balance sessions Stripe holds open for this booking (their ids). */
  openSessions?: readonly string[];
}

/** A booking's first charge as the booking itself records it, or null when only Stripe can say (a payment held for review). */
export const recordedFirstCharge = (b: Booking): Cents | null => (b.payment?.reviewReason ? null : b.amountDueNowCents);

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export function checkBooks(b: Booking, facts: BooksFacts): BooksFinding[] {
  const out: BooksFinding[] = [];
  const ledger = b.ledger ?? [];
  const held = b.payment?.amountPaidCents ?? 0;
  const payments = sum(ledger.filter((l) => l.kind === 'payment').map((l) => l.amountCents));
  const charged = facts.firstChargeCents + payments;
  const refunded = refundsGrantedCents(b);
  if (held !== charged - refunded) {
    out.push({ rule: BOOKS_RULES.ledgerSumsToPaid, detail: `paid ${formatMoney(held)}, but the first charge ${formatMoney(facts.firstChargeCents)} plus payments ${formatMoney(payments)} less refunds ${formatMoney(refunded)} is ${formatMoney(charged - refunded)}` });
  }

  if (CONFIRMED_STATUSES.includes(b.status)) {
    // A lower price that could not be refunded stays as credit (its `kept` line); nothing else may be held beyond the total.
    const credit = sum(ledger.filter((l) => l.kind === 'kept').map((l) => l.amountCents));
    if (held > b.totalCents + credit) out.push({ rule: BOOKS_RULES.paidWithinTotal, detail: `paid ${formatMoney(held)} on a total of ${formatMoney(b.totalCents)}${credit ? ` and ${formatMoney(credit)} credit` : ''}` });
  }

  if (b.status === 'cancelled') {
    const keptByCancellation = sum(ledger.filter((l) => l.kind === 'kept' && l.at === b.cancelledAt).map((l) => l.amountCents));
    if (held > keptByCancellation) out.push({ rule: BOOKS_RULES.cancelledKeepsPolicy, detail: `cancelled, holding ${formatMoney(held)}, but its cancellation kept ${formatMoney(keptByCancellation)}` });
  }

  const ended = b.status === 'cancelled';
  const paidUp = (b.payment?.balanceDueCents ?? 0) === 0;
  const claim = b.balanceCheckout;
  if (claim && (ended || paidUp || !CONFIRMED_STATUSES.includes(b.status))) {
    out.push({ rule: BOOKS_RULES.noOpenSession, detail: `a balance checkout (${claim.state}) on a booking ${ended ? 'cancelled' : paidUp ? 'fully paid' : b.status}` });
  }
  const open = facts.openSessions ?? [];
  if (open.length > 0 && (ended || paidUp || !CONFIRMED_STATUSES.includes(b.status))) {
    out.push({ rule: BOOKS_RULES.noOpenSession, detail: `${open.length} balance session${open.length === 1 ? '' : 's'} open at Stripe on a booking ${ended ? 'cancelled' : paidUp ? 'fully paid' : b.status}` });
  } else if (open.length > 1) {
    out.push({ rule: BOOKS_RULES.noOpenSession, detail: `${open.length} balance sessions open at Stripe at once` });
  } else if (open.length === 1 && claim?.sessionId !== open[0]) {
    out.push({ rule: BOOKS_RULES.noOpenSession, detail: 'a balance session open at Stripe that is not the booking\'s (superseded, not expired)' });
  }

  const refundLines = ledger.filter((l) => l.kind === 'refund' && l.status !== 'failed');
  const refundTotal = sum(refundLines.map((l) => -l.amountCents));
  if (refundTotal > charged) out.push({ rule: BOOKS_RULES.refundWithinPayment, detail: `refunds ${formatMoney(refundTotal)} beyond what was charged, ${formatMoney(charged)}` });
  for (const p of ledger.filter((l) => l.kind === 'payment' && l.paymentIntent)) {
    const against = sum(refundLines.filter((l) => l.paymentIntent === p.paymentIntent).map((l) => -l.amountCents));
    if (against > p.amountCents) out.push({ rule: BOOKS_RULES.refundWithinPayment, detail: `refunds ${formatMoney(against)} against the ${formatMoney(p.amountCents)} paid online (${p.paymentIntent})` });
  }
  return out;
}
