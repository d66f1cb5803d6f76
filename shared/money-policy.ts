/**
 * The money policy: the one decision of what is charged, refunded or kept whenever a paid booking
 * changes, used by customer edits, staff edits and cancellations alike, by the server and by the dialogs that
 * show the outcome before saving. Pure: the state of the booking's money and the moment in, the decision out.
 *
 * The customer policy holds one promise, whatever the sequence of changes: what the card gets back in total is
 * never more than cancelling the original booking at that moment would give (terms: 48 hours or more before
 * drop-off, what was paid less $20; less than 48 hours, nothing). So
 * - the 48 hours count from the earliest drop-off the booking has had (moving the stay later does not move them);
 * - every refund granted so far counts against that allowance (shortening first, then cancelling, gives no more
 *   than cancelling would have);
 * - a lower price that cannot be refunded is kept as credit on the booking (it pays a later extension first).
 * The staff policy is the customer's by default; staff may refund a different amount, up to what is held, and
 * above the customer's allowance only with a reason, which goes on the ledger line.
 */
import * as z from 'zod';
import { formatMinutes } from './flights';
import { formatMoney, formatMoneyShort, type Cents } from './money';

export const CANCELLATION_FEE_CENTS = 2000;
export const FULL_REFUND_HOURS = 48;
const FULL_REFUND_MS = FULL_REFUND_HOURS * 3_600_000;

/** The booking's money as the policy sees it. */
export interface MoneyState {
  /** What the booking costs now. */
  totalCents: Cents;
  /** Paid and not refunded: what the business holds for it. */
  heldCents: Cents;
  /** Every refund granted so far (made, on its way, or failed and owed). */
  refundedCents: Cents;
  /** The earliest drop-off the booking has had: the terms' 48 hours count from it. */
  termsDropOffAt: Date;
  /** The drop-off as it stands (after it, a lower price is an early pick-up). */
  dropOffAt: Date;
  /** Held for review (the payment did not match): never confirmed, so the terms' fee and 48 hours do not apply. */
  inReview?: boolean;
}

/** Why money was kept, for the ledger, the e-mail and the dialogs. */
export type KeptReason = 'fee' | 'late' | 'started' | 'staff';

export const keptReasonText: Record<KeptReason, string> = {
  fee: `The ${formatMoneyShort(CANCELLATION_FEE_CENTS)} cancellation fee, 48 hours or more before drop-off`,
  late: 'Less than 48 hours before drop-off: not refunded',
  started: 'After drop-off: early pick-ups get no refund',
  staff: 'Kept by our team',
};

export type MoneyChange = { kind: 'reprice'; newTotalCents: Cents } | { kind: 'cancel' };

/** Staff choosing the refund themselves; without it staff get the customer policy's figure. */
export interface StaffRefund {
  refundCents: Cents;
  reason?: string;
}

export type Policy = { actor: 'customer' } | { actor: 'staff'; refund?: StaffRefund };

export interface MoneyDecision {
  totalCents: Cents;
  /** Held after the change (what was held less the refund). */
  heldCents: Cents;
  /** Left to pay at pick-up (none once cancelled). */
  balanceDueCents: Cents;
  /** Back to the card now. */
  refundCents: Cents;
  /** Kept by this change: paid beyond what the booking now costs and not refunded (all that is held, once cancelled). */
  keptCents: Cents;
  keptReason: KeptReason | null;
  /** What the customer policy would refund for this change: staff need a reason to refund more. */
  termsRefundCents: Cents;
  /** Staff's reason for a refund above the terms, recorded with it. */
  overrideReason: string | null;
}

export type PolicyError = { error: 'refundTooLarge'; maxCents: Cents } | { error: 'reasonNeeded'; termsRefundCents: Cents };

export const moneyPolicyMessages = {
  refundTooLarge: (maxCents: Cents) => `The refund can be at most ${formatMoney(maxCents)} (what was paid)`,
  reasonNeeded: (termsCents: Cents) => `A refund above the terms (${formatMoney(termsCents)}) needs a reason`,
} as const;

/**
 * What cancelling the original booking now would give back in total, and why the rest is kept: everything
 * ever paid less the $20 fee 48 hours or more before the earliest drop-off, nothing after that.
 */
export function cancellationAllowance(s: MoneyState, now: Date): { cents: Cents; reason: KeptReason } {
  const charged = s.heldCents + s.refundedCents;
  if (s.inReview) return { cents: charged, reason: 'staff' };
  if (now.getTime() <= s.termsDropOffAt.getTime() - FULL_REFUND_MS) return { cents: Math.max(0, charged - CANCELLATION_FEE_CENTS), reason: 'fee' };
  return { cents: 0, reason: now.getTime() < s.dropOffAt.getTime() ? 'late' : 'started' };
}

/** The refund this change may still make under the customer terms (the allowance less refunds already granted). */
export function termsRefund(s: MoneyState, over: Cents, now: Date): { cents: Cents; reason: KeptReason } {
  const allowance = cancellationAllowance(s, now);
  return { cents: Math.max(0, Math.min(over, allowance.cents - s.refundedCents)), reason: allowance.reason };
}

export function decideMoney(s: MoneyState, change: MoneyChange, policy: Policy, now: Date): MoneyDecision | PolicyError {
  const cancel = change.kind === 'cancel';
  const totalCents = cancel ? s.totalCents : change.newTotalCents;
  // What is held beyond what the booking still needs: all of it when cancelled.
  const over = cancel ? s.heldCents : Math.max(0, s.heldCents - totalCents);
  const terms = termsRefund(s, over, now);
  let refundCents = terms.cents;
  let overrideReason: string | null = null;
  if (policy.actor === 'staff' && policy.refund) {
    const asked = policy.refund.refundCents;
    if (asked > over) return { error: 'refundTooLarge', maxCents: over };
    const reason = policy.refund.reason?.trim() ?? '';
    if (asked > terms.cents && !reason) return { error: 'reasonNeeded', termsRefundCents: terms.cents };
    refundCents = asked;
    overrideReason = asked > terms.cents ? reason : null;
  }
  const heldCents = s.heldCents - refundCents;
  // A change keeps what it does not refund; credit kept by an earlier change is not kept again.
  const keptCents = cancel ? over - refundCents : Math.max(0, over - refundCents - Math.max(0, s.heldCents - s.totalCents));
  return {
    totalCents,
    heldCents,
    balanceDueCents: cancel ? 0 : Math.max(0, totalCents - heldCents),
    refundCents,
    keptCents,
    keptReason: keptCents === 0 ? null : refundCents < terms.cents ? 'staff' : terms.reason,
    termsRefundCents: terms.cents,
    overrideReason,
  };
}

export const isPolicyError = (d: MoneyDecision | PolicyError): d is PolicyError => 'error' in d;

/** The state after a decision (the next change starts from it). */
export function afterDecision(s: MoneyState, d: MoneyDecision, stay?: { dropOffAt: Date }): MoneyState {
  const dropOffAt = stay?.dropOffAt ?? s.dropOffAt;
  return {
    totalCents: d.totalCents,
    heldCents: d.heldCents,
    refundedCents: s.refundedCents + d.refundCents,
    dropOffAt,
    termsDropOffAt: new Date(Math.min(s.termsDropOffAt.getTime(), dropOffAt.getTime())),
    ...(s.inReview ? { inReview: true } : {}),
  };
}

/** One money line of a decision, for the booking's ledger (ids, times and who are the caller's). */
export interface PolicyLine {
  kind: 'balance' | 'refund' | 'kept';
  amountCents: Cents;
  note: string;
}

/** The ledger lines a decision writes: the balance change, the refund (negative), and what was kept with why. */
export function decisionLines(s: MoneyState, d: MoneyDecision, change: MoneyChange, balanceBeforeCents: Cents): PolicyLine[] {
  const lines: PolicyLine[] = [];
  if (change.kind === 'reprice' && d.totalCents !== s.totalCents) {
    lines.push({ kind: 'balance', amountCents: d.balanceDueCents - balanceBeforeCents, note: `Price ${formatMoney(s.totalCents)} -> ${formatMoney(d.totalCents)}` });
  }
  if (d.refundCents > 0) {
    const why = change.kind === 'cancel' ? 'Booking cancelled' : 'Lower price';
    lines.push({ kind: 'refund', amountCents: -d.refundCents, note: d.overrideReason ? `${why}; above the terms (${formatMoney(d.termsRefundCents)}): ${d.overrideReason}` : why });
  }
  if (d.keptCents > 0 && d.keptReason) lines.push({ kind: 'kept', amountCents: d.keptCents, note: keptReasonText[d.keptReason] });
  return lines;
}

/**
 * What becomes of a balance paid online (a Stripe Checkout session for the balance, shared/balance-checkout.ts), decided
 * when Stripe's payment reaches the booking. The payment is Stripe's fact: it is always recorded at what Stripe took.
 * What the booking keeps of it is what is due as the booking stands when the payment arrives, never more:
 * - a booking still on keeps up to its balance due; the rest goes back to the card at once (a session superseded by a
 *   staff payment or an edit, a second session paid in another tab, a session paid just as the balance changed);
 * - a cancelled booking keeps none of it: all of it goes back (its money was settled by the cancellation);
 * - a booking held for payment review keeps all of it, held with the rest for the staff who are checking it (they
 *   confirm it or cancel it with a refund, as for any payment in review).
 */
export type BalancePaymentStanding = 'on' | 'cancelled' | 'review';

/** Why part or all of a balance payment was refunded: the refund line's note says it. */
export type LateBalanceReason = 'cancelled' | 'paidTwice' | 'beyondDue';

export const lateBalanceText: Record<LateBalanceReason, string> = {
  cancelled: 'Paid after the booking was cancelled: refunded',
  paidTwice: 'Balance paid twice: refunded',
  beyondDue: 'Paid beyond the balance due: refunded',
};

export interface BalancePaymentDecision {
  /** Kept towards the booking: what is held rises by it and the balance falls by it. */
  keptCents: Cents;
  /** Back to the card it came from. */
  refundCents: Cents;
  reason: LateBalanceReason | null;
  /** Kept whole with a booking held for payment review: staff settle it with the rest. */
  heldForReview: boolean;
}

export function balancePaymentDecision(standing: BalancePaymentStanding, dueCents: Cents, paidCents: Cents): BalancePaymentDecision {
  if (standing === 'cancelled') return { keptCents: 0, refundCents: paidCents, reason: paidCents > 0 ? 'cancelled' : null, heldForReview: false };
  if (standing === 'review') return { keptCents: paidCents, refundCents: 0, reason: null, heldForReview: true };
  const keptCents = Math.min(paidCents, Math.max(0, dueCents));
  const refundCents = paidCents - keptCents;
  return { keptCents, refundCents, reason: refundCents === 0 ? null : keptCents === 0 ? 'paidTwice' : 'beyondDue', heldForReview: false };
}

export const refundInputMessages = {
  refundInvalid: 'Enter a refund in dollars and cents, $0 or more',
  reasonTooLong: 'Keep the reason under 300 characters',
} as const;

/** Staff's refund in dollars (the admin cancel and edit requests). */
export const refundDollarsSchema = z
  .number(refundInputMessages.refundInvalid)
  .min(0, refundInputMessages.refundInvalid)
  .max(100_000, refundInputMessages.refundInvalid)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, refundInputMessages.refundInvalid);

/** Why staff refund more than the terms give; kept on the ledger line and in the booking's history. */
export const refundReasonSchema = z.string('Expected text').trim().max(300, refundInputMessages.reasonTooLong);

/** A return flight that landed, as the overstay fee sees it: its schedule, its landing, and the stop's walk-out. */
export interface ReturnFlightDelay {
  flight: string;
  scheduledOn: string;
  actualOn: string;
  /** Minutes from landing to the kerb at the traveller's terminal (the yard's pickup settings). */
  walkOutMinutes: number;
}

/** The late time the overstay fee does not count: the airline's delay plus the walk-out; none when it landed on time or early. */
export function excusedOverstayMs(d: ReturnFlightDelay | null): number {
  if (!d) return 0;
  const late = Date.parse(d.actualOn) - Date.parse(d.scheduledOn);
  if (!(late > 0)) return 0;
  return late + Math.max(0, d.walkOutMinutes) * 60_000;
}

export interface OverstayFee {
  /** Started late days as collected. */
  days: number;
  /** Of them, the days the airline's delay accounts for. */
  waivedDays: number;
  /** The fee for `days`, before the waiver. */
  feeCents: Cents;
  /** What the waiver takes off: never negative, never more than the fee, zero when the flight was on time. */
  waivedCents: Cents;
  /** What is charged now: the fee less the waiver, less what an earlier attempt charged. */
  chargeCents: Cents;
  /** "Late fee waived: NZ102 landed 2 h 10 min late", or null when nothing was waived. */
  waiverText: string | null;
}

/**
 * The overstay fee at check-out, with the airline's delay taken off the late time before the days are counted.
 * `lateDaysAt(t)` counts the started late days of a collection at `t` (shared/balance.ts `lateDays`, given by the
 * caller so this module stays below it), `perDayCents` the day's fee.
 */
export function decideOverstayFee(a: {
  lateDaysAt: (at: Date) => number;
  collectedAt: Date;
  perDayCents: Cents;
  delay: ReturnFlightDelay | null;
  alreadyChargedCents: Cents;
}): OverstayFee {
  const days = a.lateDaysAt(a.collectedAt);
  const excused = excusedOverstayMs(a.delay);
  const countedDays = excused > 0 ? Math.min(days, a.lateDaysAt(new Date(a.collectedAt.getTime() - excused))) : days;
  const waivedDays = days - countedDays;
  const feeCents = days * a.perDayCents;
  const waivedCents = waivedDays * a.perDayCents;
  const late = a.delay ? Math.round((Date.parse(a.delay.actualOn) - Date.parse(a.delay.scheduledOn)) / 60_000) : 0;
  return {
    days,
    waivedDays,
    feeCents,
    waivedCents,
    chargeCents: Math.max(0, feeCents - waivedCents - a.alreadyChargedCents),
    waiverText: waivedCents > 0 && a.delay ? `Late fee waived: ${a.delay.flight} landed ${formatMinutes(late)} late` : null,
  };
}
