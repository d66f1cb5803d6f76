/**
 * The cancellation rule before payment, wherever a booking is paid for (the payment step's Pay Now, the dashboard's
 * New Booking): the shared sentence the FAQ also uses, and the terms. The terms open in a new tab: the payment flow
 * lives in this tab's history entry (or an open dialog) and must not be left behind.
 */
import { CANCELLATION_RULE, TERMS_CANCELLATION_PATH } from '@shared/cancellation-rule';

export function CancellationRuleNote() {
  return (
    <p className="cancellation-rule small" data-testid="cancellation-rule">
      <strong>Cancellations:</strong> {CANCELLATION_RULE}{' '}
      <a href={TERMS_CANCELLATION_PATH} target="_blank" rel="noopener">
        Read the terms and conditions<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
