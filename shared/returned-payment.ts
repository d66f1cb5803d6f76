/**
 * A balance paid online that the booking did not keep, all or part (shared/money-policy.ts, balancePaymentDecision: the
 * balance was already paid, the booking was cancelled, or it was more than was due): what the return page, the pass
 * and the e-mail tell the customer, in the same words. No zod here: the pass's first load imports it.
 */
import { formatDollars } from './money';

export const returnedPaymentReasons = ['cancelled', 'paidTwice', 'beyondDue'] as const;
export type ReturnedPaymentReason = (typeof returnedPaymentReasons)[number];

/** In dollars, as the API answers it. */
export interface ReturnedPayment {
  /** What Stripe took. */
  amount: number;
  /** What the booking kept of it (the balance that was still due). */
  kept: number;
  /** What goes back to the card it came from. */
  refund: number;
  reason: ReturnedPaymentReason;
  /** Stripe has made the refund (until then it is being refunded). */
  refunded: boolean;
}

const why: Record<Exclude<ReturnedPaymentReason, 'beyondDue'>, string> = {
  cancelled: 'the booking had been cancelled',
  paidTwice: 'the balance had already been paid',
};

/** The sentence for one payment not kept: what was paid, why it was not needed, and what goes back to the card. */
export function returnedPaymentText(reference: string, p: ReturnedPayment): string {
  const back = p.refunded ? 'has been refunded to your card' : 'is being refunded to your card';
  if (p.reason === 'beyondDue') {
    return `We received your payment of ${formatDollars(p.amount)} for ${reference}, but only ${formatDollars(p.kept)} of it was due. The other ${formatDollars(p.refund)} was not needed and ${back}.`;
  }
  return `We received your payment of ${formatDollars(p.amount)} for ${reference}, but it was not needed: ${why[p.reason]}. ${formatDollars(p.refund)} ${back}.`;
}
