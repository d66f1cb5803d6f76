/**
 * Changing a paid booking (issue 26): the one path by which a customer's edit, a staff edit and a
 * cancellation (by either) settle the money. The caller says what the booking becomes (dates, price, status);
 * the money policy (shared/money-policy.ts), the customer's or staff's, decides what is refunded, kept or left
 * to pay; the booking, its ledger, its day sheet, counters and places then change in the booking's one
 * transaction, and a refund is asked of Stripe with the ledger line's id as its idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { afterDecision, decideMoney, decisionLines, isPolicyError, moneyPolicyMessages, type MoneyChange, type MoneyDecision, type MoneyState, type Policy } from '../../../shared/money-policy';
import { formatMoney } from '../../../shared/money';
import type { Booking, LedgerLine } from '../../../shared/records';
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
  const lines: LedgerLine[] = decisionLinesOf(state, decision, change, before, at, req.by).map((l) => (l.kind === 'balance' && req.balanceNote ? { ...l, note: req.balanceNote } : l));
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
  const refundLine = lines.find((l) => l.kind === 'refund');
  if (refundLine) {
    countEvent(BUSINESS_METRICS.refundRequested);
    await refund(after, refundLine, ledger.indexOf(refundLine));
  }
  return { outcome, booking: after, decision };
}

/** The policy's lines as ledger lines; a refund is pending until Stripe answers. */
function decisionLinesOf(state: MoneyState, d: MoneyDecision, change: MoneyChange, before: Booking, at: string, by: LedgerLine['by']): LedgerLine[] {
  return decisionLines(state, d, change, before.payment?.balanceDueCents ?? 0).map((l) => ({ id: randomUUID(), at, by, ...l, ...(l.kind === 'refund' ? { status: 'pending' as const } : {}) }));
}
