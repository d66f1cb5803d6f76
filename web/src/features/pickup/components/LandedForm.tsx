/**
 * "I've landed" for the traveller: terminal, passengers and flight (pre-filled from the booking's return
 * flight), sent to the route the page gives (the pass's token route, or the account's). Once sent it says the
 * shuttle is on its way; the traveller may change what they said (the same queue entry is updated).
 */
import { useId, useState, type FormEvent } from 'react';
import { pickupMessages, terminalLabels, type LandedResponse, type Terminal } from '@shared/pickups';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { TextField } from '../../../ui/TextField';
import { sayLanded, type LandedEndpoint } from '../api/say-landed';
import { nzClock, passengersText } from '../format';
import { PassengersSelect } from './PassengersSelect';
import { TerminalChoice } from './TerminalChoice';
import '../pickup.css';

export interface LandedFormProps {
  endpoint: LandedEndpoint;
  /** The booking's return flight, offered as the flight. */
  returnFlight?: string | null;
  /** What was already sent (the pass may know it), to open on "on its way". */
  landed?: LandedResponse | null;
  onLanded?(landed: LandedResponse): void;
}

export function LandedForm({ endpoint, returnFlight, landed: initial = null, onLanded }: LandedFormProps) {
  const id = useId();
  const [landed, setLanded] = useState<LandedResponse | null>(initial);
  const [editing, setEditing] = useState(initial === null);
  const [terminal, setTerminal] = useState<Terminal | null>(initial?.terminal ?? null);
  const [passengers, setPassengers] = useState(initial?.passengers ?? 1);
  const [flight, setFlight] = useState(initial?.flight ?? returnFlight ?? '');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!terminal) return setFieldErrors({ terminal: pickupMessages.terminalRequired });
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const done = await sayLanded(endpoint, { terminal, passengers, flight: flight.trim() || null });
      setLanded(done);
      setEditing(false);
      onLanded?.(done);
    } catch (err) {
      setError(errorMessage(err, 'We could not send that. Please try again.'));
      if (err instanceof ApiError) setFieldErrors(err.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  if (landed && !editing) {
    return (
      <div className="pickup-landed" role="status">
        <p className="pickup-landed-title">{landed.state === 'waiting' ? pickupMessages.onTheWay : 'You have been picked up'}</p>
        <p>
          {terminalLabels[landed.terminal]} terminal, {passengersText(landed.passengers)}
          {landed.flight ? `, flight ${landed.flight}` : ''}. Told us at {nzClock(landed.landed_at)}.
        </p>
        {landed.state === 'waiting' && (
          <button type="button" className="btn btn-outline btn-block" onClick={() => setEditing(true)}>
            Change terminal or passengers
          </button>
        )}
      </div>
    );
  }

  return (
    <form className="pickup-form" onSubmit={(e) => void submit(e)} aria-label="I've landed" noValidate>
      <TerminalChoice name={`${id}-terminal`} value={terminal} onChange={setTerminal} error={fieldErrors.terminal} />
      <PassengersSelect id={`${id}-passengers`} value={passengers} onChange={setPassengers} />
      <TextField id={`${id}-flight`} label="Flight number (optional)" value={flight} onValueChange={setFlight} transform={(v) => v.toUpperCase()} maxLength={10} autoComplete="off" error={fieldErrors.flight} />
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-accent btn-block pickup-big" disabled={busy}>
        {busy ? 'Sending...' : "I've landed"}
      </button>
    </form>
  );
}
