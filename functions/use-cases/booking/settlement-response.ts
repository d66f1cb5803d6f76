/** A money decision as the edit routes answer it (dollars, the terms' words for what was kept). */
import { centsToDollars } from '../../../shared/money';
import { keptReasonText, type MoneyDecision } from '../../../shared/money-policy';

export const settlementResponse = (d: MoneyDecision) => ({
  total: centsToDollars(d.totalCents),
  balance_due: centsToDollars(d.balanceDueCents),
  refund: centsToDollars(d.refundCents),
  kept: centsToDollars(d.keptCents),
  kept_reason: d.keptReason ? keptReasonText[d.keptReason] : null,
});
