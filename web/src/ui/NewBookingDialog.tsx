/**
 * The create-booking dialog (spec), in its two modes. 'customer' (the dashboard): the person's name, phone and
 * e-mail come from their profile, shown here and applied by the server; they choose full payment or the deposit,
 * and a second booking for the same dates asks them to confirm. 'staff' (the admin dashboard): the customer is
 * found with the search (the admin feature's, passed in) or typed in, with a parking bay; staff are the late-night
 * notice. Both: the car registration, the stay and its services with the server's price (StayPriceEditor), the
 * flights; submit goes to the hosted checkout ('Redirecting to Payment...').
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { addOnFlags, type AddOnId } from '@shared/add-ons';
import { adminCheckoutRequestSchema, adminMessages, type AdminCheckoutRequestInput, type AdminCustomer } from '@shared/admin';
import type { CheckoutResponse } from '@shared/booking';
import { CONFIRM_DUPLICATE_FIELD } from '@shared/duplicate-stay';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { myCheckoutMessages, myCheckoutRequestSchema, type MyCheckoutRequestInput } from '@shared/my-checkout';
import { nzToday } from '@shared/nz-time';
import { DEPOSIT_CENTS, type PaymentType } from '@shared/pricing';
import { quoteSelection, type FieldErrors } from '@shared/quote';
import { DEFAULT_TIME } from '@shared/slots';
import { ApiError } from '@/lib/api-client';
import { useFullDates } from '@/lib/availability/use-full-dates';
import { noAddOns, useStayPrice, type Stay } from '@/lib/pricing/use-stay-price';
import { CarFields } from './CarFields';
import { FlightFields, flightErrors, noFlights, type Flights } from './FlightFields';
import { CancellationRuleNote } from './CancellationRuleNote';
import { FormDialog } from './FormDialog';
import { StayPriceEditor } from './StayPriceEditor';
import { TextField } from './TextField';
import { useToast } from './toast/ToastProvider';
import { refusalMessage, useFormSubmit } from './use-form-submit';
import { useClock } from '@/lib/use-clock';

export interface BookingContact {
  name: string;
  email: string;
  phone: string;
}

/** Where a customer's form starts (shared/returning-customer.ts): the last booking's car, or all of "Book again"; the dates always empty. */
export interface NewBookingStart {
  carRegistration?: string;
  dropOffTime?: string;
  pickUpTime?: string;
  /** The car wash and services booked last time (Book again). */
  addOns?: Partial<Record<AddOnId, boolean>>;
}

type ModeProps =
  | { mode: 'customer'; contact: BookingContact | null; onOpenProfile(): void; start?: NewBookingStart; checkout(request: MyCheckoutRequestInput): Promise<CheckoutResponse> }
  | { mode: 'staff'; customerSearch(pick: (customer: AdminCustomer) => void): ReactNode; checkout(request: AdminCheckoutRequestInput): Promise<CheckoutResponse> };

export type NewBookingDialogProps = ModeProps & { onClose(): void };

/** Errors by the request's field names (`drop_off_date`, `name`, ...). */
type Errors = Partial<Record<string, string>>;

const STAY_FIELDS = { drop_off_date: 'dropOffDate', drop_off_time: 'dropOffTime', pick_up_date: 'pickUpDate', pick_up_time: 'pickUpTime' } as const;
const stayErrors = (errors: Errors): FieldErrors => Object.fromEntries(Object.entries(STAY_FIELDS).flatMap(([api, field]) => (errors[api] ? [[field, errors[api]]] : [])));

export function NewBookingDialog(props: NewBookingDialogProps) {
  const { mode, onClose } = props;
  const staff = mode === 'staff';
  const start = props.mode === 'customer' ? (props.start ?? {}) : {};
  const { toast } = useToast();
  const now = useClock();
  const today = nzToday(now());
  const [customer, setCustomer] = useState<AdminCustomer | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [registration, setRegistration] = useState(start.carRegistration ?? '');
  const [bay, setBay] = useState('');
  const [stay, setStay] = useState<Stay>({
    dropOffDate: null,
    dropOffTime: start.dropOffTime ?? DEFAULT_TIME,
    pickUpDate: null,
    pickUpTime: start.pickUpTime ?? DEFAULT_TIME,
    addOns: { ...noAddOns(), ...start.addOns },
  });
  const [flights, setFlights] = useState<Flights>(noFlights);
  const [paymentType, setPaymentType] = useState<PaymentType>('full');
  const form = useFormSubmit<string>({
    failTitle: myCheckoutMessages.proceedFailed,
    keepPendingOnSuccess: true,
    // A customer who already holds a booking for these dates confirms with Book anyway.
    intercept: (err) => !staff && err.status === 409 && !!err.fieldErrors[CONFIRM_DUPLICATE_FIELD] && (setDuplicate(err.message), true),
    // 400: what is wrong with the request; 429: a spent checkout budget, with when to try again.
    describe: (err) => (err instanceof ApiError && err.status === 401 && !staff ? myCheckoutMessages.notAuthenticated : refusalMessage(err)),
  });
  const { errors, setErrors, pending: busy } = form;
  // 'You already have RP-... for these dates': shown with Book anyway until a field changes.
  const [duplicate, setDuplicate] = useState<string | null>(null);
  // The calendars mark full days; a stay over one is refused at checkout with the date either way.
  const { fullDates, load: loadFullDates } = useFullDates();
  useEffect(loadFullDates, [loadFullDates]);
  // Staff are the late-night notice: a drop-off between 19:00 and 05:00 at short notice is theirs to accept.
  const price = useStayPrice(stay, { enforceLeadTime: true, enforceLateNight: !staff });
  const total = price.state === 'priced' ? price.totalCents : null;

  const badFlights = { ...flightErrors(flights), ...(errors.departure_flight ? { departure: errors.departure_flight } : {}), ...(errors.return_flight ? { return: errors.return_flight } : {}) };
  const contactReady = props.mode === 'customer' ? props.contact !== null : [name, phone, email].every((v) => v.trim() !== '');
  const complete = contactReady && registration.trim() !== '' && total !== null && total > 0 && !badFlights.departure && !badFlights.return;

  const touched = (...fields: string[]) => {
    setErrors((e) => ({ ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])) }));
    setDuplicate(null);
  };
  // Changing who the booking is for after picking a customer books for whoever the e-mail now names.
  const contactEdited = (field: string) => (touched(field), setCustomer(null));
  const pick = (c: AdminCustomer) => {
    setCustomer(c);
    setName(c.name);
    setEmail(c.email);
    setPhone(c.contact_number);
    touched('name', 'email', 'contact_number');
  };
  const changeStay = (next: Stay) => {
    const dropOffMoved = next.dropOffDate !== stay.dropOffDate || next.dropOffTime !== stay.dropOffTime;
    setStay(next);
    touched(...Object.keys(STAY_FIELDS));
    if (!dropOffMoved || !next.dropOffDate) return;
    const check = quoteSelection({ dropOffDate: next.dropOffDate, dropOffTime: next.dropOffTime, pickUpDate: next.dropOffDate, pickUpTime: '23:30', carWash: false }, { now: now(), pricing: 'tariff' });
    if (!check.ok && check.fieldErrors.dropOffTime === messages.leadTime) toast({ title: messages.leadTimeToastTitle, description: messages.leadTimeToast, variant: 'destructive' });
  };

  const submit = async (e: FormEvent | null, confirmDuplicate = false) => {
    e?.preventDefault();
    if (!complete || !stay.dropOffDate || !stay.pickUpDate) return;
    const booking = {
      car_registration: registration.trim(),
      drop_off_date: stay.dropOffDate,
      drop_off_time: stay.dropOffTime,
      pick_up_date: stay.pickUpDate,
      pick_up_time: stay.pickUpTime,
      ...addOnFlags(stay.addOns),
      departure_flight: flights.departure,
      return_flight: flights.return,
    };
    const staffRequest: AdminCheckoutRequestInput = { ...(customer ? { customer_id: customer.id } : {}), name, email, contact_number: phone, ...booking, ...(bay.trim() ? { parking_bay_number: bay } : {}) };
    const customerRequest: MyCheckoutRequestInput = { ...booking, payment_type: paymentType, ...(confirmDuplicate ? { confirm_duplicate: true } : {}) };
    const checked = staff ? adminCheckoutRequestSchema.safeParse(staffRequest) : myCheckoutRequestSchema.safeParse(customerRequest);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    await form.run(async () => {
      const { url } = props.mode === 'staff' ? await props.checkout(staffRequest) : await props.checkout(customerRequest);
      if (!url) {
        toast({ title: 'Error', description: myCheckoutMessages.noCheckoutUrl, variant: 'destructive' });
        return false;
      }
      window.location.assign(url);
    });
  };

  const idPrefix = staff ? 'admin-new' : 'new';
  const descriptionId = staff ? 'admin-new-booking-for' : 'new-booking-for';
  return (
    <FormDialog
      title="New Booking"
      descriptionId={descriptionId}
      description={
        props.mode === 'staff' ? (
          <p id={descriptionId} className="muted small" aria-live="polite">
            {customer ? `For ${customer.name}, an existing customer.` : 'For a customer: find them, or enter a new customer’s details.'}
          </p>
        ) : props.contact ? (
          <p id={descriptionId} className="muted small">
            For {props.contact.name}, <span className="break-anywhere">{props.contact.email}</span>, {props.contact.phone} (from your profile).
          </p>
        ) : (
          <div id={descriptionId} className="alert alert-info" role="status">
            {myCheckoutMessages.profileIncomplete}{' '}
            <button type="button" className="link-button" onClick={props.onOpenProfile}>
              Open my profile
            </button>
          </div>
        )
      }
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Continue to Payment"
      busyLabel={adminMessages.redirecting}
      busy={busy}
      submitDisabled={!complete}
      submitClass="btn-accent"
    >
      {props.mode === 'staff' && (
        <>
          {props.customerSearch(pick)}
          <TextField id="admin-new-name" label="Customer Name" autoComplete="off" required value={name} onValueChange={(v) => (setName(v), contactEdited('name'))} error={errors.name} />
          <div className="field-row admin-row">
            <TextField id="admin-new-phone" label="Contact Number" type="tel" autoComplete="off" required value={phone} onValueChange={(v) => (setPhone(v), contactEdited('contact_number'))} error={errors.contact_number} />
            <TextField id="admin-new-email" label="Email Address" type="email" autoComplete="off" required value={email} onValueChange={(v) => (setEmail(v), contactEdited('email'))} error={errors.email} />
          </div>
        </>
      )}
      <CarFields
        idPrefix={idPrefix}
        required
        registration={registration}
        onRegistration={(v) => (setRegistration(v), touched('car_registration'))}
        bay={staff ? { value: bay, onChange: (v) => (setBay(v), touched('parking_bay_number')) } : undefined}
        errors={errors}
      />
      <StayPriceEditor
        leadTime
        idPrefix={idPrefix}
        stay={stay}
        onChange={changeStay}
        price={price}
        min={today}
        unavailable={fullDates}
        errors={stayErrors(errors)}
        staff={staff}
        hint={staff ? 'Choose the dates to see the total.' : 'Choose your dates to see the total.'}
      />
      <FlightFields idPrefix={idPrefix} value={flights} onChange={(next) => (setFlights(next), touched('departure_flight', 'return_flight'))} errors={badFlights} />
      {!staff && (
        <fieldset>
          <legend>Payment</legend>
          <label className="checkbox">
            <input type="radio" name="new-payment" checked={paymentType === 'full'} onChange={() => setPaymentType('full')} />
            <span>Pay Full Amount{total ? ` (${formatMoney(total)})` : ''}</span>
          </label>
          <label className="checkbox">
            <input type="radio" name="new-payment" checked={paymentType === 'deposit'} onChange={() => setPaymentType('deposit')} />
            <span>Pay Deposit ({formatMoney(DEPOSIT_CENTS)} now, remainder at pickup)</span>
          </label>
        </fieldset>
      )}
      {/* A customer pays for what they book here: the terms' cancellation rule before Continue to Payment, as on the payment step. */}
      {!staff && <CancellationRuleNote />}
      {duplicate && (
        <div className="alert alert-warning" role="alert">
          <strong>{duplicate}</strong>
          <p className="alert-detail">Paying now makes a second booking and a second payment.</p>
          <button type="button" className="btn btn-accent" disabled={busy} aria-busy={busy} onClick={() => void submit(null, true)}>
            Book anyway
          </button>
        </div>
      )}
    </FormDialog>
  );
}
