/**
 * /booking: the customer's details for a quoted stay ('Complete Your Booking'), or, reached without a
 * quote, 'Customer Details' with 'Get Quote First' (and, from the Services page's ?service=, the quote card with that
 * service chosen). Continue goes to /payment with quote, cost and customer.
 * What is typed is kept for the tab's session (booking-draft.ts), so Back from /payment finds it again.
 * The page is pre-rendered without a quote: navigation state and the draft are read once hydrated.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isServiceId } from '@shared/add-ons';
import { QuoteCard } from '../components/QuoteCard';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { BookingStepLayout } from '../components/BookingStepLayout';
import {
  customerFormatErrors,
  emptyCustomer,
  firstInvalidField,
  INCOMPLETE_FIELDS_DESCRIPTION,
  INCOMPLETE_FIELDS_TITLE,
  isBookingFlowState,
  isCustomerDetails,
  missingCustomerFields,
  normaliseRegistration,
  trimCustomer,
  type BookingPageState,
  type CustomerDetails,
  type CustomerErrors,
  type CustomerField,
  type PaymentFlowState,
} from '../flow';
import { TextField } from '../../../ui/TextField';
import { FlightFields, flightErrors, noFlights, type Flights } from '../../../ui/FlightFields';
import { normaliseFlightNumber } from '@shared/flight-number';
import { useHydrated } from '../../../lib/use-hydrated';
import { readBookingDraft, saveDraftCustomer } from '../booking-draft';
import { useReturningDetails, type LoadKnownDetails } from '../use-returning-details';

export const QUOTE_REQUIRED_TITLE = 'Quote Required';
export const QUOTE_REQUIRED_DESCRIPTION = 'Please get a quote first to proceed with booking.';
export const PREFILLED_NOTE = 'We filled in your details from your profile and your last booking. Please check them.';

const FIELDS: { field: CustomerField; id: string; label: string; type: string; autoComplete: string; extra?: Record<string, string | boolean> }[] = [
  { field: 'firstName', id: 'first-name', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', id: 'last-name', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { field: 'email', id: 'email', label: 'Email', type: 'email', autoComplete: 'email', extra: { inputMode: 'email', spellCheck: false } },
  { field: 'contactNumber', id: 'contact-number', label: 'Contact Number', type: 'tel', autoComplete: 'tel', extra: { inputMode: 'tel' } },
  { field: 'carRegistration', id: 'car-registration', label: 'Car Registration', type: 'text', autoComplete: 'off', extra: { autoCapitalize: 'characters', spellCheck: false } },
];

/** `loadKnownDetails`: what is known of a signed-in person (the app shell's, app/BookingRoute.tsx); none for a visitor. */
export default function BookingPage({ loadKnownDetails }: { loadKnownDetails?: LoadKnownDetails } = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const hydrated = useHydrated();
  const state = ((hydrated && location.state) || {}) as BookingPageState;
  const flow = isBookingFlowState(state) ? state : null;
  // "Book This Service" (/services) arrives as ?service=carDetailing: without a quote yet, the quote card comes
  // here with that service chosen. Read once hydrated, as the pre-rendered page has no query.
  const [params] = useSearchParams();
  const asked = hydrated ? params.get('service') : null;
  const service = !flow && isServiceId(asked) ? asked : null;
  const [customer, setCustomer] = useState<CustomerDetails>(emptyCustomer);
  const [errors, setErrors] = useState<CustomerErrors>({});
  const [flights, setFlights] = useState<Flights>(noFlights);
  const [flightErrs, setFlightErrs] = useState<Partial<Record<keyof Flights, string>>>({});
  const flightInputs = useRef<Partial<Record<keyof Flights, HTMLInputElement | null>>>({});
  const inputs = useRef<Partial<Record<CustomerField, HTMLInputElement | null>>>({});

  // The details come back from Back to Details (navigation state) or from what this tab typed before.
  useEffect(() => {
    if (!hydrated) return;
    const fromState = (location.state as BookingPageState | null)?.customer;
    const saved = isCustomerDetails(fromState) ? fromState : readBookingDraft().customer;
    if (saved) setCustomer({ ...emptyCustomer(), ...saved });
    // Flights travel with the quote data, so Back to Details brings them back too.
    const quoted = (location.state as BookingPageState | null)?.quoteData;
    if (quoted) setFlights({ departure: quoted.departureFlightNumber ?? '', return: quoted.returnFlightNumber ?? '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  const prefilled = useReturningDetails(hydrated, loadKnownDetails, setCustomer, () => FIELDS.find(({ field }) => inputs.current[field] === document.activeElement)?.field);

  const title = flow ? 'Complete Your Booking' : 'Customer Details';
  useDocumentMeta(title, 'Enter your details to book secure Auckland Airport parking with a free shuttle.');

  const update = (field: CustomerField, value: string) => {
    const next = { ...customer, [field]: value };
    setCustomer(next);
    saveDraftCustomer(next);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!flow) {
      toast({ title: QUOTE_REQUIRED_TITLE, description: QUOTE_REQUIRED_DESCRIPTION, variant: 'destructive' });
      navigate('/');
      return;
    }
    const missing = missingCustomerFields(customer);
    const incomplete = Object.keys(missing).length > 0;
    const found = incomplete ? missing : customerFormatErrors(customer);
    setErrors(found);
    const badFlights = flightErrors(flights);
    setFlightErrs(badFlights);
    const first = firstInvalidField(found);
    if (first) {
      if (incomplete) toast({ title: INCOMPLETE_FIELDS_TITLE, description: INCOMPLETE_FIELDS_DESCRIPTION, variant: 'destructive' });
      inputs.current[first]?.focus();
      return;
    }
    const badFlight = (['departure', 'return'] as const).find((f) => badFlights[f]);
    if (badFlight) {
      flightInputs.current[badFlight]?.focus();
      return;
    }
    // As the API stores them (NZ123), so the payment summary shows what the booking will hold.
    const quoteData = { ...flow.quoteData, departureFlightNumber: normaliseFlightNumber(flights.departure), returnFlightNumber: normaliseFlightNumber(flights.return) };
    const next: PaymentFlowState = { quoteData, cost: flow.cost, customer: trimCustomer(customer) };
    navigate('/payment', { state: next });
  };

  return (
    <BookingStepLayout
      step={2}
      title={title}
      lead={flow ? 'Enter your details, then review your booking and pay.' : 'Get a quote for your dates first, then enter your details here to book.'}
      banner={
        state.notice && (
          <div className="alert alert-info" role="status">
            {state.notice}
          </div>
        )
      }
      flow={flow}
    >
      {service && <QuoteCard initialService={service} />}
      <form className="card booking-form" onSubmit={submit} noValidate aria-labelledby="details-title">
        <h2 id="details-title">Your details</h2>
        <p className="muted">All fields are required, except your flights.</p>
        {prefilled && (
          <p className="alert alert-info" role="status">
            {PREFILLED_NOTE}
          </p>
        )}
        <div className="form-grid">
          {FIELDS.map(({ field, id, label, type, autoComplete, extra }) => (
            <TextField
              key={field}
              id={id}
              label={label}
              type={type}
              autoComplete={autoComplete}
              required
              {...extra}
              value={customer[field]}
              onValueChange={(v) => update(field, v)}
              transform={field === 'carRegistration' ? normaliseRegistration : undefined}
              error={errors[field]}
              inputRef={(el) => {
                inputs.current[field] = el;
              }}
            />
          ))}
        </div>
        <h3 className="flight-heading">Your flights</h3>
        <p className="muted small">If you have them, so we know when to expect you and can plan around delays.</p>
        <FlightFields
          idPrefix="booking"
          value={flights}
          onChange={(next) => {
            setFlights(next);
            setFlightErrs({});
          }}
          errors={flightErrs}
          departureRef={(el) => {
            flightInputs.current.departure = el;
          }}
          returnRef={(el) => {
            flightInputs.current.return = el;
          }}
        />
        <div className="form-actions">
          <button type="button" className="btn btn-outline" onClick={() => navigate('/')}>
            Back to Quote
          </button>
          <button type="submit" className="btn btn-accent" disabled={!hydrated}>
            {flow ? 'Continue to Payment' : 'Get Quote First'}
          </button>
        </div>
      </form>
    </BookingStepLayout>
  );
}
