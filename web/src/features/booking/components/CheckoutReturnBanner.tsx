/**
 * Back on /payment from the hosted checkout without paying. A cancel there was the traveller's choice, so it is not
 * called a failure; a declined card is. Either way nothing was charged and Retry opens a new checkout.
 */
export type CheckoutReturn = 'canceled' | 'failed';

export function checkoutReturnOf(params: URLSearchParams): CheckoutReturn | null {
  if (params.get('failed') === 'true') return 'failed';
  if (params.get('canceled') === 'true') return 'canceled';
  return null;
}

const TEXTS: Record<CheckoutReturn, { title: string; body: string; dismiss: string }> = {
  canceled: {
    title: 'Payment cancelled',
    body: 'You cancelled on the payment page, so nothing was charged. Your details are kept: retry when you are ready.',
    dismiss: 'Dismiss payment cancelled message',
  },
  failed: {
    title: 'Payment Failed',
    body: 'Your payment did not go through and you have not been charged. Retry with the same card or another one.',
    dismiss: 'Dismiss payment failed message',
  },
};

export function CheckoutReturnBanner({ kind, busy, onRetry, onDismiss }: { kind: CheckoutReturn; busy: boolean; onRetry(): void; onDismiss(): void }) {
  const t = TEXTS[kind];
  return (
    <div className={`alert ${kind === 'failed' ? 'alert-error' : 'alert-info'} banner`} role="alert" aria-labelledby="checkout-return-title">
      <div>
        <h2 id="checkout-return-title" className="banner-title">
          {t.title}
        </h2>
        <p>{t.body}</p>
        <button type="button" className="btn btn-accent btn-sm banner-retry" disabled={busy} aria-busy={busy} onClick={onRetry}>
          {busy ? 'Processing...' : 'Retry Payment'}
        </button>
      </div>
      <button type="button" className="banner-close" aria-label={t.dismiss} onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
