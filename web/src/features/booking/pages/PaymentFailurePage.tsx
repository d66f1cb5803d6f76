/**
 * /payment-failure: the payment did not go through. The booking comes from navigation state or, after a
 * full page load from the provider, from the stored pending booking; with neither it redirects to /.
 * Retry Payment opens a new checkout with the same details; Cancel Booking forgets them.
 */
import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { formatMoney } from '@shared/money';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { BookingSummary, CustomerSummary } from '../components/BookingSummary';
import { RETRY_FAILED_MESSAGE, useCheckout } from '../use-checkout';
import { DuplicateTripAlert } from '../components/DuplicateTripAlert';
import { CheckoutFailureAlert } from '../components/CheckoutFailureAlert';
import { BOOKING_CANCELLED_NOTICE, flowOf, isPaymentFlowState, isPaymentType, paymentAmounts, type BookingPageState, type PaymentFlowState, type PaymentType } from '../flow';
import { clearPendingBooking, readPendingBooking } from '../pending-booking';

function useFailedBooking(navState: unknown): { flow: PaymentFlowState; paymentType: PaymentType } | null {
  return useMemo(() => {
    if (isPaymentFlowState(navState)) {
      const type = (navState as { paymentType?: unknown }).paymentType;
      return { flow: navState, paymentType: isPaymentType(type) ? type : 'full' };
    }
    const pending = readPendingBooking();
    return pending ? { flow: flowOf(pending), paymentType: pending.paymentType } : null;
  }, [navState]);
}

export default function PaymentFailurePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const failed = useFailedBooking(location.state);
  const { busy, failure, duplicate, pay } = useCheckout(RETRY_FAILED_MESSAGE);
  useDocumentMeta('Payment Failed', 'Your payment did not go through. Try again or cancel the booking.');

  if (!failed) return <Navigate to="/" replace />;
  const { flow, paymentType } = failed;
  const { now } = paymentAmounts(flow.cost, paymentType);

  const cancel = () => {
    clearPendingBooking();
    const state: BookingPageState = { notice: BOOKING_CANCELLED_NOTICE };
    navigate('/booking', { state });
  };

  return (
    <section className="section booking-page">
      <div className="container">
        <div className="card status-card">
          <span className="status-icon status-icon-error" aria-hidden="true">
            !
          </span>
          <h1 className="page-title">Payment Failed</h1>
          <p className="lead-muted">Your payment did not go through and you have not been charged. Your details are saved, so you can try again.</p>
          {failure && <CheckoutFailureAlert failure={failure} />}
          {duplicate && <DuplicateTripAlert message={duplicate} busy={busy} onBookAnyway={() => void pay(flow, paymentType, { confirmDuplicate: true })} />}
          <div className="form-actions center-actions">
            <button type="button" className="btn btn-accent" disabled={busy} aria-busy={busy} onClick={() => void pay(flow, paymentType)}>
              {busy ? 'Processing...' : 'Retry Payment'}
            </button>
            <button type="button" className="btn btn-outline" disabled={busy} onClick={cancel}>
              Cancel Booking
            </button>
          </div>
          <p className="muted small">
            Retrying charges {formatMoney(now)} {paymentType === 'deposit' ? 'now as a deposit, with the remainder at pick-up' : 'for the full amount'}.
          </p>
        </div>
        <div className="booking-layout">
          <CustomerSummary customer={flow.customer} />
          <BookingSummary quoteData={flow.quoteData} cost={flow.cost} />
        </div>
      </div>
    </section>
  );
}
