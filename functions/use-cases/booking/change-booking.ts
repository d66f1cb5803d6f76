/**
 * Changing a paid booking: the one path by which a customer's edit, a staff edit and a
 * cancellation (by either) settle the money. The caller says what the booking becomes (dates, price, status);
 * the money policy (shared/money-policy.ts), the customer's or staff's, decides what is refunded, kept or left
 * to pay; the booking, its ledger, its day sheet, counters and places then change in the booking's one
 * transaction, and a refund is asked of Stripe with the ledger line's id as its idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { afterDecision, decideMoney, decisionLines, isPolicyError, moneyPolicyMessages, type MoneyChange, type MoneyDecision, type MoneyState, type Policy } from '../../../shared/money-policy';
import { formatMoney } from '../../../shared/money';
import type { Booking, LedgerLine } from '../../../shared/records';
import { handedBackNote, heldByWay, isYardRefund, splitRefund } from '../../../shared/refund-lines';
import { badRequest } from '../../domain/errors';
import { logAbout } from '../../lib/logger';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { saveBookingChange, type ChangeOptions, type ChangeOutcome, type FieldChange } from '../../store/booking-changes';
import { withdrawSupersededSession } from './balance-session';
import { dropOffInstant, moneyStateOf } from './money-state';
import { refund } from './refund';

export interface BookingChange {
  /** The booking as it is to stand: fields, price and status; its payment and ledger are the policy's. */
  proposed: Booking;
  policy: Policy;
  by: LedgerLine['by'];
  /** The note of the balance line when the price moved for a reason the policy does not know (a late fee). */
  balanceNote?: string;
  /** How the save is guarded (statuses, bay). */
  save: Pick<ChangeOptions, 'editableStatuses' | 'bayVersion' | 'alsoWrite'>;
  /** Staff changes: who, and the fields changed given the money decided (the history shows the refund). */
  audit?: { by: string; changes: (d: MoneyDecision) => FieldChange[] };
  now: Date;
}

/** The refund as the booking's history shows it: the amount, and staff's reason when it is above the terms. */
export const refundHistoryValue = (d: MoneyDecision): string =>
  d.overrideReason ? `${formatMoney(d.refundCents)} (above the terms' ${formatMoney(d.termsRefundCents)}: ${d.overrideReason})` : formatMoney(d.refundCents);

export type BookingChangeResult = { outcome: 'changed'; booking: Booking; decision: MoneyDecision } | { outcome: Exclude<ChangeOutcome, 'changed'> };

/** What the policy would decide, without saving: a 400 when staff ask for a refund it does not allow. */
export function decideChange(before: Booking, proposed: Booking, policy: Policy, now: Date): { change: MoneyChange; decision: MoneyDecision } {
  const change: MoneyChange = proposed.status === 'cancelled' ? { kind: 'cancel' } : { kind: 'reprice', newTotalCents: proposed.totalCents };
  const decision = decideMoney(moneyStateOf(before), change, policy, now);
  if (isPolicyError(decision)) {
    const message = decision.error === 'refundTooLarge' ? moneyPolicyMessages.refundTooLarge(decision.maxCents) : moneyPolicyMessages.reasonNeeded(decision.termsRefundCents);
    throw badRequest(message, { [decision.error === 'refundTooLarge' ? 'refund' : 'reason']: message });
  }
  return { change, decision };
}

export async function changeBooking(before: Booking, req: BookingChange): Promise<BookingChangeResult> {
  logAbout({ bookingId: before.id });
  const { change, decision } = decideChange(before, req.proposed, req.policy, req.now);
  const state = moneyStateOf(before);
  const at = req.now.toISOString();
  // Staff changing the booking hand back in the yard, there and then, what came in there; a customer's change leaves it to hand back.
  const handedBackBy = req.by === 'admin' ? req.audit?.by : undefined;
  const lines: LedgerLine[] = decisionLinesOf(state, decision, change, before, at, req.by, handedBackBy).map((l) => (l.kind === 'balance' && req.balanceNote ? { ...l, note: req.balanceNote } : l));
  const ledger = [...(before.ledger ?? []), ...lines];
  const next = afterDecision(state, decision, { dropOffAt: dropOffInstant(req.proposed) });
  const after: Booking = {
    ...req.proposed,
    ...(before.payment ? { payment: { ...before.payment, amountPaidCents: decision.heldCents, balanceDueCents: decision.balanceDueCents } } : {}),
    ...(lines.length ? { ledger } : {}),
    ...(next.termsDropOffAt.getTime() !== next.dropOffAt.getTime() || before.termsDropOffAt ? { termsDropOffAt: next.termsDropOffAt.toISOString() } : {}),
    updatedAt: at,
    // The calendar file's SEQUENCE (use-cases/calendar/booking-calendar.ts): each change sends its events updated.
    calendarSequence: (before.calendarSequence ?? 0) + 1,
  };
  const outcome = await saveBookingChange(before, after, {
    ...req.save,
    ...(req.audit ? { audit: { by: req.audit.by, changes: req.audit.changes(decision) } } : {}),
    // Revenue keeps what a cancellation did not refund; otherwise it follows the total.
    ...(change.kind === 'cancel' ? { revenueDeltaCents: decision.heldCents - before.totalCents } : {}),
  });
  if (outcome !== 'changed') return { outcome };
  // What is due moved (or the booking ended): the balance session open for the old amount is withdrawn at Stripe.
  await withdrawSupersededSession(before, after);
  // Only the part that goes back to the card is sent to Stripe; the yard's part never went through it.
  const refundLine = lines.find((l) => l.kind === 'refund' && !isYardRefund(l));
  if (refundLine) {
    countEvent(BUSINESS_METRICS.refundRequested);
    await refund(after, refundLine);
  }
  return { outcome, booking: after, decision };
}

/**
 * The policy's lines as ledger lines. A refund goes back the way the money came (shared/refund-lines.ts): to the card
 * (pending until Stripe answers) for what came in online, and in the yard for what was paid there: recorded as handed
 * back by `handedBackBy` (staff making the change), or pending, still to hand back, when a customer made it.
 */
function decisionLinesOf(state: MoneyState, d: MoneyDecision, change: MoneyChange, before: Booking, at: string, by: LedgerLine['by'], handedBackBy?: string): LedgerLine[] {
  return decisionLines(state, d, change, before.payment?.balanceDueCents ?? 0).flatMap((l): LedgerLine[] => {
    const line: LedgerLine = { id: randomUUID(), at, by, ...l };
    if (l.kind !== 'refund') return [line];
    const split = splitRefund(-l.amountCents, heldByWay(before.ledger ?? [], before.payment?.amountPaidCents ?? 0));
    const out: LedgerLine[] = [];
    if (split.onlineCents > 0) out.push({ ...line, amountCents: -split.onlineCents, status: 'pending' });
    if (split.yardCents > 0 && split.yardMethod) {
      const yard: LedgerLine = { ...line, id: out.length ? randomUUID() : line.id, amountCents: -split.yardCents, note: `${handedBackNote(split.yardMethod)}; ${l.note}`, method: split.yardMethod };
      out.push(handedBackBy ? { ...yard, status: 'succeeded', takenBy: handedBackBy, settledAt: at } : { ...yard, status: 'pending' });
    }
    return out;
  });
}
