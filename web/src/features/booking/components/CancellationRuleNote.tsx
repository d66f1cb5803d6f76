/**
 * The cancellation rule before Pay Now (issue 24, item 4): the shared sentence the FAQ also uses, and the terms. The
 * terms open in a new tab: the payment page's flow lives in this tab's history entry and must not be left behind.
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
