/** A stored booking's money as the policy sees it (shared/money-policy.ts). */
import type { MoneyState } from '../../../shared/money-policy';
import { nzInstant } from '../../../shared/nz-time';
import type { Booking } from '../../../shared/records';

/**
 * Every refund granted: made, on its way, failed and still owed, or made in Stripe's dashboard. A dashboard refund
 * that Stripe failed gave nothing back and counts for nothing (its money is held again).
 */
export const refundsGrantedCents = (b: Pick<Booking, 'ledger'>): number => (b.ledger ?? []).filter((l) => l.kind === 'refund' && !(l.outside && l.status === 'failed')).reduce((sum, l) => sum - l.amountCents, 0);

export const dropOffInstant = (b: Pick<Booking, 'dropOffDate' | 'dropOffTime'>): Date => nzInstant({ date: b.dropOffDate, time: b.dropOffTime }) ?? new Date(`${b.dropOffDate}T00:00:00Z`);

export function moneyStateOf(b: Booking): MoneyState {
  const dropOffAt = dropOffInstant(b);
  const recorded = b.termsDropOffAt ? new Date(b.termsDropOffAt) : dropOffAt;
  return {
    totalCents: b.totalCents,
    heldCents: b.payment?.amountPaidCents ?? 0,
    refundedCents: refundsGrantedCents(b),
    termsDropOffAt: recorded.getTime() < dropOffAt.getTime() ? recorded : dropOffAt,
    dropOffAt,
    ...(b.status === 'payment_review' ? { inReview: true } : {}),
  };
}
