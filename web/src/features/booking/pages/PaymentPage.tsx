/**
 * /payment: review the customer and booking, choose full payment or the $10.00 deposit, and leave for the
 * hosted checkout. Needs the flow as navigation state; coming back from a cancelled or failed checkout
 * (a fresh page load with ?canceled=true or ?failed=true) it restores the flow from the stored pending
 * booking and shows the 'Payment Failed' banner. With neither it redirects to /.
 */
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { formatMoney } from '@shared/money';
import { DEPOSIT_CENTS } from '@shared/pricing';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { BookingStepLayout } from '../components/BookingStepLayout';
import { CustomerSummary } from '../components/BookingSummary';
import { CHECKOUT_FAILED_MESSAGE, endLeftCheckout, useCheckout } from '../use-checkout';
import { CheckoutFailureAlert } from '../components/CheckoutFailureAlert';
import { flowOf, isPaymentFlowState, paymentAmounts, type PaymentFlowState, type PaymentType } from '../flow';
import { readPendingBooking } from '../pending-booking';

interface Restored {
  flow: PaymentFlowState;
  paymentType: PaymentType;
}

function useRestoredFlow(navState: unknown, returnedFromCheckout: boolean): Restored | null {
  return useMemo(() => {
    if (isPaymentFlowState(navState)) return { flow: navState, paymentType: 'full' };
    if (!returnedFromCheckout) return null;
    const pending = readPendingBooking();
    return pending ? { flow: flowOf(pending), paymentType: pending.paymentType } : null;
  }, [navState, returnedFromCheckout]);
}

export default function PaymentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnedUnpaid = params.get('canceled') === 'true' || params.get('failed') === 'true';
  const restored = useRestoredFlow(location.state, returnedUnpaid);
  const [paymentType, setPaymentType] = useState<PaymentType>(restored?.paymentType ?? 'full');
  const [bannerOpen, setBannerOpen] = useState(returnedUnpaid);
  const { busy, failure, pay } = useCheckout(CHECKOUT_FAILED_MESSAGE);
  const canceled = params.get('canceled') === 'true';
  useEffect(() => {
    // Cancelled on the payment page: that checkout ends now and its places are free again.
    if (canceled) endLeftCheckout(readPendingBooking()?.sessionId);
  }, [canceled]);
  useDocumentMeta('Payment', 'Review your Auckland Airport parking booking and pay securely by card.');

  if (!restored) return <Navigate to="/" replace />;
  const { flow } = restored;
  const full = paymentAmounts(flow.cost, 'full');
  const deposit = paymentAmounts(flow.cost, 'deposit');
  const due = paymentType === 'deposit' ? deposit.now : full.now;

  return (
    <BookingStepLayout
      step={3}
      title="Payment"
      lead="Check your details, choose how much to pay now, and pay securely by card."
      banner={
        bannerOpen && (
          <div className="alert alert-error banner" role="alert" aria-labelledby="payment-failed-title">
            <div>
              <h2 id="payment-failed-title" className="banner-title">
                Payment Failed
              </h2>
              <p>Your payment was not completed and you have not been charged. You can try again below.</p>
            </div>
            <button type="button" className="banner-close" aria-label="Dismiss payment failed message" onClick={() => setBannerOpen(false)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )
      }
      flow={flow}
    >
      <div className="booking-main">
        <CustomerSummary customer={flow.customer} />
        <form
          className="card payment-card"
          aria-labelledby="payment-options-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void pay(flow, paymentType);
          }}
        >
          <h2 id="payment-options-title">Payment Options</h2>
          <fieldset className="payment-options">
            <legend className="sr-only">How much to pay now</legend>
            <label className={`payment-option${paymentType === 'full' ? ' selected' : ''}`}>
              <input type="radio" name="paymentType" value="full" checked={paymentType === 'full'} onChange={() => setPaymentType('full')} aria-labelledby="pay-full-label" aria-describedby="pay-full-hint" />
              <span>
                <strong id="pay-full-label">Pay Full Amount</strong>
                <span id="pay-full-hint" className="option-hint">
                  {formatMoney(full.now)} now, nothing to pay at pick-up
                </span>
              </span>
            </label>
            <label className={`payment-option${paymentType === 'deposit' ? ' selected' : ''}`}>
              <input type="radio" name="paymentType" value="deposit" checked={paymentType === 'deposit'} onChange={() => setPaymentType('deposit')} aria-labelledby="pay-deposit-label" aria-describedby="pay-deposit-hint" />
              <span>
                <strong id="pay-deposit-label">Pay Deposit</strong>
                <span id="pay-deposit-hint" className="option-hint">
                  ({formatMoney(DEPOSIT_CENTS)} now, remainder at pickup)
                  {deposit.balance > 0 && <span className="option-balance"> Balance at pick-up: {formatMoney(deposit.balance)}</span>}
                </span>
              </span>
            </label>
          </fieldset>
          {failure && <CheckoutFailureAlert failure={failure} />}
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => navigate('/booking', { state: flow })} disabled={busy}>
              Back to Details
            </button>
            <button type="submit" className="btn btn-accent" disabled={busy} aria-busy={busy}>
              {busy ? 'Processing...' : `Pay Now ${formatMoney(due)}`}
            </button>
          </div>
          <p className="muted small">You will be taken to our payment provider's secure page to enter your card details.</p>
        </form>
      </div>
    </BookingStepLayout>
  );
}
