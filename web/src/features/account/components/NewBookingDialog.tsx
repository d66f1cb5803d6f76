/**
 * The create-booking dialog in customer mode (docs/accounts.md): the person's name, phone and e-mail come from their
 * profile, shown here and applied by the server; the car registration and the four date and time fields are
 * required, with the quote's rules and messages. Submit goes to the hosted checkout ('Redirecting to Payment...'),
 * which returns to the dashboard.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useFullDates } from '@/lib/availability/use-full-dates';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { myCheckoutMessages } from '@shared/my-checkout';
import { CONFIRM_DUPLICATE_FIELD } from '@shared/duplicate-stay';
import { nzToday } from '@shared/nz-time';
import { quoteSelection, type FieldErrors } from '@shared/quote';
import type { PaymentType } from '@shared/pricing';
import type { BookAgain } from '@shared/returning-customer';
import { DEFAULT_TIME } from '@shared/slots';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { FlightFields, flightErrors, noFlights, type Flights } from '../../../ui/FlightFields';
import { useToast } from '../../../ui/toast/ToastProvider';
import { startMyCheckout } from '../api/my-checkout';
import { CarWashChoice, StayPoint } from './StayPoint';

export interface BookingContact {
  name: string;
  email: string;
  phone: string;
}

const API_FIELDS: Record<string, keyof FieldErrors> = { drop_off_date: 'dropOffDate', drop_off_time: 'dropOffTime', pick_up_date: 'pickUpDate', pick_up_time: 'pickUpTime' };

/** Where the form starts (shared/returning-customer.ts): the last booking's car, or all of "Book again"; the dates always empty. */
export type NewBookingStart = Partial<BookAgain>;

export function NewBookingDialog({ contact, start = {}, onClose, onOpenProfile }: { contact: BookingContact | null; start?: NewBookingStart; onClose(): void; onOpenProfile(): void }) {
  const { toast } = useToast();
  const today = nzToday();
  const [registration, setRegistration] = useState(start.carRegistration ?? '');
  const [dropOffDate, setDropOffDate] = useState<string | null>(null);
  const [dropOffTime, setDropOffTime] = useState(start.dropOffTime ?? DEFAULT_TIME);
  const [pickUpDate, setPickUpDate] = useState<string | null>(null);
  const [pickUpTime, setPickUpTime] = useState(start.pickUpTime ?? DEFAULT_TIME);
  const [carWash, setCarWash] = useState(start.carWash ?? false);
  const [flights, setFlights] = useState<Flights>(noFlights);
  const [flightServerErrors, setFlightServerErrors] = useState<Partial<Record<keyof Flights, string>>>({});
  // The calendars mark full days; a stay over one is refused at checkout with the date either way.
  const { fullDates, load: loadFullDates } = useFullDates();
  useEffect(loadFullDates, [loadFullDates]);
  const [paymentType, setPaymentType] = useState<PaymentType>('full');
  const [serverErrors, setServerErrors] = useState<FieldErrors & { carRegistration?: string }>({});
  const [busy, setBusy] = useState(false);
  // 'You already have RP-... for these dates': shown with Book anyway until a field changes.
  const [duplicate, setDuplicate] = useState<string | null>(null);

  const quote = useMemo(
    () => (dropOffDate && pickUpDate ? quoteSelection({ dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash }) : null),
    [dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash],
  );
  const errors = { ...(quote && !quote.ok ? quote.fieldErrors : {}), ...serverErrors };
  const total = quote?.ok ? quote.price.total : 0;
  const badFlights = { ...flightErrors(flights), ...flightServerErrors };
  const complete = registration.trim() !== '' && dropOffDate !== null && pickUpDate !== null && !badFlights.departure && !badFlights.return;
  const dropOffPoint = useMemo(() => (dropOffDate ? { date: dropOffDate, time: dropOffTime } : null), [dropOffDate, dropOffTime]);

  const changed = () => (setServerErrors({}), setDuplicate(null));
  const warnLeadTime = (date: string | null, time: string) => {
    if (!date) return;
    const check = quoteSelection({ dropOffDate: date, dropOffTime: time, pickUpDate: date, pickUpTime: '23:30', carWash: false });
    if (!check.ok && check.fieldErrors.dropOffTime === messages.leadTime) toast({ title: messages.leadTimeToastTitle, description: messages.leadTimeToast, variant: 'destructive' });
  };

  const submit = async (e: FormEvent | null, confirmDuplicate = false) => {
    e?.preventDefault();
    if (!complete || !quote?.ok || total <= 0 || !dropOffDate || !pickUpDate) return;
    setBusy(true);
    try {
      const { url } = await startMyCheckout({
        car_registration: registration.trim(),
        drop_off_date: dropOffDate,
        drop_off_time: dropOffTime,
        pick_up_date: pickUpDate,
        pick_up_time: pickUpTime,
        car_wash: carWash,
        departure_flight: flights.departure,
        return_flight: flights.return,
        payment_type: paymentType,
        ...(confirmDuplicate ? { confirm_duplicate: true } : {}),
      });
      if (!url) {
        toast({ title: 'Error', description: myCheckoutMessages.noCheckoutUrl, variant: 'destructive' });
        setBusy(false);
        return;
      }
      window.location.assign(url);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.fieldErrors[CONFIRM_DUPLICATE_FIELD]) {
        setDuplicate(err.message);
        setBusy(false);
        return;
      }
      if (err instanceof ApiError) {
        setServerErrors({
          ...Object.fromEntries(Object.entries(err.fieldErrors).flatMap(([k, v]) => (API_FIELDS[k] ? [[API_FIELDS[k], v]] : []))),
          ...(err.fieldErrors.car_registration ? { carRegistration: err.fieldErrors.car_registration } : {}),
        });
        setFlightServerErrors({
          ...(err.fieldErrors.departure_flight ? { departure: err.fieldErrors.departure_flight } : {}),
          ...(err.fieldErrors.return_flight ? { return: err.fieldErrors.return_flight } : {}),
        });
      }
      // 400: what is wrong with the request; 429: a spent checkout budget, with when to try again.
      const detail =
        err instanceof ApiError && err.status === 401 ? myCheckoutMessages.notAuthenticated : err instanceof ApiError && (err.status === 400 || err.status === 429) ? err.message : undefined;
      toast({ title: myCheckoutMessages.proceedFailed, description: detail, variant: 'destructive' });
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="New Booking"
      descriptionId="new-booking-for"
      description={
        contact ? (
          <p id="new-booking-for" className="muted small">
            For {contact.name}, <span className="break-anywhere">{contact.email}</span>, {contact.phone} (from your profile).
          </p>
        ) : (
          <div id="new-booking-for" className="alert alert-info" role="status">
            {myCheckoutMessages.profileIncomplete}{' '}
            <button type="button" className="link-button" onClick={onOpenProfile}>
              Open my profile
            </button>
          </div>
        )
      }
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Continue to Payment"
      busyLabel="Redirecting to Payment..."
      busy={busy}
      submitDisabled={!complete || !quote?.ok || total <= 0 || !contact}
      submitClass="btn-accent"
    >
      <TextField
        id="new-car-registration"
        label="Car Registration"
        placeholder="ABC123"
        required
        autoCapitalize="characters"
        value={registration}
        onValueChange={(v) => (setRegistration(v.toUpperCase()), changed())}
        error={serverErrors.carRegistration}
      />
      <StayPoint
        kind="dropoff"
        idPrefix="new"
        date={dropOffDate}
        time={dropOffTime}
        min={today}
        onDate={(d) => (setDropOffDate(d), changed(), warnLeadTime(d, dropOffTime))}
        onTime={(t) => (setDropOffTime(t), changed(), warnLeadTime(dropOffDate, t))}
        dateError={errors.dropOffDate}
        timeError={errors.dropOffTime}
        unavailable={fullDates}
      />
      <StayPoint
        kind="pickup"
        idPrefix="new"
        date={pickUpDate}
        time={pickUpTime}
        min={dropOffDate ?? today}
        after={dropOffPoint}
        onDate={(d) => (setPickUpDate(d), changed())}
        onTime={(t) => (setPickUpTime(t), changed())}
        dateError={errors.pickUpDate}
        timeError={errors.pickUpTime}
        unavailable={fullDates}
      />
      <FlightFields idPrefix="new" value={flights} onChange={(next) => (setFlights(next), setFlightServerErrors({}), changed())} errors={badFlights} />
      <CarWashChoice checked={carWash} onChange={(c) => (setCarWash(c), changed())} />
      <fieldset>
        <legend>Payment</legend>
        <label className="checkbox">
          <input type="radio" name="new-payment" checked={paymentType === 'full'} onChange={() => setPaymentType('full')} />
          <span>Pay Full Amount{total > 0 ? ` (${formatMoney(total)})` : ''}</span>
        </label>
        <label className="checkbox">
          <input type="radio" name="new-payment" checked={paymentType === 'deposit'} onChange={() => setPaymentType('deposit')} />
          <span>Pay Deposit ($10.00 now, remainder at pickup)</span>
        </label>
      </fieldset>
      <div className="edit-price" aria-live="polite">
        {quote?.ok ? (
          <p>
            <strong>Total: {formatMoney(total)}</strong> <span className="muted">{messages.inclusiveOfGst}</span>
          </p>
        ) : (
          <p className="muted">Choose your dates to see the total.</p>
        )}
      </div>
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
