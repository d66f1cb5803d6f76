/**
 * /payment-success?session_id=...: 'Creating your booking...' while the paid session is confirmed, then
 * 'Payment Successful' with the reference and details, or 'Booking Issue' with links to /contact and /.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDollars } from '@shared/money';
import { formatAddress, landedInstruction, site } from '@shared/site';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { StayRows, SummaryRow } from '../components/BookingSummary';
import {
  BOOKING_CONFIRMED_MESSAGE,
  confirmationFailureMessage,
  fetchConfirmedBooking,
  INVALID_SESSION_MESSAGE,
  type ConfirmedBooking,
} from '@/lib/checkout/confirmation';
import { clearPendingBooking, readPendingBooking } from '../pending-booking';
import { clearBookingDraft } from '../booking-draft';
import { recordPaidCheckout } from '../paid-checkouts';
import { EmailText } from '../../../ui/EmailText';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { downloadCheckoutCalendar } from '../api/checkout-calendar';

type View = { kind: 'loading' } | { kind: 'done'; booking: ConfirmedBooking } | { kind: 'issue'; message: string };

const PAGE_TITLES: Record<View['kind'], string> = { loading: 'Creating your booking...', done: 'Payment Successful', issue: 'Booking Issue' };

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const { toast } = useToast();
  const [fetched, setFetched] = useState<{ sessionId: string; view: View } | null>(null);
  const view: View = !sessionId
    ? { kind: 'issue', message: INVALID_SESSION_MESSAGE }
    : fetched?.sessionId === sessionId
      ? fetched.view
      : { kind: 'loading' };
  useDocumentMeta(PAGE_TITLES[view.kind], 'Your Auckland Airport parking booking.');

  useEffect(() => {
    if (!sessionId) return;
    const controller = new AbortController();
    fetchConfirmedBooking(sessionId, controller.signal).then(
      (answered) => {
        // The API masks the e-mail and phone; this tab typed them, so it shows them in full from its own record.
        const pending = readPendingBooking();
        const booking =
          pending?.bookingId === answered.booking_id
            ? { ...answered, customer: { ...answered.customer, email: pending.customer.email, contact_number: pending.customer.contactNumber } }
            : answered;
        clearPendingBooking();
        // Booked: the draft is over (the next visit to the quote card starts afresh), and the paid session is the
        // tab's proof for the server's 'You already have RP-... for these dates' if the same trip is booked again.
        clearBookingDraft();
        recordPaidCheckout(sessionId);
        setFetched({ sessionId, view: { kind: 'done', booking } });
        toast({ title: BOOKING_CONFIRMED_MESSAGE, variant: 'success' });
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setFetched({ sessionId, view: { kind: 'issue', message: confirmationFailureMessage(e) } });
      },
    );
    return () => controller.abort();
  }, [sessionId, toast]);

  return (
    <section className="section booking-page">
      <div className="container narrow">
        {view.kind === 'loading' && (
          <div className="card status-card" role="status">
            <span className="spinner spinner-lg" aria-hidden="true" />
            <p className="lead-muted">Creating your booking...</p>
          </div>
        )}
        {view.kind === 'issue' && <BookingIssue message={view.message} />}
        {view.kind === 'done' && <Confirmation booking={view.booking} sessionId={sessionId} />}
      </div>
    </section>
  );
}

function BookingIssue({ message }: { message: string }) {
  return (
    <div className="card status-card">
      <span className="status-icon status-icon-error" aria-hidden="true">
        !
      </span>
      <h1 className="page-title">Booking Issue</h1>
      <p className="alert alert-error" role="alert">
        {message}
      </p>
      <p>
        If you were charged, we will sort it out: contact us at <a href={site.phoneHref}>{site.phone}</a> or <a href={`mailto:${site.email}`}>{site.email}</a>.
      </p>
      <div className="form-actions center-actions">
        <Link to="/contact" className="btn btn-primary">
          Contact Support
        </Link>
        <Link to="/" className="btn btn-outline">
          Return to Home
        </Link>
      </div>
    </div>
  );
}

function AddToCalendar({ sessionId }: { sessionId: string }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadCheckoutCalendar(sessionId);
      saveFile(file.blob, file.filename ?? 'parking.ics');
    } catch (e) {
      toast({ title: 'Error', description: errorMessage(e, 'Could not download the calendar file. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-outline" onClick={() => void download()} disabled={busy}>
      Add to calendar
    </button>
  );
}

function Confirmation({ booking, sessionId }: { booking: ConfirmedBooking; sessionId: string }) {
  const deposit = booking.balance_due > 0;
  return (
    <div className="confirmation">
      <div className="card status-card">
        <span className="status-icon status-icon-success" aria-hidden="true">
          ✓
        </span>
        <h1 className="page-title">Payment Successful</h1>
        <p className="lead-muted">Your parking is booked. A confirmation has been sent to {booking.customer.email}.</p>
        <p className="reference">
          <span>Booking reference</span>
          <strong data-testid="booking-reference">{booking.booking_reference}</strong>
        </p>
        {booking.pass_token && (
          <p>
            <Link to={`/pass/${booking.pass_token}`} className="btn btn-primary">
              Open your booking pass
            </Link>
          </p>
        )}
        <div className="form-actions center-actions">
          <AddToCalendar sessionId={sessionId} />
        </div>
        {booking.parking_bay_number && (
          <p className="bay">
            Parking bay: <strong data-testid="parking-bay">{booking.parking_bay_number}</strong>
          </p>
        )}
      </div>

      <div className="confirmation-grid">
        <section className="card summary-card" aria-labelledby="confirm-customer-title">
          <h2 id="confirm-customer-title">Customer Details</h2>
          <dl className="summary-list">
            <SummaryRow label="Name">{booking.customer.name}</SummaryRow>
            <SummaryRow label="Email">
              <EmailText email={booking.customer.email} />
            </SummaryRow>
            <SummaryRow label="Contact number">{booking.customer.contact_number}</SummaryRow>
          </dl>
        </section>

        <section className="card summary-card" aria-labelledby="confirm-booking-title">
          <h2 id="confirm-booking-title">Booking Details</h2>
          <dl className="summary-list">
            <StayRows dropOff={{ date: booking.drop_off_date, time: booking.drop_off_time }} pickUp={{ date: booking.pick_up_date, time: booking.pick_up_time }} days={booking.days} />
            <SummaryRow label="Car registration">{booking.car_registration}</SummaryRow>
            <SummaryRow label="Departure flight">{booking.departure_flight ?? 'Not given'}</SummaryRow>
            <SummaryRow label="Return flight">{booking.return_flight ?? 'Not given'}</SummaryRow>
            <SummaryRow label="Shuttle">{booking.shuttle_service ? 'Included' : 'Not required'}</SummaryRow>
            {booking.car_wash && <SummaryRow label="Car wash">Included</SummaryRow>}
            {booking.add_ons?.filter((a) => a.service !== 'car_wash').map((a) => (
              <SummaryRow key={a.service} label={a.name}>
                {formatDollars(a.cost)}
              </SummaryRow>
            ))}
          </dl>
        </section>

        <section className="card summary-card" aria-labelledby="confirm-payment-title">
          <h2 id="confirm-payment-title">Payment</h2>
          <dl className="summary-list">
            {deposit && <SummaryRow label="Booking total">{formatDollars(booking.total_cost)}</SummaryRow>}
            <SummaryRow label="Total paid" className="summary-total">
              <span data-testid="amount-paid">{formatDollars(booking.amount_paid)}</span> <span className="muted">incl. GST</span>
            </SummaryRow>
            {deposit && (
              <SummaryRow label="Balance due at pick-up">
                <span data-testid="balance-due">{formatDollars(booking.balance_due)}</span>
              </SummaryRow>
            )}
          </dl>
        </section>
      </div>

      <section className="card whats-next" aria-labelledby="whats-next-title">
        <h2 id="whats-next-title">What's Next</h2>
        <ol>
          <li>Keep your booking reference handy; it is in your confirmation e-mail too.</li>
          <li>
            Arrive at {formatAddress()} 15-20 minutes before you need the shuttle, and our team will take your car.
          </li>
          <li>The free shuttle takes you to the terminal; it runs every 15 minutes.</li>
          <li>
            {landedInstruction}
            {deposit ? ` The balance of ${formatDollars(booking.balance_due)} is paid at pick-up.` : ''}
          </li>
        </ol>
        <Link to="/" className="btn btn-primary">
          Return to Home
        </Link>
      </section>
    </div>
  );
}
