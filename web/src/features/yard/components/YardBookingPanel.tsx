/**
 * One booking on the yard screen: who and what car, what is due, staff notes, and the step to take: the check-in
 * (car, bay, key tag, photos, a note) or the check-out (what is due, recording the payment, photos at pick-up).
 * The server decides; this shows its answers and messages as they are.
 */
import { useState, type ComponentType, type FormEvent } from 'react';
import { statusLabels, type StatusFilter } from '@shared/admin';
import { balanceMessages, paymentMethodLabels, paymentMethods, type PaymentMethod } from '@shared/balance';
import { formatShortDate, formatTime12 } from '@shared/format';
import { dollarsToCents, formatDollars, formatMoneyPlain } from '@shared/money';
import { statusMessages } from '@shared/status-transitions';
import { NOTES_PER_BOOKING, yardMessages, type YardBooking } from '@shared/yard';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Field } from '../../../ui/Field';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { addNote, checkIn, checkOut, fetchYardBooking, recordPayment } from '../api/yard-api';
import { ConditionPanel, type UploadImage } from './ConditionPanel';

export interface PhotosPanelProps {
  bookingId: string;
  bookingReference?: string | null;
}

export interface ClaimsPanelProps {
  bookingId: string;
}

export function YardBookingPanel({ view, onChange, onClose, PhotosPanel, uploadImage, ClaimsPanel }: { view: YardBooking; onChange(v: YardBooking): void; onClose(): void; PhotosPanel?: ComponentType<PhotosPanelProps>; uploadImage?: UploadImage; ClaimsPanel?: ComponentType<ClaimsPanelProps> }) {
  const { booking, due } = view;
  return (
    <section className="yard-card yard-booking" aria-labelledby="yard-booking-title">
      <div className="yard-booking-head">
        <h2 id="yard-booking-title">{booking.booking_reference}</h2>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="yard-facts">
        <dt>Customer</dt>
        <dd>
          {booking.customer.name} · <a href={`tel:${booking.customer.contact_number}`}>{booking.customer.contact_number}</a>
        </dd>
        <dt>Car</dt>
        <dd>{[booking.car_registration ?? 'Not set', booking.car_make, booking.car_colour].filter(Boolean).join(' · ')}</dd>
        <dt>Stay</dt>
        <dd data-testid="yard-stay">
          {formatShortDate(booking.drop_off_date)} at {formatTime12(booking.drop_off_time)} to {formatShortDate(booking.pick_up_date)} at {formatTime12(booking.pick_up_time)}
        </dd>
        <dt>Flights</dt>
        <dd data-testid="yard-flights">
          Departure {booking.departure_flight ?? 'not given'} · Return {booking.return_flight ?? 'not given'}
        </dd>
        <dt>Status</dt>
        <dd data-testid="yard-status">{statusLabels[booking.status as StatusFilter] ?? booking.status}</dd>
        <dt>Bay</dt>
        <dd>{booking.parking_bay_number ?? 'Not set'}</dd>
        <dt>Key tag</dt>
        <dd>{booking.key_tag ?? 'Not set'}</dd>
        <dt>Due now</dt>
        <dd data-testid="yard-due">
          {formatDollars(due.total)}
          {due.late_days > 0 && ` (includes ${due.late_days} late day${due.late_days === 1 ? '' : 's'}: ${formatDollars(due.late_fee)})`}
          {due.late_fee_waiver && (
            <span className="yard-waiver" data-testid="yard-late-fee-waiver">
              {' '}
              {due.late_fee_waiver}
            </span>
          )}
        </dd>
      </dl>
      {view.flight_alert && (
        <p className="yard-flight-alert" role="alert" data-testid="yard-flight-alert">
          {view.flight_alert}
        </p>
      )}
      {/* The handover (docs/yard.md): the condition at drop-off before check-in, at collection before the car leaves. */}
      {(view.next_step || booking.status === 'checkout') && (
        <ConditionPanel key={`${booking.id}-${view.next_step ?? 'out'}`} bookingId={booking.id} version={booking.updated_at} stage={view.next_step === 'checkin' ? 'drop-off' : 'collection'} {...(uploadImage ? { uploadImage } : {})} />
      )}
      {view.next_step === 'checkin' && <CheckInStep view={view} onChange={onChange} />}
      {view.next_step === 'checkout' && <CheckOutStep view={view} onChange={onChange} />}
      {/* After check-out too: the photos at pick-up are taken as the car leaves (docs/yard.md). */}
      {PhotosPanel && (view.next_step || booking.status === 'checkout') && (
        <div className="yard-photos">
          <h3>{view.next_step === 'checkin' ? 'Photos at drop-off' : 'Photos at pick-up'}</h3>
          <PhotosPanel bookingId={booking.id} bookingReference={booking.booking_reference} />
        </div>
      )}
      {/* Damage claims (docs/yard.md): the traveller's reports after collection, beside the handover records. */}
      {ClaimsPanel && booking.status === 'checkout' && (
        <div className="yard-claims">
          <h3>Damage claims</h3>
          <ClaimsPanel bookingId={booking.id} />
        </div>
      )}
      <Notes view={view} onChange={onChange} />
    </section>
  );
}

function Override({ message, confirmed, reason, onConfirmed, onReason }: { message: string; confirmed: boolean; reason: string; onConfirmed(v: boolean): void; onReason(v: string): void }) {
  return (
    <div className="yard-override">
      <p className="alert alert-error" role="alert">
        {message}
      </p>
      <label className="checkbox">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirmed(e.target.checked)} />
        <span>I confirm this status change (admins)</span>
      </label>
      <TextField id="yard-status-reason" label="Reason for the status change" value={reason} onValueChange={onReason} error={confirmed && !reason.trim() ? statusMessages.reasonNeeded : undefined} />
    </div>
  );
}

function CheckInStep({ view, onChange }: { view: YardBooking; onChange(v: YardBooking): void }) {
  const { toast } = useToast();
  const { booking } = view;
  const [registration, setRegistration] = useState(booking.car_registration ?? '');
  const [make, setMake] = useState(booking.car_make ?? '');
  const [colour, setColour] = useState(booking.car_colour ?? '');
  const [bay, setBay] = useState(view.suggested_bay ?? '');
  const [keyTag, setKeyTag] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [blocked, setBlocked] = useState<string | null>(view.step_blocked);
  const [confirmed, setConfirmed] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const done = await checkIn(booking.id, {
        car_registration: registration,
        ...(make.trim() ? { car_make: make } : {}),
        ...(colour.trim() ? { car_colour: colour } : {}),
        parking_bay_number: bay,
        ...(keyTag.trim() ? { key_tag: keyTag } : {}),
        ...(note.trim() ? { note } : {}),
        ...(blocked && confirmed ? { status_override: { confirmed: true as const, reason } } : {}),
        version: booking.updated_at,
      });
      toast({ title: yardMessages.checkedIn, description: `${done.booking.booking_reference} · bay ${done.booking.parking_bay_number ?? ''}`, variant: 'success' });
      onChange(done);
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fieldErrors ?? {});
        if (err.fieldErrors?.status_override) setBlocked(err.fieldErrors.status_override);
      }
      toast({ title: 'Check-in failed', description: errorMessage(err, 'Failed to check in'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="yard-step" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="yard-checkin-title">
      <h3 id="yard-checkin-title">Check in</h3>
      <TextField id="yard-registration" label="Car registration" value={registration} onValueChange={setRegistration} error={errors.car_registration} autoCapitalize="characters" />
      <div className="yard-pair">
        <TextField id="yard-make" label="Make (optional)" value={make} onValueChange={setMake} error={errors.car_make} />
        <TextField id="yard-colour" label="Colour (optional)" value={colour} onValueChange={setColour} error={errors.car_colour} />
      </div>
      <div className="yard-pair">
        <TextField id="yard-bay" label="Parking bay" value={bay} onValueChange={setBay} error={errors.parking_bay_number} inputMode="numeric" />
        <TextField id="yard-key-tag" label="Key tag" value={keyTag} onValueChange={setKeyTag} error={errors.key_tag} inputMode="numeric" />
      </div>
      {view.suggested_bay ? <p className="muted">Suggested free bay: {view.suggested_bay}</p> : <p className="muted">No free bay found: enter one.</p>}
      <TextField id="yard-checkin-note" label="Note (optional)" value={note} onValueChange={setNote} error={errors.note} />
      {blocked && <Override message={blocked} confirmed={confirmed} reason={reason} onConfirmed={setConfirmed} onReason={setReason} />}
      <button type="submit" className="btn btn-primary yard-big" disabled={busy}>
        {busy ? 'Checking in...' : 'Check in'}
      </button>
    </form>
  );
}

function CheckOutStep({ view, onChange }: { view: YardBooking; onChange(v: YardBooking): void }) {
  const { toast } = useToast();
  const { booking, due } = view;
  const [refused, setRefused] = useState<string | null>(null);
  const [overrideReason, setOverrideReason] = useState('');
  const [amount, setAmount] = useState(due.total > 0 ? formatMoneyPlain(dollarsToCents(due.total)) : '');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    setBusy(true);
    try {
      const done = await recordPayment(booking.id, { amount: Number(amount), method, version: booking.updated_at });
      toast({ title: balanceMessages.recorded, description: `${formatDollars(done.payment.amount)} ${paymentMethodLabels[done.payment.method]}`, variant: 'success' });
      setRefused(null);
      onChange(await fetchYardBooking(booking.id));
    } catch (err) {
      toast({ title: balanceMessages.failed, description: errorMessage(err, balanceMessages.failed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const leave = async () => {
    setBusy(true);
    try {
      const done = await checkOut(booking.id, { ...(refused && overrideReason.trim() ? { checkout_override: overrideReason } : {}), version: booking.updated_at });
      toast({ title: yardMessages.checkedOut, description: done.booking.booking_reference, variant: 'success' });
      onChange(done);
    } catch (err) {
      setRefused(errorMessage(err, 'Failed to check out'));
      // A refused check-out may have charged a late fee: read what is due now.
      if (err instanceof ApiError && err.status === 409) {
          const fresh = await fetchYardBooking(booking.id);
        setAmount(fresh.due.total > 0 ? formatMoneyPlain(dollarsToCents(fresh.due.total)) : '');
        onChange(fresh);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="yard-step" role="group" aria-labelledby="yard-checkout-title">
      <h3 id="yard-checkout-title">Check out</h3>
      {due.total > 0 ? (
        <div className="yard-pay">
          <p>
            <strong>{formatDollars(due.total)}</strong> to pay before the car leaves.
          </p>
          <div className="yard-pair">
            <TextField id="yard-pay-amount" label="Amount paid ($)" value={amount} onValueChange={setAmount} inputMode="decimal" />
            <Field id="yard-pay-method" label="Paid by">
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
          </div>
          <button type="button" className="btn btn-outline yard-big" onClick={() => void pay()} disabled={busy}>
            Record payment
          </button>
        </div>
      ) : (
        <p>Nothing is due.</p>
      )}
      {refused && (
        <div className="yard-override">
          <p className="alert alert-error" role="alert">
            {refused}
          </p>
          {due.total > 0 && <TextField id="yard-checkout-override" label="Reason for checking out with money due (admins)" value={overrideReason} onValueChange={setOverrideReason} />}
        </div>
      )}
      <button type="button" className="btn btn-primary yard-big" onClick={() => void leave()} disabled={busy}>
        Check out
      </button>
    </div>
  );
}

function Notes({ view, onChange }: { view: YardBooking; onChange(v: YardBooking): void }) {
  const { toast } = useToast();
  const [text, setText] = useState('');
  const [flagDate, setFlagDate] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { note } = await addNote(view.booking.id, { text, ...(flagDate ? { flag_date: flagDate } : {}) });
      toast({ title: yardMessages.noteSaved, variant: 'success' });
      setText('');
      setFlagDate('');
      setError(undefined);
      onChange({ ...view, notes: [note, ...view.notes] });
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the note'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="yard-notes">
      <h3>Notes for staff</h3>
      {view.notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul>
          {view.notes.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <p className="muted">
                {n.author} · {new Date(n.at).toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland' })}
                {n.flag_date && ` · flagged for ${n.flag_date}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {view.notes.length >= NOTES_PER_BOOKING ? (
        <p className="muted" role="status">
          {yardMessages.notesFull}
        </p>
      ) : (
      <form onSubmit={(e) => void save(e)} noValidate>
        <TextField id="yard-note" label="Add a note" value={text} onValueChange={setText} error={error} />
        <TextField id="yard-note-flag" label="Flag for a date (optional)" type="date" value={flagDate} onValueChange={setFlagDate} />
        <button type="submit" className="btn btn-outline yard-big" disabled={busy}>
          Save note
        </button>
      </form>
      )}
    </div>
  );
}
