/**
 * 'Refund part': an admin gives back part of a booking without cancelling it (a goodwill discount). The
 * amount and a reason, then a confirmation naming where it goes (the way the money came: to the card, or handed back
 * in the yard by the admin), the new total and the most that can be refunded (what is held beyond what the booking
 * still needs); the server checks it all again, and the toast says what really happened (made, on its way, or failed
 * with Stripe's reason).
 */
import { useId, useState, type FormEvent } from 'react';
import type { AdminBooking } from '@shared/admin';
import { heldFromRoom, refundSplitText, refundWayText, splitRefund, type RefundRoom } from '@shared/refund-lines';
import { balanceMessages } from '@shared/balance';
import { dollarsToCents, formatDollars, formatMoney } from '@shared/money';
import { errorMessage } from '../../../lib/api-client';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { refundPartOfBooking } from '../api/part-refund';
import { refundOutcome } from '../refund-outcome';

export function PartRefundDialog({ booking, maxRefund, room, onClose, onRefunded }: { booking: AdminBooking; maxRefund: number; room: RefundRoom; onClose(): void; onRefunded(): void }) {
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
  const split = splitRefund(cents, heldFromRoom(room));

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
      const outcome = refundOutcome(done.refunds);
      toast({ ...outcome, description: `${booking.booking_reference}: ${outcome.description} The total is now ${formatDollars(done.booking.total_cost)}.` });
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
          {confirmText(split)} The total goes from {formatDollars(booking.total_cost)} to {formatMoney(dollarsToCents(booking.total_cost) - cents)}. At most {formatMoney(maxCents)} can be refunded.
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

/** The question before the refund: where it goes, and what handing it back asks of the admin. */
function confirmText(split: ReturnType<typeof splitRefund>): string {
  if (split.yardCents === 0) return `Refund ${refundSplitText(split)}?`;
  const yard = `hand back ${formatMoney(split.yardCents)} ${refundWayText[split.yardMethod ?? 'cash']}`;
  const ask = split.onlineCents > 0 ? `Refund ${formatMoney(split.onlineCents)} ${refundWayText.online} and ${yard}?` : `${yard[0]!.toUpperCase()}${yard.slice(1)}?`;
  return `${ask} Give it to the traveller now: it is recorded as handed back by you.`;
}
