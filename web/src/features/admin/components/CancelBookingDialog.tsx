/**
 * Staff cancel a booking (issue 14): any refund from $0 to what was paid, entered in dollars. The customer's
 * own terms (48 hours or more before drop-off: paid less $20) are shown as a guide; the server checks the
 * amount again and refunds the card once.
 */
import { useId, useState, type FormEvent } from 'react';
import type { AdminBooking } from '@shared/admin';
import { CANCELLATION_FEE_CENTS, cancellationMessages, customerCancellation } from '@shared/cancellation';
import { dollarsToCents, formatMoney } from '@shared/money';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { cancelAdminBooking } from '../api/cancel-booking';

export function CancelBookingDialog({ booking, onClose, onCancelled }: { booking: AdminBooking; onClose(): void; onCancelled(): void }) {
  const { toast } = useToast();
  const descriptionId = useId();
  const paidCents = dollarsToCents(booking.amount_paid);
  const terms = customerCancellation({ status: 'reservation', dropOffDate: booking.drop_off_date, dropOffTime: booking.drop_off_time, paidCents });
  const [refund, setRefund] = useState(((terms.cancellable ? terms.refundCents : 0) / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = Number(refund.trim());
  const invalid = !/^\d{1,6}(\.\d{1,2})?$/.test(refund.trim());
  const tooMuch = !invalid && dollarsToCents(amount) > paidCents;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const done = await cancelAdminBooking(booking.id, { refund: amount, version: booking.updated_at });
      toast({ title: cancellationMessages.cancelled, description: `${formatMoney(dollarsToCents(done.refund))} refunded to the card.`, variant: 'success' });
      onCancelled();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : cancellationMessages.failed);
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={`Cancel booking ${booking.booking_reference}`}
      description={
        <p id={descriptionId} className="muted">
          {booking.customer.name} paid {formatMoney(paidCents)}. By the customer terms the refund would be{' '}
          {terms.cancellable ? formatMoney(terms.refundCents) : '$0.00 (the drop-off time has passed)'}
          {terms.cancellable && terms.refundCents > 0 ? ` (${formatMoney(Math.min(paidCents, CANCELLATION_FEE_CENTS))} kept)` : ''}.
        </p>
      }
      descriptionId={descriptionId}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Cancel booking"
      busyLabel="Cancelling..."
      busy={busy}
      submitDisabled={invalid || tooMuch}
      submitClass="btn-danger"
    >
      <TextField
        id="admin-cancel-refund"
        label="Refund to the card ($)"
        inputMode="decimal"
        value={refund}
        onValueChange={setRefund}
        error={invalid ? cancellationMessages.refundInvalid : tooMuch ? cancellationMessages.refundTooLarge(paidCents) : undefined}
      />
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
