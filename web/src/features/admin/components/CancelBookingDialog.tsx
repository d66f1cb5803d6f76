/**
 * Staff cancel a booking: any refund from $0 to what is held, entered in dollars. The
 * customer terms' figure (the money policy's, counting earlier refunds and the earliest drop-off) is the default;
 * a refund above it needs a reason, which the ledger and the booking's history keep. The server checks the
 * amount again and sends it back the way the money came, once: to the card, or handed back in the yard by the admin.
 */
import { useId, useState, type FormEvent } from 'react';
import type { AdminBooking } from '@shared/admin';
import { heldFromRoom, refundSplitText, splitRefund, type RefundRoom } from '@shared/refund-lines';
import { cancellationMessages, customerCancellation, keptText } from '@shared/cancellation';
import { moneyPolicyMessages } from '@shared/money-policy';
import { dollarsToCents, formatMoney, formatMoneyPlain } from '@shared/money';
import { errorMessage } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { cancelAdminBooking } from '../api/cancel-booking';
import { useClock } from '@/lib/use-clock';

export function CancelBookingDialog({ booking, room, onClose, onCancelled }: { booking: AdminBooking; room: RefundRoom; onClose(): void; onCancelled(): void }) {
  const { toast } = useToast();
  const descriptionId = useId();
  const now = useClock();
  const paidCents = dollarsToCents(booking.amount_paid);
  const terms = customerCancellation({
    status: 'reservation',
    dropOffDate: booking.drop_off_date,
    dropOffTime: booking.drop_off_time,
    totalCents: dollarsToCents(booking.total_cost),
    paidCents,
    refundedCents: dollarsToCents(booking.refunded),
    termsDropOffAt: booking.terms_drop_off_at,
  }, now());
  const termsRefundCents = terms.cancellable ? terms.refundCents : 0;
  const [refund, setRefund] = useState(formatMoneyPlain(termsRefundCents));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = Number(refund.trim());
  const invalid = !/^\d{1,6}(\.\d{1,2})?$/.test(refund.trim());
  const tooMuch = !invalid && dollarsToCents(amount) > paidCents;
  const aboveTerms = !invalid && !tooMuch && dollarsToCents(amount) > termsRefundCents;
  const reasonMissing = aboveTerms && reason.trim() === '';
  const split = !invalid && !tooMuch ? splitRefund(dollarsToCents(amount), heldFromRoom(room)) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const done = await cancelAdminBooking(booking.id, { refund: amount, ...(aboveTerms ? { reason: reason.trim() } : {}), version: booking.updated_at });
      const back = splitRefund(dollarsToCents(done.refund), heldFromRoom(room));
      toast({ title: cancellationMessages.cancelled, description: done.refund > 0 ? `${refundSplitText(back)} back.` : 'No refund.', variant: 'success' });
      onCancelled();
    } catch (err) {
      setError(errorMessage(err, cancellationMessages.failed));
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
          {terms.cancellable && terms.keptCents > 0 ? ` (${formatMoney(terms.keptCents)} kept: ${keptText(terms.keptReason)})` : ''}. A larger refund needs a reason.
        </p>
      }
      descriptionId={descriptionId}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Cancel booking"
      closeLabel="Keep booking"
      busyLabel="Cancelling..."
      busy={busy}
      submitDisabled={invalid || tooMuch || reasonMissing}
      submitClass="btn-danger"
    >
      <TextField
        id="admin-cancel-refund"
        label={room.in_yard > 0 ? 'Refund ($)' : 'Refund to the card ($)'}
        inputMode="decimal"
        value={refund}
        onValueChange={setRefund}
        error={invalid ? cancellationMessages.refundInvalid : tooMuch ? cancellationMessages.refundTooLarge(paidCents) : undefined}
      />
      {split && split.yardCents > 0 && (
        <p className="alert alert-info" role="status">
          Goes back the way it was paid: {refundSplitText(split)}. Hand back what was paid in the yard now: it is recorded as handed back by you.
        </p>
      )}
      {aboveTerms && (
        <TextField
          id="admin-cancel-reason"
          label="Reason for refunding more than the terms"
          value={reason}
          onValueChange={setReason}
          error={reasonMissing ? moneyPolicyMessages.reasonNeeded(termsRefundCents) : undefined}
        />
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
