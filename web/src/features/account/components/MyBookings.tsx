/**
 * My Bookings: the person's confirmed bookings, filtered to Current & Future or Past (pick-up before today,
 * NZ time) and sorted by drop-off, each as a card with what the yard needs to recognise the car and what is
 * left to pay at pick-up.
 */
import { bookedAddOns } from '@shared/add-ons';
import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { cancelledMoneyText, customerBookingsMessages, periodOf, selectCustomerBookings, type BookingPeriod, type CustomerBooking, type DropOffOrder } from '@shared/customer-bookings';
import { bookAgain, lastRegistration } from '@shared/returning-customer';
import { formatShortDate, formatTime12, pluralDays } from '@shared/format';
import { formatDollars } from '@shared/money';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { DownloadButton } from '../../../ui/DownloadButton';
import { useToast } from '../../../ui/toast/ToastProvider';
import { myCheckoutMessages } from '@shared/my-checkout';
import { useCheckoutReturn } from '@/lib/checkout/use-checkout-return';
import { downloadMyInvoice } from '../api/invoice';
import { fetchMyPass } from '../api/my-pass';
import { NewBookingDialog, type BookingContact, type NewBookingStart } from './NewBookingDialog';
import { EditBookingDialog } from './EditBookingDialog';
import { CancelBookingDialog } from './CancelBookingDialog';
import { AddToCalendarButton } from './AddToCalendarButton';
import { PayBalanceButton } from './PayBalanceButton';
import { accountKeys } from '../queries/keys';
import { useMyBookings } from '../queries/my-bookings';
import { useBalanceReturn } from '../use-balance-return';
import { nzToday } from '@shared/nz-time';
import { useClock } from '@/lib/use-clock';
import { useFeatureSlot } from '@/lib/slot-context';

const STATUS_LABEL: Record<CustomerBooking['status'], string> = { reservation: 'Reservation', checkin: 'Check-in', checkout: 'Check-out', payment_review: 'Payment being checked', cancelled: 'Cancelled' };
/** The statuses whose balance can be paid online (the server's rule: a booking still on). */
const PAYABLE: readonly CustomerBooking['status'][] = ['reservation', 'checkin', 'checkout'];

function BookingCard({ booking, onEdit, onCancel, onBookAgain }: { booking: CustomerBooking; onEdit(): void; onCancel(): void; onBookAgain(): void }) {
  const now = useClock();
  return (
    <li className="card my-booking">
      <div className="my-booking-head">
        <div>
          <p className="my-booking-rego">{booking.car_registration ?? 'Not set'}</p>
          <p className="muted small">
            Booking Ref: <strong>{booking.booking_reference || 'Not set'}</strong>
          </p>
        </div>
        <div className="my-booking-badges">
          <span className={`badge badge-${booking.status}`}>{STATUS_LABEL[booking.status]}</span>
          {booking.shuttle_service && <span className="badge badge-outline">Shuttle Service</span>}
          {bookedAddOns(booking).map((a) => (
            <span key={a.id} className="badge badge-outline">
              {a.name}
            </span>
          ))}
        </div>
      </div>
      <dl className="my-booking-times">
        <div>
          <dt>Drop-off</dt>
          <dd>
            <span className="nowrap">{formatShortDate(booking.drop_off_date)}</span> at <span className="nowrap">{formatTime12(booking.drop_off_time)}</span>
            {booking.departure_flight && <span className="muted small"> · Flight {booking.departure_flight}</span>}
          </dd>
        </div>
        <div>
          <dt>Pick-up</dt>
          <dd>
            <span className="nowrap">{formatShortDate(booking.pick_up_date)}</span> at <span className="nowrap">{formatTime12(booking.pick_up_time)}</span>
            {booking.return_flight && <span className="muted small"> · Flight {booking.return_flight}</span>}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            {formatDollars(booking.total_cost)} for {pluralDays(booking.days)}
          </dd>
        </div>
        {booking.status === 'cancelled' ? (
          <div>
            <dt>Cancelled</dt>
            <dd>{cancelledMoneyText(booking)}</dd>
          </div>
        ) : (
          <div>
            <dt>Balance due at pick-up</dt>
            <dd>{booking.balance_due > 0 ? formatDollars(booking.balance_due) : 'Paid in full'}</dd>
          </div>
        )}
      </dl>
      <div className="my-booking-actions">
        {booking.status === 'reservation' && (
          <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} aria-label={`Edit booking ${booking.booking_reference || booking.id.slice(0, 8)}`}>
            Edit
          </button>
        )}
        {booking.status !== 'payment_review' && (
          <DownloadButton
            label="Download invoice"
            ariaLabel={`Download invoice for booking ${booking.booking_reference || booking.id.slice(0, 8)}`}
            fetchFile={() => downloadMyInvoice(booking.id)}
            filename={`${booking.booking_reference || 'booking'}-tax-invoice.pdf`}
            failedTitle="Could not download the invoice"
          />
        )}
        {booking.status === 'reservation' && (
          <button type="button" className="btn btn-outline btn-sm" onClick={onCancel} aria-label={`Cancel booking ${booking.booking_reference || booking.id.slice(0, 8)}`}>
            Cancel
          </button>
        )}
        {booking.status !== 'payment_review' && <ViewPassButton booking={booking} />}
        {(booking.status === 'reservation' || booking.status === 'checkin' || booking.status === 'checkout') && (
          <AddToCalendarButton bookingId={booking.id} label={booking.booking_reference || booking.id.slice(0, 8)} />
        )}
        {(periodOf(booking, nzToday(now())) === 'past' || booking.status === 'cancelled') && (
          <button type="button" className="btn btn-outline btn-sm" onClick={onBookAgain} aria-label={`Book again with the car of booking ${booking.booking_reference || booking.id.slice(0, 8)}`}>
            Book again
          </button>
        )}
      </div>
      {PAYABLE.includes(booking.status) && booking.balance_due > 0 && <PayBalanceButton booking={booking} />}
      {booking.status === 'checkout' && <DamageReports booking={booking} />}
    </li>
  );
}

/** Damage reports after collection (another feature's part, through its slot): opened on request, so it loads only then. */
function DamageReports({ booking }: { booking: CustomerBooking }) {
  const DamageClaims = useFeatureSlot('DamageClaims');
  const [open, setOpen] = useState(false);
  const label = booking.booking_reference || booking.id.slice(0, 8);
  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)} aria-label={`Damage reports for booking ${label}`}>
        Report damage
      </button>
    );
  }
  return (
    <section className="my-booking-claims" aria-label={`Damage reports for booking ${label}`}>
      <h3>Report damage</h3>
      <Suspense fallback={<p className="muted">Loading...</p>}>
        <DamageClaims bookingId={booking.id} />
      </Suspense>
    </section>
  );
}

/** Opens the booking's pass (QR code, directions, shuttle stops): its signed address comes from the server. */
function ViewPassButton({ booking }: { booking: CustomerBooking }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    fetchMyPass(booking.id).then(
      (pass) => navigate(`/pass/${pass.token}`),
      (e: unknown) => {
        setBusy(false);
        toast({ title: 'Error', description: errorMessage(e, 'Could not open the pass. Please try again.'), variant: 'destructive' });
      },
    );
  };
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={open} disabled={busy} aria-label={`View pass for booking ${booking.booking_reference || booking.id.slice(0, 8)}`}>
      View pass
    </button>
  );
}

export function MyBookings({ onExpired, contact, onOpenProfile }: { onExpired(): void; contact: BookingContact | null; onOpenProfile(): void }) {
  const { toast } = useToast();
  const now = useClock();
  const client = useQueryClient();
  const { data: bookings, error } = useMyBookings();
  const [period, setPeriod] = useState<BookingPeriod>('current');
  const [order, setOrder] = useState<DropOffOrder>('earliest');
  // The new-booking dialog, open with where its form starts: the last car, or a past booking's (Book again).
  const [creating, setCreating] = useState<NewBookingStart | null>(null);
  const listAgain = useCallback(() => void client.invalidateQueries({ queryKey: accountKeys.bookings }), [client]);
  useCheckoutReturn({ created: myCheckoutMessages.created, notMade: 'Your new booking was not made.', onConfirmed: listAgain, tell: toast });
  useBalanceReturn(listAgain);
  const [editing, setEditing] = useState<CustomerBooking | null>(null);
  const [cancelling, setCancelling] = useState<CustomerBooking | null>(null);
  const periodId = useId();
  const orderId = useId();

  const expired = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (!error) return;
    if (expired) onExpired();
    else toast({ title: 'Error', description: customerBookingsMessages.loadFailed, variant: 'destructive' });
  }, [error, expired, onExpired, toast]);

  if (error) {
    return (
      <div className="alert alert-error" role="alert">
        {customerBookingsMessages.loadFailed}
      </div>
    );
  }
  if (!bookings) return <p className="muted" role="status">Loading your bookings...</p>;
  if (bookings.length === 0) {
    return (
      <div className="card empty-state">
        <h2>{customerBookingsMessages.noneAtAll}</h2>
        <p className="muted">Get a quote for your dates and book in a few minutes.</p>
        <button type="button" className="btn btn-accent" onClick={() => setCreating({})}>
          Create Your First Booking
        </button>
        {creating && <NewBookingDialog contact={contact} onClose={() => setCreating(null)} onOpenProfile={onOpenProfile} />}
      </div>
    );
  }
  const shown = selectCustomerBookings(bookings, period, order, nzToday(now()));
  const newBooking = () => setCreating({ carRegistration: lastRegistration(bookings) });
  return (
    <div className="my-bookings">
      <div className="my-bookings-controls">
        <button type="button" className="btn btn-accent new-booking-button" onClick={newBooking} aria-label="New booking">
          <span aria-hidden="true">+</span> New booking
        </button>
        <div className="field">
          <label htmlFor={periodId}>Show</label>
          <select id={periodId} value={period} onChange={(e) => setPeriod(e.target.value as BookingPeriod)}>
            <option value="current">Current &amp; Future</option>
            <option value="past">Past Bookings</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={orderId}>Sort by drop-off</label>
          <select id={orderId} value={order} onChange={(e) => setOrder(e.target.value as DropOffOrder)}>
            <option value="earliest">Earliest first</option>
            <option value="latest">Latest first</option>
          </select>
        </div>
      </div>
      {shown.length === 0 ? (
        <div className="card empty-state">
          <h2>{period === 'current' ? customerBookingsMessages.noneCurrent : customerBookingsMessages.nonePast}</h2>
          <button type="button" className="btn btn-accent" onClick={newBooking}>
            Create New Booking
          </button>
        </div>
      ) : (
        <ul className="my-booking-list" aria-label={period === 'current' ? 'Current and future bookings' : 'Past bookings'}>
          {shown.map((b) => (
            <BookingCard key={b.id} booking={b} onEdit={() => setEditing(b)} onCancel={() => setCancelling(b)} onBookAgain={() => setCreating(bookAgain(b))} />
          ))}
        </ul>
      )}
      {creating && <NewBookingDialog contact={contact} start={creating} onClose={() => setCreating(null)} onOpenProfile={onOpenProfile} />}
      {cancelling && (
        <CancelBookingDialog
          booking={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={() => setCancelling(null)}
        />
      )}
      {editing && (
        <EditBookingDialog
          booking={editing}
          onClose={() => {
            setEditing(null);
            listAgain();
          }}
          onSaved={() => setEditing(null)}
        />
      )}
    </div>
  );
}
