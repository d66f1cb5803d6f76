/**
 * The booking's refund lines against Stripe's list of the payment's refunds (pure; refund-settlement.ts and refund.ts
 * save what it decides). Each Stripe refund is on the ledger once, by its id:
 * - a refund whose `metadata.ledgerLine` is one of the app's lines settles that line if it is still pending;
 * - a refund whose id is on a line already is known;
 * - any other refund was made outside the app (Stripe's dashboard): a new `outside` line, and what the booking
 *   holds falls by it;
 * - a refund Stripe later failed or canceled undoes what its line counted: the app's own line is failed (the money
 *   is still owed to the customer, and staff are told), an outside line is failed and its money is held again.
 * The held amount stays what was charged less the refunds counted (refundsGrantedCents), so it equals what Stripe
 * reports once nothing is in flight.
 */
import { formatMoney, type Cents } from '../../../shared/money';
import type { Booking, LedgerLine } from '../../../shared/records';
import { isYardRefund } from '../../../shared/refund-lines';
import { refundsGrantedCents } from './money-state';

/** What the app reads of a Stripe refund. */
export interface StripeRefund {
  id: string;
  amount: number;
  status: string | null;
  metadata: Record<string, string> | null;
  created: number;
}

/** A refund that gave (or is giving) money back; failed and canceled ones gave nothing. */
export const refundCounts = (r: Pick<StripeRefund, 'status'>): boolean => r.status !== 'failed' && r.status !== 'canceled';

export const OUTSIDE_NOTE = 'Refunded in Stripe';

export interface LedgerEdit {
  booking: Booking;
  /** What revenue moves by (a cancelled booking's revenue is what it holds; a live one's is its total less outside refunds). */
  revenueDeltaCents: Cents;
  /** Lines no longer pending: their refund requests go in the same transaction. */
  settledLineIds: string[];
  /** What changed, for the logs. */
  recorded: { refundId: string; amountCents: Cents }[];
  failed: { lineId: string; refundId: string; amountCents: Cents; outside: boolean }[];
  changed: boolean;
}

/** What was charged: what is held plus every refund counted against it (an invariant every change keeps). */
export const chargedCents = (b: Booking): Cents => (b.payment?.amountPaidCents ?? 0) + refundsGrantedCents(b);

/**
 * A pending line settled with what Stripe actually refunded for it (`sentCents`, with `refundId`; 0 and no id when
 * nothing was sent). Sending less than the decision granted (a refund made outside the app paid the rest) keeps the
 * true amount on the line, the granted amount in `askedCents`, says so in the note, and holds the difference again.
 */
export function settleLine(b: Booking, index: number, sentCents: Cents, refundId: string | null, at: string): { booking: Booking; revenueDeltaCents: Cents } {
  const ledger = [...(b.ledger ?? [])];
  const line = ledger[index]!;
  const asked = line.askedCents ?? -line.amountCents;
  const lowered = sentCents !== -line.amountCents;
  const settled: LedgerLine = { ...line, status: 'succeeded', settledAt: at, ...(refundId ? { refundId } : {}) };
  if (lowered) {
    settled.amountCents = -sentCents;
    settled.askedCents = asked;
    settled.note = sentCents === 0 ? `${baseNote(line)}; not sent: refunded in Stripe instead` : `${baseNote(line)}; ${formatMoney(asked - sentCents)} of it refunded in Stripe instead`;
  }
  ledger[index] = settled;
  const back = -line.amountCents - sentCents;
  // What a refund made in Stripe took instead is held again here; on a booking still on, that refund lowered the
  // total with it (outsideRefundTotal), so the total takes it back too and what is due stays what it was.
  const booking: Booking = {
    ...b,
    ledger,
    ...(b.payment && back !== 0 ? { payment: { ...b.payment, amountPaidCents: b.payment.amountPaidCents + back } } : {}),
    totalCents: outsideRefundTotal(b, -back),
  };
  return { booking, revenueDeltaCents: back };
}

/**
 * The total after a refund made in Stripe's dashboard (or its failure, negative): on a booking still on it is a part
 * refund made outside the app, and lowers the total as a part refund does, so the books keep total = paid + due; a
 * cancelled booking's total is what it cost, and the refund gives back part of what was kept.
 */
function outsideRefundTotal(b: Booking, refundedCents: Cents): Cents {
  return b.status === 'cancelled' ? b.totalCents : b.totalCents - refundedCents;
}

const baseNote = (l: LedgerLine) => l.note.replace(/; (not sent: refunded in Stripe instead|\$[\d,.]+ of it refunded in Stripe instead)$/, '');

/** Applies Stripe's list of the payment's refunds to the booking's ledger (see the module comment). */
export function syncLedger(b: Booking, refunds: readonly StripeRefund[], at: string): LedgerEdit {
  let booking: Booking = { ...b, ledger: [...(b.ledger ?? [])] };
  const edit: LedgerEdit = { booking, revenueDeltaCents: 0, settledLineIds: [], recorded: [], failed: [], changed: false };
  const hold = (cents: Cents) => {
    if (booking.payment) booking = { ...booking, payment: { ...booking.payment, amountPaidCents: booking.payment.amountPaidCents + cents } };
    booking = { ...booking, totalCents: outsideRefundTotal(booking, -cents) };
  };
  // Oldest first, so outside lines follow Stripe's order.
  for (const r of [...refunds].sort((x, y) => x.created - y.created)) {
    const ledger = booking.ledger!;
    const ours = r.metadata?.ledgerLine;
    let index = ledger.findIndex((l) => l.kind === 'refund' && l.refundId === r.id);
    if (index < 0 && ours) index = ledger.findIndex((l) => l.kind === 'refund' && !l.outside && l.id === ours);
    if (index >= 0) {
      const line = ledger[index]!;
      if (refundCounts(r)) {
        if (line.status !== 'pending') continue;
        const settled = settleLine(booking, index, r.amount, r.id, at);
        booking = settled.booking;
        edit.revenueDeltaCents += settled.revenueDeltaCents;
        edit.settledLineIds.push(line.id);
      } else {
        if (line.status === 'failed') continue;
        const next = [...ledger];
        next[index] = { ...line, status: 'failed', refundId: r.id, settledAt: at };
        booking = { ...booking, ledger: next };
        if (line.outside) {
          // The money never left: it is held again.
          hold(-line.amountCents);
          edit.revenueDeltaCents += -line.amountCents;
        }
        if (line.status === 'pending') edit.settledLineIds.push(line.id);
        edit.failed.push({ lineId: line.id, refundId: r.id, amountCents: -line.amountCents, outside: !!line.outside });
      }
      edit.changed = true;
      continue;
    }
    // Never ours and never seen: made outside the app. One that failed before we heard of it gave nothing back.
    if (!refundCounts(r)) continue;
    const line: LedgerLine = { id: `stripe-${r.id}`, at, by: 'system', kind: 'refund', amountCents: -r.amount, note: OUTSIDE_NOTE, status: 'succeeded', refundId: r.id, settledAt: at, outside: true };
    booking = { ...booking, ledger: [...ledger, line] };
    hold(-r.amount);
    edit.revenueDeltaCents -= r.amount;
    edit.recorded.push({ refundId: r.id, amountCents: r.amount });
    edit.changed = true;
  }
  return { ...edit, booking };
}

/**
 * How much of a pending line the app may still send (the headroom rule, docs/payments.md): the line's amount less
 * the refunds made outside the app that its decision did not know of (at Stripe, not the app's, not on a line
 * before it), less what of those the app's earlier lines already gave way to (lowered lines) or will give way to
 * (earlier lines still waiting to be sent); never more than the charge has left, never below 0. A dashboard refund
 * the decision had already counted does not lower the line again.
 */
export function headroomCents(b: Booking, index: number, refunds: readonly StripeRefund[], paymentIntent?: string): Cents {
  const ledger = b.ledger ?? [];
  const line = ledger[index]!;
  // Money handed back in the yard never went through Stripe: it neither waits for nor gives way to Stripe's refunds.
  const before = ledger.slice(0, index).filter((l) => l.kind === 'refund' && l.status !== 'failed' && !isYardRefund(l));
  const counted = refunds.filter(refundCounts);
  const ourLines = new Set(ledger.filter((l) => l.kind === 'refund' && !l.outside).map((l) => l.id));
  const knownIds = new Set(before.map((l) => l.refundId).filter((id): id is string => !!id));
  const atStripe = new Set(counted.map((r) => r.metadata?.ledgerLine).filter((id): id is string => !!id));
  const unknownOutside = counted.filter((r) => !ourLines.has(r.metadata?.ledgerLine ?? '') && !knownIds.has(r.id)).reduce((sum, r) => sum + r.amount, 0);
  const gaveWay = before.reduce((sum, l) => sum + (l.askedCents === undefined ? 0 : l.askedCents + l.amountCents), 0);
  // A line aimed at another payment (`refunds` are this one's) goes there whatever this payment's refunds are: it gives way to none of them.
  const goesHere = (l: LedgerLine) => !l.paymentIntent || !paymentIntent || l.paymentIntent === paymentIntent;
  const waiting = before.filter((l) => l.status === 'pending' && !atStripe.has(l.id) && goesHere(l)).reduce((sum, l) => sum - l.amountCents, 0);
  const chargeLeft = chargedCents(b) - counted.reduce((sum, r) => sum + r.amount, 0);
  const lowerBy = Math.max(0, unknownOutside - gaveWay - waiting);
  return Math.max(0, Math.min(-line.amountCents - lowerBy, chargeLeft));
}

/** One payment's share of a refund split across the booking's payments (refund.ts). */
export interface RefundPart {
  paymentIntent: string;
  cents: Cents;
}

/** The id of a split refund's `n`th line (2, 3 ...): fixed by the line it came from, so a split made twice writes one. */
export const splitLineId = (lineId: string, n: number): string => `${lineId}-part${n}`;

/**
 * A pending refund line split across payments (pure): the line is aimed at the first part's payment and new pending
 * lines, right after it, take the others, each aimed at its payment. What the lines give back together is what the
 * line gave (what is held does not move): the line keeps all but the other parts, so what the parts leave unsent
 * (the headroom rule lowered it) is still on it, settled lower when it is sent, as an unsplit line would be.
 */
export function splitRefundLine(ledger: readonly LedgerLine[], index: number, parts: readonly RefundPart[], at: string): { ledger: LedgerLine[]; added: string[] } {
  const line = ledger[index]!;
  const rest = parts.slice(1);
  const first: LedgerLine = { ...line, paymentIntent: parts[0]!.paymentIntent, amountCents: line.amountCents + rest.reduce((sum, p) => sum + p.cents, 0) };
  const more: LedgerLine[] = rest.map((p, i) => ({ id: splitLineId(line.id, i + 2), at, by: line.by, kind: 'refund', amountCents: -p.cents, note: line.note, status: 'pending', paymentIntent: p.paymentIntent, splitFrom: line.id }));
  return { ledger: [...ledger.slice(0, index), first, ...more, ...ledger.slice(index + 1)], added: more.map((l) => l.id) };
}
