/** Parking prices (GST inclusive, integer cents). */
import type { Cents } from './money';
import { gstIncluded } from './money';
import { addOn, ADD_ONS, type AddOnChoices, type AddOnId } from './add-ons';
import { ruledParking, type AppliedRule, type PriceRuleSet, type StayDemand } from './price-rules';

export const BASE_PARKING_CENTS = 3000; // covers 1 to 4 days
export const INCLUDED_DAYS = 4;
export const EXTRA_DAY_CENTS = 500;
/** The car wash's price, from the add-ons' price list (shared/add-ons.ts). */
export const CAR_WASH_CENTS = addOn('carWash').cents;
export const SHUTTLE_CENTS = 0; // the shuttle is free (docs/product-rules.md, Price)
export const DEPOSIT_CENTS = 1000;
export const PARKING_TYPE = 'open' as const;

export function parkingCents(days: number): Cents {
  if (days < 1) return 0;
  return BASE_PARKING_CENTS + Math.max(0, days - INCLUDED_DAYS) * EXTRA_DAY_CENTS;
}

/** Each add-on's cost on a price: `carWashCost`, `carCleaningCost`, ... (zero when not chosen). */
export type AddOnCosts = Record<`${AddOnId}Cost`, Cents>;

export interface Price extends AddOnCosts {
  days: number;
  parkingCost: Cents;
  shuttleCost: Cents;
  total: Cents;
  gst: Cents;
  parkingType: typeof PARKING_TYPE;
  /** The tariff's parking price for these days, before the operator's rules (shared/price-rules.ts). */
  tariffParkingCost: Cents;
  /** The rules that moved the parking price (empty: the tariff). */
  appliedRules: AppliedRule[];
}

/** The operator's rules and what they need to know of the stay; absent, the tariff prices it. */
export interface RuledStay {
  ruleSet: PriceRuleSet;
  demand: StayDemand;
}

export const costKey = (id: AddOnId): `${AddOnId}Cost` => `${id}Cost`;

/**
 * The price of a stay of `days` chargeable days with the chosen add-ons (shared/add-ons.ts): parking plus the
 * sum of the add-ons; zero days (no valid duration) costs nothing. A bare boolean is the car wash alone. The
 * operator's rules move only the parking; add-ons keep their list prices.
 */
export function priceFor(days: number, addOns: AddOnChoices | boolean, ruled?: RuledStay): Price {
  const choices: AddOnChoices = typeof addOns === 'boolean' ? { carWash: addOns } : addOns;
  const tariffParkingCost = parkingCents(days);
  const { parkingCents: parkingCost, appliedRules } = ruled ? ruledParking(days, tariffParkingCost, ruled.ruleSet, ruled.demand) : { parkingCents: tariffParkingCost, appliedRules: [] };
  const costs = Object.fromEntries(ADD_ONS.map((a) => [costKey(a.id), days >= 1 && choices[a.id] === true ? a.cents : 0])) as AddOnCosts;
  const total = parkingCost + SHUTTLE_CENTS + ADD_ONS.reduce((sum, a) => sum + costs[costKey(a.id)], 0);
  return { days, parkingCost, shuttleCost: SHUTTLE_CENTS, ...costs, total, gst: gstIncluded(total), parkingType: PARKING_TYPE, tariffParkingCost, appliedRules };
}

export type PaymentType = 'full' | 'deposit';

/** What is charged now and what is left for pick-up. */
export function amountDueNow(total: Cents, paymentType: PaymentType): { now: Cents; balance: Cents } {
  const now = paymentType === 'deposit' ? Math.min(DEPOSIT_CENTS, total) : total;
  return { now, balance: total - now };
}
