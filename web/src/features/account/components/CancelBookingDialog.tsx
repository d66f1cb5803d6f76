/** Cancelling one's own booking from the dashboard: the shared terms dialog with the /api/me calls. */
import type { CustomerBooking } from '@shared/customer-bookings';
import { CancelByTermsDialog } from '../../../ui/CancelByTermsDialog';
import { cancelMyBooking, fetchCancellationTerms } from '../api/cancellation';

export function CancelBookingDialog({ booking, onClose, onCancelled }: { booking: CustomerBooking; onClose(): void; onCancelled(b: CustomerBooking): void }) {
  return (
    <CancelByTermsDialog
      reference={booking.booking_reference}
      dropOff={{ date: booking.drop_off_date, time: booking.drop_off_time }}
      loadTerms={(signal) => fetchCancellationTerms(booking.id, signal)}
      cancel={() => cancelMyBooking(booking.id)}
      onClose={onClose}
      onCancelled={(done) => onCancelled(done.booking)}
    />
  );
}
