/**
 * The stay and its price, as every booking dialog edits them (the customer's and the staff's New Booking, the
 * customer's edit, the admin's edit, the walk-in): drop-off and pick-up date and time, the car wash and the car
 * services from the one price list (shared/add-ons.ts), and the price the server answered (lib/pricing). The dialog
 * holds the stay and the price (useStayPrice) and decides what the total means for it (payment choice, refund).
 */
import type { ReactNode } from 'react';
import { addOn, addOnChoiceLabel, serviceChoicesOf } from '@shared/add-ons';
import { messages } from '@shared/messages';
import { formatMoney, formatMoneyShort, type Cents } from '@shared/money';
import type { FieldErrors } from '@shared/quote';
import { stayFieldErrors, type Stay, type StayPrice } from '@/lib/pricing/use-stay-price';
import { ServiceChoices } from './ServiceChoices';
import { StayFields } from './StayFields';

interface StayPriceEditorProps {
  /** Prefix of the inputs' ids, so two dialogs never share one. */
  idPrefix: string;
  stay: Stay;
  onChange(next: Stay): void;
  price: StayPrice;
  /** 'pick-up': the drop-off is fixed and not shown (a walk-in's is now; a stay under way has begun). */
  ends?: 'both' | 'pick-up';
  /** The earliest drop-off date the calendar offers (the pick-up's is the drop-off's). */
  min?: string;
  /** Disable drop-off times inside the lead time (new bookings). */
  leadTime: boolean;
  /** Days the calendars mark full (new bookings). */
  unavailable?: ReadonlySet<string>;
  /** The errors the booking's write answered, shown over the price's own. */
  errors?: FieldErrors;
  /** The staff forms' labels: "Car Wash Service (+$60)", whole dollars. */
  staff?: boolean;
  /** The price line; "Total: $95.00 Inclusive of GST" unless the dialog says more (what was paid, a refund). */
  total?(cents: Cents): ReactNode;
  /** Said where the price will be, until there is one. */
  hint: string;
}

const carWash = addOn('carWash');

export function StayPriceEditor({ idPrefix, stay, onChange, price, ends = 'both', min, leadTime, unavailable, errors = {}, staff = false, total, hint }: StayPriceEditorProps) {
  const shown: FieldErrors = { ...stayFieldErrors(price), ...errors };
  const dropOff = stay.dropOffDate ? { date: stay.dropOffDate, time: stay.dropOffTime } : null;
  const set = (change: Partial<Stay>) => onChange({ ...stay, ...change });
  // The pick-up's calendar starts at the drop-off, and its times before the drop-off are disabled.
  const points = [
    ...(ends === 'both' ? [{ kind: 'dropoff', date: 'dropOffDate', time: 'dropOffTime', min, after: null, leadTime } as const] : []),
    { kind: 'pickup', date: 'pickUpDate', time: 'pickUpTime', min: stay.dropOffDate ?? min, after: dropOff, leadTime: false } as const,
  ];
  return (
    <>
      {points.map((p) => (
        <StayFields
          key={p.kind}
          kind={p.kind}
          idPrefix={idPrefix}
          leadTime={p.leadTime}
          date={stay[p.date]}
          time={stay[p.time]}
          min={p.min}
          after={p.after}
          onDate={(d) => set({ [p.date]: d })}
          onTime={(t) => set({ [p.time]: t })}
          dateError={shown[p.date]}
          timeError={shown[p.time]}
          unavailable={unavailable}
        />
      ))}
      <label className="checkbox">
        <input type="checkbox" name={carWash.field} checked={stay.addOns.carWash} onChange={(e) => set({ addOns: { ...stay.addOns, carWash: e.target.checked } })} />
        <span>{staff ? `Car Wash Service (+${formatMoneyShort(carWash.cents)})` : addOnChoiceLabel(carWash)}</span>
      </label>
      {!staff && stay.addOns.carWash && <p className="muted small">{carWash.description}</p>}
      <ServiceChoices value={serviceChoicesOf(stay.addOns)} onChange={(next) => set({ addOns: { ...stay.addOns, ...serviceChoicesOf(next) } })} short={staff} describe={!staff} />
      <div className="edit-price" aria-live="polite">
        {price.state === 'priced' ? (
          total ? (
            total(price.totalCents)
          ) : (
            <p>
              <strong>Total: {formatMoney(price.totalCents)}</strong> <span className="muted">{messages.inclusiveOfGst}</span>
            </p>
          )
        ) : price.state === 'pricing' ? (
          <p className="muted">Working out the price...</p>
        ) : price.state === 'failed' ? (
          <p className="field-error">{price.message}</p>
        ) : (
          <p className="muted">{hint}</p>
        )}
      </div>
    </>
  );
}
