import type { CheckoutFailure } from '../use-checkout';

/** A failed checkout, in the page (not only a toast) so the reason stays while the user fixes it. */
export function CheckoutFailureAlert({ failure }: { failure: CheckoutFailure }) {
  return (
    <div className="alert alert-error" role="alert">
      <strong>{failure.title}</strong>
      {failure.detail && <p className="alert-detail">{failure.detail}</p>}
    </div>
  );
}
