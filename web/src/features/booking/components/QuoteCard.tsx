/**
 * The quote-and-book card: drop-off and pick-up date and time, car wash and the car services, Get Quote (disabled until both
 * dates are chosen, saying which are missing), the itemised quote 'Inclusive of GST', then Book carrying the
 * selection to /booking. Prices instantly with the shared rules; the server applies the same rules again at
 * checkout. Full days are marked in the calendars, and Get Quote asks the server's availability first: a
 * stay with a full date says so instead of a price. The selection is kept for the tab's session (booking-draft.ts), so Back finds it again.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { nzToday, type WallClock } from '@shared/nz-time';
import { quoteSelection, type FieldErrors } from '@shared/quote';
import { toQuoteResponse } from '@shared/quote-response';
import { ALL_SLOTS, DEFAULT_TIME, dropOffOptions, firstEnabled, isOnGrid, pickUpOptions, type SlotOption } from '@shared/slots';
import { DATE_INPUT_MESSAGES } from '@shared/date-input';
import { CAR_WASH_CENTS, costKey, type Price } from '@shared/pricing';
import { serviceChoicesOf, type ServiceId } from '@shared/add-ons';
import { SERVICE_ADD_ONS, ServiceChoices, type ServiceChoiceValue } from '@/ui/ServiceChoices';
import { DateInput } from '@/ui/DateInput';
import { TimeSelect } from '@/ui/TimeSelect';
import { pluralDays } from '@shared/format';
import type { BookingFlowState } from '../flow';
import { readBookingDraft, saveDraftSelection } from '../booking-draft';
import { useHydrated } from '@/lib/use-hydrated';
import { useClock } from '@/lib/use-clock';
import { capacityMessages } from '@shared/capacity';
import { useFullDates } from '@/lib/availability/use-full-dates';

/** Before hydration no time is judged against the clock: the pre-rendered card is the same whenever it was built. */
const NEUTRAL_SLOTS: SlotOption[] = ALL_SLOTS.map((time) => ({ time, disabled: false }));

/** The fields in the order a person meets them: the first with an error takes the focus. */
const FIELD_IDS: [keyof FieldErrors, string][] = [
  ['dropOffDate', 'dropoff-date'],
  ['dropOffTime', 'dropoff-time'],
  ['pickUpDate', 'pickup-date'],
  ['pickUpTime', 'pickup-time'],
];

/** What Get Quote still needs, said next to it while it is disabled. */
function missingDatesHint(dropOffDate: string | null, pickUpDate: string | null): string | null {
  if (!dropOffDate && !pickUpDate) return 'Choose drop-off and pick-up dates';
  if (!dropOffDate) return 'Choose a drop-off date';
  if (!pickUpDate) return 'Choose a pick-up date';
  return null;
}

/** Keeps the chosen time when it is still allowed, otherwise the first allowed one. */
function keepOrFirst(time: string, options: SlotOption[]): string {
  return options.some((o) => o.time === time && !o.disabled) ? time : (firstEnabled(options) ?? time);
}

interface QuoteCardProps {
  /** A service to start with chosen ("Book This Service" on the Services page); it wins over a saved draft. */
  initialService?: ServiceId;
}

export function QuoteCard({ initialService }: QuoteCardProps = {}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const now = useClock();
  const today = hydrated ? nzToday(now()) : undefined;
  const [dropOffDate, setDropOffDate] = useState<string | null>(null);
  const [dropOffTime, setDropOffTime] = useState(DEFAULT_TIME);
  const [pickUpDate, setPickUpDate] = useState<string | null>(null);
  const [pickUpTime, setPickUpTime] = useState(DEFAULT_TIME);
  const [carWash, setCarWash] = useState(false);
  const [services, setServices] = useState<ServiceChoiceValue>(initialService ? { [initialService]: true } : {});
  const [price, setPrice] = useState<Price | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { fullDates, load: loadFullDates, firstFullOf } = useFullDates();
  // Each Get Quote counts; an availability answer for an older press (the dates changed since) is dropped.
  const quoteRun = useRef(0);

  const dropOffSlots = useMemo(() => (today ? dropOffOptions(dropOffDate ?? today, now()) : NEUTRAL_SLOTS), [dropOffDate, today, now]);
  const dropOff = useMemo<WallClock | null>(() => (dropOffDate ? { date: dropOffDate, time: dropOffTime } : null), [dropOffDate, dropOffTime]);
  const pickUpSlots = useMemo(() => (today ? pickUpOptions(pickUpDate ?? dropOffDate ?? today, dropOff) : NEUTRAL_SLOTS), [pickUpDate, dropOffDate, dropOff, today]);

  // Back from /booking (or 'Back to Quote') finds the selection as it was left; read after hydration, as storage is the tab's own.
  useEffect(() => {
    const saved = readBookingDraft().selection;
    if (!saved) return;
    if (saved.dropOffDate) setDropOffDate(saved.dropOffDate);
    if (saved.dropOffTime && isOnGrid(saved.dropOffTime)) setDropOffTime(saved.dropOffTime);
    if (saved.pickUpDate) setPickUpDate(saved.pickUpDate);
    if (saved.pickUpTime && isOnGrid(saved.pickUpTime)) setPickUpTime(saved.pickUpTime);
    if (saved.carWash !== undefined) setCarWash(saved.carWash);
    setServices({ ...serviceChoicesOf(saved), ...(initialService ? { [initialService]: true } : {}) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The first run after mounting would store the empty defaults over the draft the effect above is restoring.
  const mounted = useRef(false);
  useEffect(() => {
    if (!hydrated) return;
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    saveDraftSelection({ dropOffDate: dropOffDate ?? undefined, dropOffTime, pickUpDate: pickUpDate ?? undefined, pickUpTime, carWash, ...serviceChoicesOf(services) });
  }, [hydrated, dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash, services]);

  const changed = () => {
    quoteRun.current++;
    setPrice(null);
    setErrors({});
  };

  const chooseDropOffDate = (date: string | null) => {
    setDropOffDate(date);
    if (date) {
      const time = keepOrFirst(dropOffTime, dropOffOptions(date, now()));
      setDropOffTime(time);
      // A pick-up date now before the drop-off stays on screen: its field says why it no longer counts.
      if (pickUpDate && pickUpDate >= date) setPickUpTime(keepOrFirst(pickUpTime, pickUpOptions(pickUpDate, { date, time })));
    }
    changed();
  };
  const chooseDropOffTime = (time: string) => {
    setDropOffTime(time);
    if (pickUpDate && dropOffDate) setPickUpTime(keepOrFirst(pickUpTime, pickUpOptions(pickUpDate, { date: dropOffDate, time })));
    changed();
  };
  const choosePickUpDate = (date: string | null) => {
    setPickUpDate(date);
    if (date) setPickUpTime(keepOrFirst(pickUpTime, pickUpOptions(date, dropOff)));
    changed();
  };

  const canQuote = dropOffDate !== null && pickUpDate !== null;
  const missingHint = missingDatesHint(dropOffDate, pickUpDate);

  const getQuote = async (e: FormEvent) => {
    e.preventDefault();
    if (!dropOffDate || !pickUpDate) return;
    const result = quoteSelection({ dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash, ...services }, { now: now(), pricing: 'tariff' });
    if (result.ok) {
      const run = ++quoteRun.current;
      const full = await firstFullOf(dropOffDate, pickUpDate);
      if (run !== quoteRun.current) return;
      if (full) {
        setPrice(null);
        setErrors({ dropOffDate: capacityMessages.full(full) });
        document.getElementById('dropoff-date')?.focus();
        return;
      }
      setPrice(result.price);
      setErrors({});
    } else {
      setPrice(null);
      // One message per field, under the field it is about; focus goes there so it is read out.
      const found: FieldErrors = { ...result.fieldErrors };
      if (found.pickUpTime && pickUpDate < dropOffDate) {
        found.pickUpDate = found.pickUpTime;
        delete found.pickUpTime;
      }
      setErrors(found);
      const first = FIELD_IDS.find(([field]) => found[field]);
      if (first) document.getElementById(first[1])?.focus();
    }
  };

  const book = () => {
    if (!price || !dropOffDate || !pickUpDate) return;
    const state: BookingFlowState = {
      quoteData: {
        dropOffDate,
        dropOffTime,
        pickUpDate,
        pickUpTime,
        needsShuttle: true,
        carWash,
        ...serviceChoicesOf(services),
        departureFlightNumber: '',
        returnFlightNumber: '',
        carRegistration: '',
        parkingBayNumber: '',
        parkingType: 'open',
      },
      cost: toQuoteResponse(price),
    };
    navigate('/booking', { state });
  };

  return (
    <form className="card quote-card" onSubmit={(e) => void getQuote(e)} onFocusCapture={loadFullDates} aria-labelledby="quote-title" noValidate>
      <h2 id="quote-title">Get an instant quote</h2>
      <fieldset>
        <legend>Drop-off</legend>
        <div className="field-row">
          <DateInput id="dropoff-date" label="Drop-off date" value={dropOffDate} min={today} onChange={chooseDropOffDate} nextFocusId="dropoff-time" error={errors.dropOffDate} unavailable={fullDates} />
          <TimeSelect id="dropoff-time" label="Drop-off time" value={dropOffTime} options={dropOffSlots} onChange={chooseDropOffTime} error={errors.dropOffTime} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Pick-up</legend>
        <div className="field-row">
          <DateInput
            id="pickup-date"
            label="Pick-up date"
            value={pickUpDate}
            min={dropOffDate ?? today}
            minMessage={dropOffDate ? DATE_INPUT_MESSAGES.pickUpBeforeDropOff : DATE_INPUT_MESSAGES.past}
            onChange={choosePickUpDate}
            nextFocusId="pickup-time"
            error={errors.pickUpDate}
            unavailable={fullDates}
          />
          <TimeSelect
            id="pickup-time"
            label="Pick-up time"
            value={pickUpTime}
            options={pickUpSlots}
            onChange={(t) => {
              setPickUpTime(t);
              changed();
            }}
            error={errors.pickUpTime}
          />
        </div>
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={carWash}
          onChange={(e) => {
            setCarWash(e.target.checked);
            changed();
          }}
        />
        <span>
          Add a car wash <span className="muted">(+{formatMoney(CAR_WASH_CENTS)}, ready when you return)</span>
        </span>
      </label>
      <ServiceChoices
        value={services}
        onChange={(next) => {
          setServices(next);
          changed();
        }}
      />
      <div aria-live="polite">
        {price && (
          <section className="quote-result" aria-labelledby="quote-result-title">
            <h3 id="quote-result-title">Your quote</h3>
            <dl>
              <div>
                <dt>Parking ({pluralDays(price.days)})</dt>
                <dd>{formatMoney(price.parkingCost)}</dd>
              </div>
              <div>
                <dt>Shuttle to the terminals</dt>
                <dd>Free</dd>
              </div>
              {price.carWashCost > 0 && (
                <div>
                  <dt>Car wash</dt>
                  <dd>{formatMoney(price.carWashCost)}</dd>
                </div>
              )}
              {SERVICE_ADD_ONS.filter((s) => price[costKey(s.id)] > 0).map((s) => (
                <div key={s.id}>
                  <dt>{s.name}</dt>
                  <dd>{formatMoney(price[costKey(s.id)])}</dd>
                </div>
              ))}
              <div className="quote-total">
                <dt>Total</dt>
                <dd data-testid="quote-total">{formatMoney(price.total)}</dd>
              </div>
            </dl>
            <p className="muted">{messages.inclusiveOfGst}</p>
          </section>
        )}
      </div>
      {price ? (
        <button type="button" className="btn btn-accent btn-block" onClick={book}>
          Book
        </button>
      ) : (
        <>
          <button type="submit" className="btn btn-accent btn-block" disabled={!canQuote} aria-describedby={missingHint ? 'quote-missing' : undefined}>
            Get Quote
          </button>
          {missingHint && (
            <p id="quote-missing" className="button-hint">
              {missingHint}
            </p>
          )}
        </>
      )}
    </form>
  );
}
