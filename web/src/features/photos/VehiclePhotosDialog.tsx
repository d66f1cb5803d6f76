/**
 * The vehicle photos panel in its own dialog, for the admin dashboard's Actions column. Self-contained: give
 * it the booking and control `open`. Load it lazily where it is mounted:
 *   const VehiclePhotosDialog = lazy(() => import('../../photos/VehiclePhotosDialog'));
 */
import * as Dialog from '@radix-ui/react-dialog';
import VehiclePhotosPanel from './components/VehiclePhotosPanel';
import '@/ui/widgets.css';
import '@/ui/dialog.css';

export interface VehiclePhotosDialogProps {
  bookingId: string;
  bookingReference?: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function VehiclePhotosDialog({ bookingId, bookingReference, open, onOpenChange }: VehiclePhotosDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="vehicle-photos-for">
          <Dialog.Title className="dialog-title">Vehicle Photos</Dialog.Title>
          <p id="vehicle-photos-for" className="muted small">
            Booking {bookingReference || `#${bookingId.slice(0, 8)}`}
          </p>
          <VehiclePhotosPanel bookingId={bookingId} bookingReference={bookingReference} />
          <div className="form-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-outline">
                Close
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default VehiclePhotosDialog;
