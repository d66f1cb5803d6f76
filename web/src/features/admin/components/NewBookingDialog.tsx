/** The admin dashboard's New Booking: the shared dialog (ui/NewBookingDialog) in staff mode, with the customer search, paid through POST /api/admin/bookings. */
import { NewBookingDialog as BookingDialog } from '@/ui/NewBookingDialog';
import { startAdminCheckout } from '../api/start-checkout';
import { CustomerSearch } from './CustomerSearch';

export function NewBookingDialog({ onClose }: { onClose(): void }) {
  return <BookingDialog mode="staff" customerSearch={(pick) => <CustomerSearch onPick={pick} />} onClose={onClose} checkout={startAdminCheckout} />;
}
