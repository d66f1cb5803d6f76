/**
 * A paid booking's new stay and add-ons (the car wash and the services, shared/add-ons.ts), priced by the quote's rules (docs/product-rules.md, Changing a booking: every edit that changes dates or
 * car wash is re-priced by the server). Customers and staff both change a booking through it; a stay left as
 * it was keeps the booking's own parking price (a price rule changed since does not reprice an untouched stay,
 * even when an add-on is added or dropped: add-ons have their own prices); a moved stay is priced under the
 * operator's price rules in force now (functions/use-cases/pricing/price-stay.ts).
 */
import type { Selection } from '../../../shared/quote';
import { priceSelection } from '../pricing/price-stay';
import type { Booking } from '../../../shared/records';
import { badRequest } from '../../domain/errors';
import { ADD_ONS } from '../../../shared/add-ons';
import { addOnRecordOf, choicesOf } from '../../../shared/booked-add-ons';

/** The quote's field names as the dashboards' routes name them (docs/product-rules.md, Field names). */
const SPEC_NAMES: Record<keyof Selection, string> = {
  dropOffDate: 'drop_off_date',
  dropOffTime: 'drop_off_time',
  pickUpDate: 'pick_up_date',
  pickUpTime: 'pick_up_time',
  carWash: 'car_wash',
  carCleaning: 'car_cleaning',
  carDetailing: 'car_detailing',
  carServicing: 'car_servicing',
};

export interface Repriced {
  /** The booking with the new stay, car wash and price (money not yet settled). */
  booking: Booking;
  dropOffMoves: boolean;
  stayMoves: boolean;
  repriced: boolean;
}

/** `lateNight`: whether a moved drop-off keeps to the late-night notice (customers do; staff may override it). */
export async function repriceStay(before: Booking, next: Selection, now: Date, { lateNight = true }: { lateNight?: boolean } = {}): Promise<Repriced> {
  const dropOffMoves = next.dropOffDate !== before.dropOffDate || next.dropOffTime !== before.dropOffTime;
  const stayMoves = dropOffMoves || next.pickUpDate !== before.pickUpDate || next.pickUpTime !== before.pickUpTime;
  const had = choicesOf(before);
  const repriced = stayMoves || ADD_ONS.some((a) => (next[a.id] === true) !== had[a.id]);
  if (!repriced) return { booking: before, dropOffMoves, stayMoves, repriced };
  // The lead time applies to a drop-off being moved; a fixed drop-off may already be close or past.
  const priced = await priceSelection(next, { now, enforceLeadTime: dropOffMoves, enforceLateNight: dropOffMoves && lateNight }, { own: before });
  if (!priced.ok) {
    throw badRequest(priced.message, Object.fromEntries(Object.entries(priced.fieldErrors).map(([k, v]) => [SPEC_NAMES[k as keyof Selection], v as string])));
  }
  const { price } = priced;
  // The parking price changes only with the stay; the add-ons' prices are their list prices either way.
  const parkingCents = stayMoves ? price.parkingCost : before.parkingCents;
  const totalCents = price.total - price.parkingCost + parkingCents;
  // A late pick-up's fee, once charged at check-out, is owed whatever the stay becomes.
  return {
    booking: { ...before, ...next, days: price.days, parkingCents, ...addOnRecordOf(price), totalCents: totalCents + (before.lateFeeCents ?? 0) },
    dropOffMoves,
    stayMoves,
    repriced,
  };
}
