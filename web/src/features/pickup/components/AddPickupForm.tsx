/** Staff add a traveller who phoned: the reference they read out (with or without RP-), terminal, passengers, flight. */
import { useId, useState, type FormEvent } from 'react';
import { pickupMessages, type Terminal } from '@shared/pickups';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { addPickup } from '../api/add-pickup';
import { PassengersSelect } from './PassengersSelect';
import { TerminalChoice } from './TerminalChoice';

export function AddPickupForm({ onAdded }: { onAdded(): void }) {
  const id = useId();
  const { toast } = useToast();
  const [reference, setReference] = useState('');
  const [terminal, setTerminal] = useState<Terminal | null>(null);
  const [passengers, setPassengers] = useState(1);
  const [flight, setFlight] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing = { ...(reference.trim() ? {} : { reference: pickupMessages.oneOfBookingOrReference }), ...(terminal ? {} : { terminal: pickupMessages.terminalRequired }) };
    if (Object.keys(missing).length) return setFieldErrors(missing);
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const { entry } = await addPickup({ reference: reference.trim(), terminal: terminal!, passengers, flight: flight.trim() || null });
      toast({ title: pickupMessages.added, description: `${entry.name} (${entry.reference}) at the ${entry.terminal} terminal.`, variant: 'success' });
      setReference('');
      setTerminal(null);
      setPassengers(1);
      setFlight('');
      onAdded();
    } catch (err) {
      setError(errorMessage(err, 'We could not add them. Please try again.'));
      if (err instanceof ApiError) setFieldErrors(err.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pickup-form" onSubmit={(e) => void submit(e)} aria-label="Add a traveller who phoned" noValidate>
      <TextField id={`${id}-reference`} label="Booking reference" value={reference} onValueChange={setReference} transform={(v) => v.toUpperCase()} autoComplete="off" placeholder="RP-7K3M9Q" error={fieldErrors.reference} />
      <TerminalChoice name={`${id}-terminal`} value={terminal} onChange={setTerminal} error={fieldErrors.terminal} />
      <PassengersSelect id={`${id}-passengers`} value={passengers} onChange={setPassengers} />
      <TextField id={`${id}-flight`} label="Flight number (optional)" value={flight} onValueChange={setFlight} transform={(v) => v.toUpperCase()} maxLength={10} autoComplete="off" error={fieldErrors.flight} />
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block pickup-big" disabled={busy}>
        {busy ? 'Adding...' : 'Add to the queue'}
      </button>
    </form>
  );
}
