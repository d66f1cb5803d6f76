/**
 * The add-ons (shared/add-ons.ts) as a booking holds them: written from a price when the booking is made or
 * re-priced, read back for the receipt, the invoice, the CSV, the day sheet and the API objects. A booking
 * keeps what each add-on cost when it was priced, so a later change of the price list does not rewrite it.
 */
import { ADD_ONS, SERVICE_IDS, type AddOn, type AddOnField, type AddOnId } from './add-ons';
import type { Cents } from './money';
import { costKey, type Price } from './pricing';
import type { BookedServices, Booking } from './records';

type AddOnRecord = Pick<Booking, 'carWash' | 'carWashCents'> & BookedServices;

/** The booking's add-on fields for a price: the car wash always, a service only when chosen. */
export function addOnRecordOf(price: Price): Required<Pick<Booking, 'carWash' | 'carWashCents'>> & BookedServices {
  const out: AddOnRecord = { carWash: price.carWashCost > 0, carWashCents: price.carWashCost };
  for (const id of SERVICE_IDS) {
    const cents = price[costKey(id)];
    // A service dropped by an edit is written as not chosen, so the spread over the old booking clears it.
    out[id] = cents > 0;
    out[`${id}Cents`] = cents;
  }
  return out as Required<Pick<Booking, 'carWash' | 'carWashCents'>> & BookedServices;
}

/** Which add-ons the booking has, by id. */
export function choicesOf(b: AddOnRecord): Record<AddOnId, boolean> {
  return Object.fromEntries(ADD_ONS.map((a) => [a.id, b[a.id] === true])) as Record<AddOnId, boolean>;
}

/** The booking's add-ons in price-list order, each with what it cost this booking. */
export function bookedAddOns(b: AddOnRecord): { addOn: AddOn; cents: Cents }[] {
  return ADD_ONS.filter((a) => b[a.id] === true).map((a) => ({ addOn: a, cents: (a.id === 'carWash' ? b.carWashCents : b[`${a.id}Cents`]) ?? a.cents }));
}

/** The sum of the booking's add-ons. */
export const bookedAddOnsCents = (b: AddOnRecord): Cents => bookedAddOns(b).reduce((sum, x) => sum + x.cents, 0);

/** The booking objects' flags (`car_wash`, `car_cleaning`, ...), every add-on present. */
export function addOnFlagsOf(b: AddOnRecord): Record<AddOnField, boolean> {
  return Object.fromEntries(ADD_ONS.map((a) => [a.field, b[a.id] === true])) as Record<AddOnField, boolean>;
}
