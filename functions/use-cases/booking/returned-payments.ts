/**
 * What the customer is told of a balance paid online that the booking did not keep whole: read from the booking's
 * ledger alone, so the pages that show it (the pass, the return page) do not load the payment code that wrote it
 * (balance-payment.ts, which brings Stripe).
 */
import { lateBalanceText, type LateBalanceReason } from '../../../shared/money-policy';
import { centsToDollars } from '../../../shared/money';
import type { ReturnedPayment } from '../../../shared/returned-payment';
import type { Booking } from '../../../shared/records';

/** The refund line a balance session's payment wrote when the booking could not keep all of it. */
export const balanceRefundLineId = (sessionId: string): string => `refund-checkout-${sessionId}`;

const reasonOf = (note: string): LateBalanceReason | undefined => (Object.keys(lateBalanceText) as LateBalanceReason[]).find((r) => note.startsWith(lateBalanceText[r]));

/**
 * The balances paid online that the booking did not keep whole, each with what went back and why (from its payment line
 * and the refund line its payment wrote, `refund-checkout-<session>`), by session: what the customer is told.
 */
export function returnedPayments(b: Booking): (ReturnedPayment & { sessionId: string })[] {
  const ledger = b.ledger ?? [];
  return ledger.flatMap((l) => {
    if (l.kind !== 'payment' || l.method !== 'online' || !l.sessionId) return [];
    const back = ledger.find((x) => x.kind === 'refund' && x.id === balanceRefundLineId(l.sessionId!));
    const reason = back && reasonOf(back.note);
    if (!back || !reason) return [];
    // What the policy sent back (a refund made in Stripe's dashboard may have paid part of it instead).
    const refundCents = back.askedCents ?? -back.amountCents;
    return [{ sessionId: l.sessionId, amount: centsToDollars(l.amountCents), kept: centsToDollars(l.amountCents - refundCents), refund: centsToDollars(refundCents), reason, refunded: back.status === 'succeeded' }];
  });
}

/** The session's payment as returned, or null when the booking kept it whole (or it is not a balance session). */
export function returnedPaymentOf(b: Booking, sessionId: string): ReturnedPayment | null {
  const found = returnedPayments(b).find((p) => p.sessionId === sessionId);
  if (!found) return null;
  const { sessionId: _, ...payment } = found;
  return payment;
}

