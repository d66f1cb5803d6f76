/** Cancelling one's own booking from the dashboard: the shared terms dialog with the /api/me calls; My Bookings follows (queries/cancellation). */
import type { CustomerBooking } from '@shared/customer-bookings';
import { CancelByTermsDialog } from '../../../ui/CancelByTermsDialog';
import { fetchCancellationTerms } from '../api/cancellation';
import { useCancelMyBooking } from '../queries/cancellation';

export function CancelBookingDialog({ booking, onClose, onCancelled }: { booking: CustomerBooking; onClose(): void; onCancelled(b: CustomerBooking): void }) {
  const cancel = useCancelMyBooking();
  return (
    <CancelByTermsDialog
      reference={booking.booking_reference}
      dropOff={{ date: booking.drop_off_date, time: booking.drop_off_time }}
      loadTerms={(signal) => fetchCancellationTerms(booking.id, signal)}
      cancel={() => cancel.mutateAsync(booking.id)}
      onClose={onClose}
      onCancelled={(done) => onCancelled(done.booking)}
    />
  );
}
