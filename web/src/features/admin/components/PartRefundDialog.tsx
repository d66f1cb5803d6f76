/**
 * 'Refund part' (issue 26): an admin gives back part of a booking without cancelling it (a goodwill discount). The
 * amount and a reason, then a confirmation naming what the card gets back, the new total and the most that can be
 * refunded (what is held beyond what the booking still needs); the server checks it all again.
 */
import { useId, useState, type FormEvent } from 'react';
import type { AdminBooking } from '@shared/admin';
import { balanceMessages } from '@shared/balance';
import { dollarsToCents, formatMoney } from '@shared/money';
import { errorMessage } from '../../../lib/api-client';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { refundPartOfBooking } from '../api/part-refund';

export function PartRefundDialog({ booking, maxRefund, onClose, onRefunded }: { booking: AdminBooking; maxRefund: number; onClose(): void; onRefunded(): void }) {
  const { toast } = useToast();
  const descriptionId = useId();
  const maxCents = dollarsToCents(maxRefund);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cents = /^\d{1,6}(\.\d{1,2})?$/.test(amount.trim()) ? dollarsToCents(Number(amount.trim())) : 0;
  const amountError = amount.trim() === '' ? undefined : cents <= 0 ? balanceMessages.refundInvalid : cents > maxCents ? balanceMessages.refundTooLarge(maxCents) : undefined;
  const ready = cents > 0 && cents <= maxCents && reason.trim() !== '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = await refundPartOfBooking(booking.id, { amount: cents / 100, reason: reason.trim(), version: booking.updated_at });
      toast({ title: 'Refund made', description: `${formatMoney(dollarsToCents(done.refund))} back to the card for ${booking.booking_reference}; the total is now ${formatMoney(dollarsToCents(done.booking.total_cost))}.`, variant: 'success' });
      onRefunded();
    } catch (err) {
      setError(errorMessage(err, 'Failed to refund the booking'));
      setConfirming(false);
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={`Refund part of ${booking.booking_reference}`}
      description={
        <p id={descriptionId} className="muted">
          The booking stays as it is; its total falls by the refund. Up to {formatMoney(maxCents)} can be refunded (what is held beyond what the booking still needs).
        </p>
      }
      descriptionId={descriptionId}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel={confirming ? `Confirm refund of ${formatMoney(cents)}` : 'Review refund'}
      busyLabel="Refunding..."
      busy={busy}
      submitDisabled={!ready}
    >
      <TextField id="admin-part-refund-amount" label="Refund amount ($)" inputMode="decimal" value={amount} onValueChange={(v) => (setAmount(v), setConfirming(false))} error={amountError} disabled={confirming} />
      <Field id="admin-part-refund-reason" label="Reason for the refund" error={confirming && !reason.trim() ? balanceMessages.refundReasonNeeded : undefined}>
        {(control) => <textarea {...control} rows={2} maxLength={300} value={reason} disabled={confirming} onChange={(e) => (setReason(e.target.value), setConfirming(false))} />}
      </Field>
      {confirming && (
        <div className="alert alert-info" role="status">
          Refund {formatMoney(cents)} to the card? The total goes from {formatMoney(dollarsToCents(booking.total_cost))} to {formatMoney(dollarsToCents(booking.total_cost) - cents)}. At most {formatMoney(maxCents)} can be refunded.
        </div>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
