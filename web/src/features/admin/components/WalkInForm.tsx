/**
 * The walk-in form (issue 22 item 6; /admin/walk-in, staff and admins): a traveller at the gate without a booking.
 * The drop-off is now, so only the pick-up is asked; the total follows the quote's rules; the traveller pays cash or
 * EFTPOS here (recorded as taken by the member of staff signed in) or gets a card link by e-mail. One column, large
 * targets: it is used standing up, on a phone, as well as at the desk.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { addDays, nzToday } from '@shared/nz-time';
import { quoteSelection } from '@shared/quote';
import { walkInDropOff, walkInMessages, walkInPaymentLabels, walkInPayments, walkInRequestSchema, type WalkInPayment, type WalkInRequestInput, type WalkInResponse } from '@shared/walk-in';
import { ApiError } from '../../../lib/api-client';
import { TextField } from '../../../ui/TextField';
import { FlightFields, noFlights, type Flights } from '../../../ui/FlightFields';
import { useToast } from '../../../ui/toast/ToastProvider';
import { bookWalkIn } from '../api/book-walk-in';
import { money, nzDate } from '../format';
import { StayFields } from './StayFields';

type Field = 'name' | 'email' | 'contact_number' | 'car_registration' | 'parking_bay_number' | 'pick_up_date' | 'pick_up_time' | 'payment' | 'departure_flight' | 'return_flight';
type Errors = Partial<Record<Field, string>>;

function Done({ result, onAnother }: { result: WalkInResponse; onAnother(): void }) {
  const b = result.booking;
  return (
    <div className="card walk-in-done" role="status">
      {b ? (
        <>
          <h2>{walkInMessages.created(b.booking_reference ?? '')}</h2>
          <p>
            {b.customer.name}, {b.car_registration}: {money(b.amount_paid)} paid, pick-up {nzDate(b.pick_up_date)} at {b.pick_up_time}
            {b.parking_bay_number ? `, bay ${b.parking_bay_number}` : ''}.
          </p>
        </>
      ) : (
        <h2>{walkInMessages.linkSent(result.link_sent_to ?? '')}</h2>
      )}
      <button type="button" className="btn btn-primary" onClick={onAnother}>
        Book another walk-in
      </button>
    </div>
  );
}

export function WalkInForm() {
  const { toast } = useToast();
  const today = nzToday();
  const dropOff = useMemo(() => walkInDropOff(), []);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [registration, setRegistration] = useState('');
  const [bay, setBay] = useState('');
  const [pickUpDate, setPickUpDate] = useState<string | null>(addDays(today, 1));
  const [pickUpTime, setPickUpTime] = useState('10:00');
  const [carWash, setCarWash] = useState(false);
  const [flights, setFlights] = useState<Flights>(noFlights);
  const [payment, setPayment] = useState<WalkInPayment>('cash');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WalkInResponse | null>(null);

  const quote = useMemo(
    () => (pickUpDate ? quoteSelection({ dropOffDate: dropOff.date, dropOffTime: dropOff.time, pickUpDate, pickUpTime, carWash }, { enforceLeadTime: false }) : null),
    [dropOff, pickUpDate, pickUpTime, carWash],
  );
  const quoteError = quote && !quote.ok ? quote.message : undefined;
  const shown: Errors = { ...(quoteError ? { pick_up_time: quoteError } : {}), ...errors };
  const touched = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));

  const reset = () => {
    for (const set of [setName, setPhone, setEmail, setRegistration, setBay]) set('');
    setCarWash(false);
    setFlights(noFlights());
    setPayment('cash');
    setResult(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pickUpDate || !quote?.ok) return;
    const request: WalkInRequestInput = {
      name,
      email,
      contact_number: phone,
      car_registration: registration,
      ...(bay.trim() ? { parking_bay_number: bay } : {}),
      pick_up_date: pickUpDate,
      pick_up_time: pickUpTime,
      car_wash: carWash,
      departure_flight: flights.departure,
      return_flight: flights.return,
      payment,
    };
    const checked = walkInRequestSchema.safeParse(request);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      setResult(await bookWalkIn(request));
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as Errors);
      const detail = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : undefined;
      toast({ title: walkInMessages.failed, description: detail, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (result) return <Done result={result} onAnother={reset} />;
  return (
    <form className="card walk-in-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="walk-in-title">
      <h2 id="walk-in-title">Walk-in</h2>
      <p className="muted">
        Drop-off now: {nzDate(dropOff.date)} at {dropOff.time}.
      </p>
      <TextField id="walk-in-name" label="Customer Name" autoComplete="off" required value={name} onValueChange={(v) => (setName(v), touched('name'))} error={shown.name} />
      <TextField id="walk-in-phone" label="Contact Number" type="tel" autoComplete="off" required value={phone} onValueChange={(v) => (setPhone(v), touched('contact_number'))} error={shown.contact_number} />
      <TextField id="walk-in-email" label="Email Address" type="email" autoComplete="off" required value={email} onValueChange={(v) => (setEmail(v), touched('email'))} error={shown.email} />
      <TextField
        id="walk-in-registration"
        label="Car Registration"
        required
        autoCapitalize="characters"
        transform={(v) => v.toUpperCase()}
        value={registration}
        onValueChange={(v) => (setRegistration(v), touched('car_registration'))}
        error={shown.car_registration}
      />
      <TextField id="walk-in-bay" label="Parking Bay Number" autoCapitalize="characters" transform={(v) => v.toUpperCase()} value={bay} onValueChange={(v) => (setBay(v), touched('parking_bay_number'))} error={shown.parking_bay_number} />
      <StayFields
        kind="pickup"
        idPrefix="walk-in"
        leadTime={false}
        date={pickUpDate}
        time={pickUpTime}
        min={today}
        after={dropOff}
        onDate={(d) => (setPickUpDate(d), touched('pick_up_date'))}
        onTime={(t) => (setPickUpTime(t), touched('pick_up_time'))}
        dateError={shown.pick_up_date}
        timeError={shown.pick_up_time}
      />
      <FlightFields
        idPrefix="walk-in"
        value={flights}
        onChange={(next) => {
          setFlights(next);
          touched('departure_flight');
          touched('return_flight');
        }}
        errors={{ departure: shown.departure_flight, return: shown.return_flight }}
      />
      <label className="checkbox">
        <input type="checkbox" checked={carWash} onChange={(e) => setCarWash(e.target.checked)} />
        <span>Car Wash Service (+$60)</span>
      </label>
      <fieldset className="walk-in-payment">
        <legend>Payment</legend>
        {walkInPayments.map((p) => (
          <label key={p} className="radio">
            <input type="radio" name="walk-in-payment" value={p} checked={payment === p} onChange={() => (setPayment(p), touched('payment'))} />
            <span>{walkInPaymentLabels[p]}</span>
          </label>
        ))}
        {shown.payment && <p className="field-error">{shown.payment}</p>}
      </fieldset>
      <p className="edit-price" aria-live="polite">
        {quote?.ok ? (
          <>
            <strong>Total: {formatMoney(quote.price.total)}</strong> <span className="muted">{messages.inclusiveOfGst}</span>
          </>
        ) : (
          <span className="muted">Choose the pick-up to see the total.</span>
        )}
      </p>
      <button type="submit" className="btn btn-accent btn-block" disabled={busy || !quote?.ok}>
        {busy ? 'Booking...' : payment === 'card_link' ? 'Book and send the card link' : `Book and record ${walkInPaymentLabels[payment]} payment`}
      </button>
    </form>
  );
}
