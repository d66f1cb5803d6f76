/**
 * The walk-in form (/admin/walk-in, staff and admins): a traveller at the gate without a booking.
 * The drop-off is now, so only the pick-up is asked, with the car wash and the car services and the server's price
 * (ui/StayPriceEditor); the traveller pays cash or
 * EFTPOS here (recorded as taken by the member of staff signed in) or gets a card link by e-mail. One column, large
 * targets: it is used standing up, on a phone, as well as at the desk.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { addOnFlags } from '@shared/add-ons';
import { formatTime12 } from '@shared/format';
import { addDays, nzToday } from '@shared/nz-time';
import { walkInDropOff, walkInMessages, walkInPaymentLabels, walkInPayments, walkInRequestSchema, type WalkInPayment, type WalkInRequestInput, type WalkInResponse } from '@shared/walk-in';
import { noAddOns, useStayPrice, type Stay } from '@/lib/pricing/use-stay-price';
import { CarFields } from '@/ui/CarFields';
import { StayPriceEditor } from '@/ui/StayPriceEditor';
import { TextField } from '../../../ui/TextField';
import { FlightFields, noFlights, type Flights } from '../../../ui/FlightFields';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { bookWalkIn } from '../api/book-walk-in';
import { formatDollars } from '@shared/money';
import { nzDate } from '../format';
import { useClock } from '@/lib/use-clock';

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
            {b.customer.name}, {b.car_registration}: {formatDollars(b.amount_paid)} paid, pick-up {nzDate(b.pick_up_date)} at {formatTime12(b.pick_up_time)}
            {b.parking_bay_number ? `, bay ${b.parking_bay_number}` : ''}.
          </p>
          <p>{walkInMessages.emailed(b.customer.email)}</p>
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
  const now = useClock();
  const today = nzToday(now());
  const dropOff = useMemo(() => walkInDropOff(now()), [now]);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [registration, setRegistration] = useState('');
  const [bay, setBay] = useState('');
  const startStay = (): Stay => ({ dropOffDate: dropOff.date, dropOffTime: dropOff.time, pickUpDate: addDays(today, 1), pickUpTime: '10:00', addOns: noAddOns() });
  const [stay, setStay] = useState<Stay>(startStay);
  const [flights, setFlights] = useState<Flights>(noFlights);
  const [payment, setPayment] = useState<WalkInPayment>('cash');
  const form = useFormSubmit<Field>({ failTitle: walkInMessages.failed });
  const { errors, setErrors, clearError: touched, pending: busy } = form;
  const [result, setResult] = useState<WalkInResponse | null>(null);

  const price = useStayPrice(stay, { enforceLeadTime: false });

  const reset = () => {
    for (const set of [setName, setPhone, setEmail, setRegistration, setBay]) set('');
    setStay(startStay());
    setFlights(noFlights());
    setPayment('cash');
    setResult(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stay.pickUpDate || price.state !== 'priced') return;
    const request: WalkInRequestInput = {
      name,
      email,
      contact_number: phone,
      car_registration: registration,
      ...(bay.trim() ? { parking_bay_number: bay } : {}),
      pick_up_date: stay.pickUpDate,
      pick_up_time: stay.pickUpTime,
      ...addOnFlags(stay.addOns),
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
    await form.run(async () => setResult(await bookWalkIn(request)));
  };

  if (result) return <Done result={result} onAnother={reset} />;
  return (
    <form className="card walk-in-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="walk-in-title">
      <h2 id="walk-in-title">Walk-in</h2>
      <p className="muted">
        Drop-off now: {nzDate(dropOff.date)} at {dropOff.time}.
      </p>
      <TextField id="walk-in-name" label="Customer Name" autoComplete="off" required value={name} onValueChange={(v) => (setName(v), touched('name'))} error={errors.name} />
      <TextField id="walk-in-phone" label="Contact Number" type="tel" autoComplete="off" required value={phone} onValueChange={(v) => (setPhone(v), touched('contact_number'))} error={errors.contact_number} />
      <TextField id="walk-in-email" label="Email Address" type="email" autoComplete="off" required value={email} onValueChange={(v) => (setEmail(v), touched('email'))} error={errors.email} />
      <CarFields
        idPrefix="walk-in"
        required
        registration={registration}
        onRegistration={(v) => (setRegistration(v), touched('car_registration'))}
        bay={{ value: bay, onChange: (v) => (setBay(v), touched('parking_bay_number')) }}
        errors={errors}
        row={false}
      />
      <StayPriceEditor
        idPrefix="walk-in"
        stay={stay}
        onChange={(next) => (setStay(next), touched('pick_up_date'), touched('pick_up_time'))}
        price={price}
        ends="pick-up"
        min={today}
        leadTime={false}
        errors={{ pickUpDate: errors.pick_up_date, pickUpTime: errors.pick_up_time }}
        staff
        hint="Choose the pick-up to see the total."
      />
      <FlightFields
        idPrefix="walk-in"
        value={flights}
        onChange={(next) => {
          setFlights(next);
          touched('departure_flight');
          touched('return_flight');
        }}
        errors={{ departure: errors.departure_flight, return: errors.return_flight }}
      />
      <fieldset className="walk-in-payment">
        <legend>Payment</legend>
        {walkInPayments.map((p) => (
          <label key={p} className="radio">
            <input type="radio" name="walk-in-payment" value={p} checked={payment === p} onChange={() => (setPayment(p), touched('payment'))} />
            <span>{walkInPaymentLabels[p]}</span>
          </label>
        ))}
        {errors.payment && <p className="field-error">{errors.payment}</p>}
      </fieldset>
      <button type="submit" className="btn btn-accent btn-block" disabled={busy || price.state !== 'priced'}>
        {busy ? 'Booking...' : payment === 'card_link' ? 'Book and send the card link' : `Book and record ${walkInPaymentLabels[payment]} payment`}
      </button>
    </form>
  );
}
