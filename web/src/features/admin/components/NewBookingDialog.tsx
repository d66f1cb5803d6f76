/**
 * The create-booking dialog in admin mode (docs/admin.md): name, phone and e-mail (found with the customer search or
 * typed in), car registration, parking bay, drop-off and pick-up, car wash. The quote rules and messages are
 * the shared ones; submit goes to the hosted checkout ('Redirecting to Payment...'), which returns to /admin.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useFullDates } from '@/lib/availability/use-full-dates';
import { adminCheckoutRequestSchema, adminMessages, type AdminCheckoutRequestInput, type AdminCustomer } from '@shared/admin';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { myCheckoutMessages } from '@shared/my-checkout';
import { nzToday } from '@shared/nz-time';
import { quoteSelection } from '@shared/quote';
import { DEFAULT_TIME } from '@shared/slots';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { FlightFields, noFlights, type Flights } from '../../../ui/FlightFields';
import { useToast } from '../../../ui/toast/ToastProvider';
import { startAdminCheckout } from '../api/start-checkout';
import { CustomerSearch } from './CustomerSearch';
import { StayFields } from './StayFields';

type Field = 'name' | 'email' | 'contact_number' | 'car_registration' | 'parking_bay_number' | 'drop_off_date' | 'drop_off_time' | 'pick_up_date' | 'pick_up_time' | 'departure_flight' | 'return_flight';
type Errors = Partial<Record<Field, string>>;

const QUOTE_FIELDS = { dropOffDate: 'drop_off_date', dropOffTime: 'drop_off_time', pickUpDate: 'pick_up_date', pickUpTime: 'pick_up_time' } as const;

export function NewBookingDialog({ onClose }: { onClose(): void }) {
  const { toast } = useToast();
  const today = nzToday();
  const [customer, setCustomer] = useState<AdminCustomer | null>(null);
  const [name, setName] = useState('');
  // The calendars mark full days; a stay over one is refused at checkout with the date either way.
  const { fullDates, load: loadFullDates } = useFullDates();
  useEffect(loadFullDates, [loadFullDates]);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [registration, setRegistration] = useState('');
  const [bay, setBay] = useState('');
  const [dropOffDate, setDropOffDate] = useState<string | null>(null);
  const [dropOffTime, setDropOffTime] = useState(DEFAULT_TIME);
  const [pickUpDate, setPickUpDate] = useState<string | null>(null);
  const [pickUpTime, setPickUpTime] = useState(DEFAULT_TIME);
  const [carWash, setCarWash] = useState(false);
  const [flights, setFlights] = useState<Flights>(noFlights);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const quote = useMemo(
    // Staff are the late-night notice: a drop-off between 19:00 and 05:00 at short notice is theirs to accept.
    () => (dropOffDate && pickUpDate ? quoteSelection({ dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash }, { enforceLateNight: false }) : null),
    [dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash],
  );
  const dateErrors: Errors = {};
  if (quote && !quote.ok) for (const [k, v] of Object.entries(quote.fieldErrors)) dateErrors[QUOTE_FIELDS[k as keyof typeof QUOTE_FIELDS]] = v;
  const shown: Errors = { ...dateErrors, ...errors };
  const total = quote?.ok ? quote.price.total : 0;
  const complete = [name, phone, email, registration].every((v) => v.trim() !== '') && dropOffDate !== null && pickUpDate !== null;
  const dropOffPoint = useMemo(() => (dropOffDate ? { date: dropOffDate, time: dropOffTime } : null), [dropOffDate, dropOffTime]);

  const touched = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined }));
  // Changing who the booking is for after picking a customer books for whoever the e-mail now names.
  const contactEdited = (field: Field) => (touched(field), setCustomer(null));
  const warnLeadTime = (date: string | null, time: string) => {
    if (!date) return;
    const check = quoteSelection({ dropOffDate: date, dropOffTime: time, pickUpDate: date, pickUpTime: '23:30', carWash: false });
    if (!check.ok && check.fieldErrors.dropOffTime === messages.leadTime) toast({ title: messages.leadTimeToastTitle, description: messages.leadTimeToast, variant: 'destructive' });
  };
  const pick = (c: AdminCustomer) => {
    setCustomer(c);
    setName(c.name);
    setEmail(c.email);
    setPhone(c.contact_number);
    setErrors((e) => ({ ...e, name: undefined, email: undefined, contact_number: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!complete || !quote?.ok || total <= 0 || !dropOffDate || !pickUpDate) return;
    const request: AdminCheckoutRequestInput = {
      ...(customer ? { customer_id: customer.id } : {}),
      name,
      email,
      contact_number: phone,
      car_registration: registration,
      ...(bay.trim() ? { parking_bay_number: bay } : {}),
      drop_off_date: dropOffDate,
      drop_off_time: dropOffTime,
      pick_up_date: pickUpDate,
      pick_up_time: pickUpTime,
      car_wash: carWash,
      departure_flight: flights.departure,
      return_flight: flights.return,
    };
    const checked = adminCheckoutRequestSchema.safeParse(request);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      const { url } = await startAdminCheckout(request);
      if (!url) {
        toast({ title: 'Error', description: myCheckoutMessages.noCheckoutUrl, variant: 'destructive' });
        setBusy(false);
        return;
      }
      window.location.assign(url);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors as Errors);
      const detail = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : undefined;
      toast({ title: myCheckoutMessages.proceedFailed, description: detail, variant: 'destructive' });
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="New Booking"
      descriptionId="admin-new-booking-for"
      description={
        <p id="admin-new-booking-for" className="muted small" aria-live="polite">
          {customer ? `For ${customer.name}, an existing customer.` : 'For a customer: find them, or enter a new customer’s details.'}
        </p>
      }
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Continue to Payment"
      busyLabel={adminMessages.redirecting}
      busy={busy}
      submitDisabled={!complete || !quote?.ok || total <= 0}
      submitClass="btn-accent"
    >
      <CustomerSearch onPick={pick} />
      <TextField id="admin-new-name" label="Customer Name" autoComplete="off" required value={name} onValueChange={(v) => (setName(v), contactEdited('name'))} error={shown.name} />
      <div className="field-row admin-row">
        <TextField id="admin-new-phone" label="Contact Number" type="tel" autoComplete="off" required value={phone} onValueChange={(v) => (setPhone(v), contactEdited('contact_number'))} error={shown.contact_number} />
        <TextField id="admin-new-email" label="Email Address" type="email" autoComplete="off" required value={email} onValueChange={(v) => (setEmail(v), contactEdited('email'))} error={shown.email} />
      </div>
      <div className="field-row admin-row">
        <TextField
          id="admin-new-registration"
          label="Car Registration"
          placeholder="ABC123"
          required
          autoCapitalize="characters"
          transform={(v) => v.toUpperCase()}
          value={registration}
          onValueChange={(v) => (setRegistration(v), touched('car_registration'))}
          error={shown.car_registration}
        />
        <TextField
          id="admin-new-bay"
          label="Parking Bay Number"
          placeholder="A12"
          autoCapitalize="characters"
          transform={(v) => v.toUpperCase()}
          value={bay}
          onValueChange={(v) => (setBay(v), touched('parking_bay_number'))}
          error={shown.parking_bay_number}
        />
      </div>
      <StayFields
        kind="dropoff"
        idPrefix="admin-new"
        leadTime
        date={dropOffDate}
        time={dropOffTime}
        min={today}
        onDate={(d) => (setDropOffDate(d), touched('drop_off_date'), warnLeadTime(d, dropOffTime))}
        onTime={(t) => (setDropOffTime(t), touched('drop_off_time'), warnLeadTime(dropOffDate, t))}
        dateError={shown.drop_off_date}
        timeError={shown.drop_off_time}
        unavailable={fullDates}
      />
      <StayFields
        kind="pickup"
        idPrefix="admin-new"
        leadTime={false}
        date={pickUpDate}
        time={pickUpTime}
        min={dropOffDate ?? today}
        after={dropOffPoint}
        onDate={(d) => (setPickUpDate(d), touched('pick_up_date'))}
        onTime={(t) => (setPickUpTime(t), touched('pick_up_time'))}
        dateError={shown.pick_up_date}
        timeError={shown.pick_up_time}
        unavailable={fullDates}
      />
      <FlightFields
        idPrefix="admin-new"
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
      <div className="edit-price" aria-live="polite">
        {quote?.ok ? (
          <p>
            <strong>Total: {formatMoney(total)}</strong> <span className="muted">{messages.inclusiveOfGst}</span>
          </p>
        ) : (
          <p className="muted">Choose the dates to see the total.</p>
        )}
      </div>
    </FormDialog>
  );
}
