/**
 * /payment: review the customer and booking, choose full payment or the $10.00 deposit, and leave for the
 * hosted checkout. Needs the flow as navigation state; coming back from a cancelled or failed checkout
 * (a fresh page load with ?canceled=true or ?failed=true) it restores the flow from the stored pending
 * booking and shows a 'Payment cancelled' or 'Payment Failed' banner with Retry. With neither it redirects to /.
 *
 * Paying twice for one trip: before leaving for the checkout the page notes the session in its own history entry, so
 * Back (twice, from the success page) finds it and asks the server about it: a paid one is shown as the booking it
 * made, with no Pay Now; an unpaid one is ended and the traveller may pay again.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { CreatedBooking } from '@shared/booking';
import { getCheckout } from '@/lib/checkout/get-checkout';
import { clearBookingDraft } from '../booking-draft';
import { DuplicateTripAlert } from '../components/DuplicateTripAlert';
import { recordPaidCheckout } from '../paid-checkouts';
import { clearPendingBooking } from '../pending-booking';
import { formatDollars, formatMoney } from '@shared/money';
import { DEPOSIT_CENTS } from '@shared/pricing';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { BookingStepLayout } from '../components/BookingStepLayout';
import { CustomerSummary, StayRows, SummaryRow } from '../components/BookingSummary';
import { CHECKOUT_FAILED_MESSAGE, endLeftCheckout, useCheckout } from '../use-checkout';
import { CheckoutFailureAlert } from '../components/CheckoutFailureAlert';
import { CancellationRuleNote } from '../../../ui/CancellationRuleNote';
import { CheckoutReturnBanner, checkoutReturnOf } from '../components/CheckoutReturnBanner';
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

/** The checkout this history entry left for, noted in its navigation state just before leaving. */
const STARTED_KEY = 'checkoutSessionId';
const startedSessionOf = (state: unknown): string | undefined => {
  const id = (state as Record<string, unknown> | null)?.[STARTED_KEY];
  return typeof id === 'string' && id ? id : undefined;
};

type PaidCheck = { kind: 'none' } | { kind: 'checking'; sessionId: string } | { kind: 'paid'; booking: CreatedBooking };

/**
 * Asks the server (GET /api/checkout/{sessionId}, the success page's own call) whether the checkout this page left for
 * was paid. Paid: the draft is over (as on the success page). Not paid (or unknown): that checkout ends, so its places are free.
 */
function usePaidCheck(initialSessionId: string | undefined) {
  const [check, setCheck] = useState<PaidCheck>(() => (initialSessionId ? { kind: 'checking', sessionId: initialSessionId } : { kind: 'none' }));
  useEffect(() => {
    if (check.kind !== 'checking') return;
    const abort = new AbortController();
    const { sessionId } = check;
    getCheckout(sessionId, abort.signal).then(
      (booking) => {
        recordPaidCheckout(sessionId);
        clearPendingBooking();
        clearBookingDraft();
        setCheck({ kind: 'paid', booking });
      },
      () => {
        if (abort.signal.aborted) return;
        endLeftCheckout(sessionId);
        setCheck({ kind: 'none' });
      },
    );
    return () => abort.abort();
  }, [check]);
  return { check, returnedFrom: (sessionId: string) => setCheck({ kind: 'checking', sessionId }) };
}

export default function PaymentPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnedAs = checkoutReturnOf(params);
  const returnedUnpaid = returnedAs !== null;
  const restored = useRestoredFlow(location.state, returnedUnpaid);
  const [paymentType, setPaymentType] = useState<PaymentType>(restored?.paymentType ?? 'full');
  const [bannerOpen, setBannerOpen] = useState(returnedUnpaid);
  const { check, returnedFrom } = usePaidCheck(startedSessionOf(location.state));
  const { busy, failure, duplicate, pay } = useCheckout(CHECKOUT_FAILED_MESSAGE, { onReturned: returnedFrom });
  useEffect(() => {
    // Cancelled or declined on the payment page: that checkout ends now and its places are free again.
    if (returnedUnpaid) endLeftCheckout(readPendingBooking()?.sessionId);
  }, [returnedUnpaid]);
  useDocumentMeta('Payment', 'Review your Auckland Airport parking booking and pay securely by card.');

  if (check.kind === 'paid') return <AlreadyPaid booking={check.booking} />;
  if (!restored) return <Navigate to="/" replace />;
  const { flow } = restored;
  const startPayment = (confirmDuplicate = false) => {
    if (busy || check.kind === 'checking') return;
    void pay(flow, paymentType, {
      confirmDuplicate,
      // Noted in this history entry, so coming Back to it asks whether that checkout was paid.
      onStarted: (sessionId) => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { ...flow, [STARTED_KEY]: sessionId } }),
    });
  };
  const full = paymentAmounts(flow.cost, 'full');
  const deposit = paymentAmounts(flow.cost, 'deposit');
  const due = paymentType === 'deposit' ? deposit.now : full.now;

  return (
    <BookingStepLayout
      step={3}
      title="Payment"
      lead="Check your details, choose how much to pay now, and pay securely by card."
      banner={
        bannerOpen && returnedAs && <CheckoutReturnBanner kind={returnedAs} busy={busy} onRetry={() => startPayment()} onDismiss={() => setBannerOpen(false)} />
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
            startPayment();
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
          <CancellationRuleNote />
          {failure && <CheckoutFailureAlert failure={failure} />}
          {duplicate && <DuplicateTripAlert message={duplicate} busy={busy} onBookAnyway={() => startPayment(true)} />}
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => navigate('/booking', { state: flow })} disabled={busy}>
              Back to Details
            </button>
            {check.kind === 'checking' ? (
              <p className="muted" role="status">
                Checking your payment...
              </p>
            ) : (
              !duplicate && (
                <button type="submit" className="btn btn-accent" disabled={busy} aria-busy={busy}>
                  {busy ? 'Processing...' : `Pay Now ${formatMoney(due)}`}
                </button>
              )
            )}
          </div>
          <p className="muted small">You will be taken to our payment provider's secure page to enter your card details.</p>
        </form>
      </div>
    </BookingStepLayout>
  );
}

/** Back on the payment page of a checkout that was paid: the booking it made, and no way to pay for it again. */
function AlreadyPaid({ booking }: { booking: CreatedBooking }) {
  return (
    <section className="section booking-page">
      <div className="container narrow">
        <div className="card status-card">
          <span className="status-icon status-icon-success" aria-hidden="true">
            ✓
          </span>
          <h1 className="page-title">This booking is paid</h1>
          <p className="lead-muted">You have already paid for this stay, so there is nothing more to pay here.</p>
          <p className="reference">
            <span>Booking reference</span>
            <strong data-testid="booking-reference">{booking.booking_reference}</strong>
          </p>
          <dl className="summary-list">
            <StayRows dropOff={{ date: booking.drop_off_date, time: booking.drop_off_time }} pickUp={{ date: booking.pick_up_date, time: booking.pick_up_time }} days={booking.days} />
            <SummaryRow label="Car registration">{booking.car_registration}</SummaryRow>
            <SummaryRow label="Total paid">{formatDollars(booking.amount_paid)}</SummaryRow>
          </dl>
          <div className="form-actions center-actions">
            <Link to="/" className="btn btn-primary">
              Return to Home
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
