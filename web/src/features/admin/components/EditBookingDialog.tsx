/**
 * 'Edit Booking Details' (docs/admin.md). It reads the booking and its history first, so a save
 * names the version it started from; someone else's save in between is refused and the dialog offers a reload.
 * A reload after the customer editor saves keeps the form's fields (only the version and the customer change).
 */
import { useEffect, useState } from 'react';
import { adminMessages, type AdminBooking, type AdminBookingDetail, type AdminBookingEditResponse } from '@shared/admin';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/FormDialog';
import { fetchAdminBooking } from '../api/fetch-booking';
import { EditBookingForm } from './EditBookingForm';

interface EditBookingDialogProps {
  booking: AdminBooking;
  onClose(): void;
  onSaved(result: AdminBookingEditResponse): void;
  /** Something changed that the list shows (the customer), without a booking save. */
  onChanged(): void;
  /** Staff cancelled the booking from the dialog. */
  onCancelled(): void;
}

export function EditBookingDialog({ booking, onClose, onSaved, onChanged, onCancelled }: EditBookingDialogProps) {
  const [detail, setDetail] = useState<AdminBookingDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  /** Bumped by an explicit reload (after a stale save): the form starts again from the booking as it now is. */
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    fetchAdminBooking(booking.id, abort.signal)
      .then((d) => {
        setDetail(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if ((e as Error).name === 'AbortError') return;
        setError(e instanceof ApiError && e.status === 404 ? adminMessages.bookingNotFound : e instanceof Error ? e.message : adminMessages.loadFailed);
      });
    return () => abort.abort();
  }, [booking.id, reload]);

  if (!detail) {
    return (
      <FormDialog
        title="Edit Booking Details"
        descriptionId="admin-edit-loading"
        description={
          error ? (
            <div id="admin-edit-loading" className="alert alert-error" role="alert">
              {error}
            </div>
          ) : (
            <p id="admin-edit-loading" className="muted" role="status">
              Loading booking...
            </p>
          )
        }
        onClose={onClose}
        onSubmit={(e) => e.preventDefault()}
        busy={false}
        submitDisabled
      >
        {null}
      </FormDialog>
    );
  }
  return (
    <EditBookingForm
      key={generation}
      detail={detail}
      onClose={onClose}
      onSaved={onSaved}
      onCancelled={onCancelled}
      onReload={() => {
        setGeneration((n) => n + 1);
        setReload((n) => n + 1);
      }}
      onRefresh={() => {
        setReload((n) => n + 1);
        onChanged();
      }}
      onCustomerSaved={() => {
        // The customer's details are carried onto their bookings, which gives this booking a new version:
        // read it again, keeping what the admin has typed into the form so far.
        setReload((n) => n + 1);
        onChanged();
      }}
    />
  );
}
