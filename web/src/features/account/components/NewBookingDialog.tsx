/** The dashboard's New Booking: the shared dialog (ui/NewBookingDialog) in customer mode, paid through POST /api/me/checkout. */
import { NewBookingDialog as BookingDialog, type BookingContact, type NewBookingStart } from '@/ui/NewBookingDialog';
import { startMyCheckout } from '../api/my-checkout';

export type { BookingContact, NewBookingStart };

export function NewBookingDialog({ contact, start, onClose, onOpenProfile }: { contact: BookingContact | null; start?: NewBookingStart; onClose(): void; onOpenProfile(): void }) {
  return <BookingDialog mode="customer" contact={contact} start={start} onOpenProfile={onOpenProfile} onClose={onClose} checkout={startMyCheckout} />;
}
