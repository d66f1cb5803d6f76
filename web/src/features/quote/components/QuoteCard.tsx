/**
 * The quote-and-book card: drop-off and pick-up date and time, car wash, Get Quote (disabled until both
 * dates are chosen), the itemised quote 'Inclusive of GST', then Book carrying the selection to /booking.
 * Prices instantly with the shared rules; the server applies the same rules again at checkout.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { nzToday, type WallClock } from '@shared/nz-time';
import { quoteSelection, type FieldErrors } from '@shared/quote';
import { toQuoteResponse } from '@shared/quote-response';
import { DEFAULT_TIME, dropOffOptions, firstEnabled, pickUpOptions, type SlotOption } from '@shared/slots';
import type { Price } from '@shared/pricing';
import { DateInput } from '../../../ui/DateInput';
import { TimeSelect } from '../../../ui/TimeSelect';
import { pluralDays } from '@shared/format';
import type { BookingFlowState } from '../../booking/flow';

/** Keeps the chosen time when it is still allowed, otherwise the first allowed one. */
function keepOrFirst(time: string, options: SlotOption[]): string {
  return options.some((o) => o.time === time && !o.disabled) ? time : (firstEnabled(options) ?? time);
}

export function QuoteCard() {
  const navigate = useNavigate();
  const today = nzToday();
  const [dropOffDate, setDropOffDate] = useState<string | null>(null);
  const [dropOffTime, setDropOffTime] = useState(DEFAULT_TIME);
  const [pickUpDate, setPickUpDate] = useState<string | null>(null);
  const [pickUpTime, setPickUpTime] = useState(DEFAULT_TIME);
  const [carWash, setCarWash] = useState(false);
  const [price, setPrice] = useState<Price | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const dropOffSlots = useMemo(() => (dropOffDate ? dropOffOptions(dropOffDate) : dropOffOptions(today)), [dropOffDate, today]);
  const dropOff: WallClock | null = dropOffDate ? { date: dropOffDate, time: dropOffTime } : null;
  const pickUpSlots = useMemo(() => pickUpOptions(pickUpDate ?? dropOffDate ?? today, dropOff), [pickUpDate, dropOffDate, dropOffTime, today]); // eslint-disable-line react-hooks/exhaustive-deps

  const changed = () => {
    setPrice(null);
    setErrors({});
  };

  const chooseDropOffDate = (date: string | null) => {
    setDropOffDate(date);
    if (date) {
      const time = keepOrFirst(dropOffTime, dropOffOptions(date));
      setDropOffTime(time);
      if (pickUpDate && pickUpDate < date) setPickUpDate(null);
      else if (pickUpDate) setPickUpTime(keepOrFirst(pickUpTime, pickUpOptions(pickUpDate, { date, time })));
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

  const getQuote = (e: FormEvent) => {
    e.preventDefault();
    if (!dropOffDate || !pickUpDate) return;
    const result = quoteSelection({ dropOffDate, dropOffTime, pickUpDate, pickUpTime, carWash });
    if (result.ok) {
      setPrice(result.price);
      setErrors({});
    } else {
      setPrice(null);
      setErrors(result.fieldErrors);
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

  const errorList = Object.values(errors);

  return (
    <form className="card quote-card" onSubmit={getQuote} aria-labelledby="quote-title" noValidate>
      <h2 id="quote-title">Get an instant quote</h2>
      <fieldset>
        <legend>Drop-off</legend>
        <div className="field-row">
          <DateInput id="dropoff-date" label="Drop-off date" value={dropOffDate} min={today} onChange={chooseDropOffDate} nextFocusId="dropoff-time" error={errors.dropOffDate} />
          <TimeSelect id="dropoff-time" label="Drop-off time" value={dropOffTime} options={dropOffSlots} onChange={chooseDropOffTime} error={errors.dropOffTime} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Pick-up</legend>
        <div className="field-row">
          <DateInput id="pickup-date" label="Pick-up date" value={pickUpDate} min={dropOffDate ?? today} onChange={choosePickUpDate} nextFocusId="pickup-time" error={errors.pickUpDate} />
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
          Add a car wash <span className="muted">(+$60.00, ready when you return)</span>
        </span>
      </label>
      {errorList.length > 0 && (
        <div className="alert alert-error" role="alert">
          {errorList[0]}
        </div>
      )}
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
        <button type="submit" className="btn btn-accent btn-block" disabled={!canQuote}>
          Get Quote
        </button>
      )}
    </form>
  );
}
