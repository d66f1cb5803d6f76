/**
 * The cancellation rule in the product's own words, one sentence for the payment page and the FAQ.
 * The terms say what 48 hours' notice and a same-day cancellation cost and leave the time between silent; the money
 * policy (money-policy.ts) refunds nothing from 48 hours before drop-off, so the sentence says so, with the policy's
 * own figures, and tests/unit/cancellation-rule.test.ts holds it to what customerCancellation does.
 */
import { formatMoneyShort } from './money';
import { CANCELLATION_FEE_CENTS, FULL_REFUND_HOURS } from './money-policy';

const fee = formatMoneyShort(CANCELLATION_FEE_CENTS);

export const CANCELLATION_RULE =
  `Cancel ${FULL_REFUND_HOURS} hours or more before your drop-off time and we refund what you paid less a ${fee} cancellation fee; ` +
  `cancel later than that (even 24 to ${FULL_REFUND_HOURS} hours before), miss your drop-off or pick up early, and nothing is refunded.`;

/** What the FAQ adds: the fee takes all of a deposit, and moving the drop-off later does not move the 48 hours. */
export const CANCELLATION_DETAILS = [
  `A deposit smaller than the fee is kept as the fee. If you move your drop-off later, the ${FULL_REFUND_HOURS} hours still count from the drop-off you first booked.`,
  'Signed-in customers can cancel from their dashboard until the drop-off time; otherwise call or e-mail us with your booking reference.',
] as const;

/** Where the terms' cancellation section is (the terms page gives each section an id). */
export const TERMS_CANCELLATION_PATH = '/terms#cancellations';
