/**
 * 'Record payment': what the traveller paid towards the balance in the yard, by cash, EFTPOS or card.
 * The amount starts at the balance due and cannot exceed it; the server checks it again against the booking's
 * version, records who took it (the signed-in member of staff) and when, and the history shows it.
 */
import { useId, useState, type FormEvent } from 'react';
import type { AdminBooking } from '@shared/admin';
import { balanceMessages, paymentMethodLabels, paymentMethods, type PaymentMethod } from '@shared/balance';
import { dollarsToCents, formatDollars, formatMoney, formatMoneyPlain } from '@shared/money';
import { errorMessage } from '../../../lib/api-client';
import { Field } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { recordAdminPayment } from '../api/record-payment';

export function RecordPaymentDialog({ booking, onClose, onRecorded }: { booking: AdminBooking; onClose(): void; onRecorded(): void }) {
  const { toast } = useToast();
  const descriptionId = useId();
  const dueCents = dollarsToCents(booking.balance_due);
  const [amount, setAmount] = useState(formatMoneyPlain(dueCents));
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = !/^\d{1,6}(\.\d{1,2})?$/.test(amount.trim()) || dollarsToCents(Number(amount.trim())) <= 0;
  const tooMuch = !invalid && dollarsToCents(Number(amount.trim())) > dueCents;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const done = await recordAdminPayment(booking.id, { amount: Number(amount.trim()), method, version: booking.updated_at });
      toast({ title: balanceMessages.recorded, description: `${formatDollars(done.payment.amount)} ${paymentMethodLabels[method]}; balance due ${formatDollars(done.booking.balance_due)}.`, variant: 'success' });
      onRecorded();
    } catch (err) {
      setError(errorMessage(err, balanceMessages.failed));
      setBusy(false);
    }
  }

  return (
    <FormDialog
      title={`Record payment for ${booking.booking_reference}`}
      description={
        <p id={descriptionId} className="muted">
          Balance due: {formatMoney(dueCents)}. Record what {booking.customer.name} paid in the yard.
        </p>
      }
      descriptionId={descriptionId}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Record payment"
      busyLabel="Recording..."
      busy={busy}
      submitDisabled={invalid || tooMuch}
    >
      <TextField
        id="admin-payment-amount"
        label="Amount paid ($)"
        inputMode="decimal"
        value={amount}
        onValueChange={setAmount}
        error={invalid ? balanceMessages.amountInvalid : tooMuch ? balanceMessages.amountTooLarge(dueCents) : undefined}
      />
      <Field id="admin-payment-method" label="Paid by">
        {(control) => (
          <select {...control} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {paymentMethodLabels[m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
