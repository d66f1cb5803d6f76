/** Parking prices (GST inclusive, integer cents). */
import type { Cents } from './money';
import { gstIncluded } from './money';

export const BASE_PARKING_CENTS = 3000; // covers 1 to 4 days
export const INCLUDED_DAYS = 4;
export const EXTRA_DAY_CENTS = 500;
export const CAR_WASH_CENTS = 6000;
export const SHUTTLE_CENTS = 0; // the shuttle is free (design decision)
export const DEPOSIT_CENTS = 1000;
export const PARKING_TYPE = 'open' as const;

export function parkingCents(days: number): Cents {
  if (days < 1) return 0;
  return BASE_PARKING_CENTS + Math.max(0, days - INCLUDED_DAYS) * EXTRA_DAY_CENTS;
}

export interface Price {
  days: number;
  parkingCost: Cents;
  shuttleCost: Cents;
  carWashCost: Cents;
  total: Cents;
  gst: Cents;
  parkingType: typeof PARKING_TYPE;
}

/** The price of a stay of `days` chargeable days; zero days (no valid duration) costs nothing. */
export function priceFor(days: number, carWash: boolean): Price {
  const parkingCost = parkingCents(days);
  const carWashCost = days >= 1 && carWash ? CAR_WASH_CENTS : 0;
  const total = parkingCost + SHUTTLE_CENTS + carWashCost;
  return { days, parkingCost, shuttleCost: SHUTTLE_CENTS, carWashCost, total, gst: gstIncluded(total), parkingType: PARKING_TYPE };
}

export type PaymentType = 'full' | 'deposit';

/** What is charged now and what is left for pick-up. */
export function amountDueNow(total: Cents, paymentType: PaymentType): { now: Cents; balance: Cents } {
  const now = paymentType === 'deposit' ? Math.min(DEPOSIT_CENTS, total) : total;
  return { now, balance: total - now };
}
