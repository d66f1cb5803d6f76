/**
 * The quote rules both sides apply: a selection is priced only when its dates are real, its times are on
 * the 30-minute grid and exist in New Zealand, pick-up is after drop-off, drop-off meets the lead time (and, at
 * night, the late-night notice), and the stay is at most MAX_STAY_DAYS.
 */
import { lateNightMessage, meetsLateNightNotice } from './late-night';
import { messages } from './messages';
import { chargeableDays, existsInNz, isCalendarDate, isClockTime, meetsLeadTime, nzInstant, type WallClock } from './nz-time';
import type { PriceRuleSet } from './price-rules';
import { priceFor, type Price } from './pricing';
import { isOnGrid } from './slots';

/**
 * The longest stay taken online (docs/product-rules.md, Time). The brief set none; without one a pick-up centuries ahead would price beyond
 * what the card provider accepts, and a real yard plans no further than a year out.
 */
export const MAX_STAY_DAYS = 365;

export interface Selection {
  dropOffDate: string;
  dropOffTime: string;
  pickUpDate: string;
  pickUpTime: string;
  carWash: boolean;
  /** The Services page's services (shared/add-ons.ts), chosen like the car wash; absent means not chosen. */
  carCleaning?: boolean;
  carDetailing?: boolean;
  carServicing?: boolean;
}

export type SelectionField = keyof Selection;
export type FieldErrors = Partial<Record<SelectionField, string>>;

export type QuoteResult = { ok: true; price: Price } | { ok: false; message: string; fieldErrors: FieldErrors };

export interface QuoteOptions {
  /** The caller's clock: the server's (functions/lib/clock.ts) or the SPA's (web/src/lib/clock.ts). */
  now: Date;
  /** Edits of a booking whose drop-off is already fixed skip the lead time on unchanged drop-off fields. */
  enforceLeadTime?: boolean;
  /**
   * The late-night rule (shared/late-night.ts); by default wherever the lead time applies. Staff booking or moving
   * a late-night drop-off at short notice pass false: they are the notice.
   */
  enforceLateNight?: boolean;
  /**
   * The operator's rules in force and the stay's busiest day as a share of the yard (shared/price-rules.ts): the
   * server always passes them. 'tariff' is the browser's estimate before the server answers.
   */
  pricing: { ruleSet: PriceRuleSet; occupancy: number } | 'tariff';
}

function checkPoint(date: string, time: string, dateField: SelectionField, timeField: SelectionField, errors: FieldErrors): WallClock | null {
  if (!isCalendarDate(date)) errors[dateField] = messages.invalidDateTime;
  if (!isClockTime(time)) errors[timeField] = messages.invalidDateTime;
  else if (!isOnGrid(time)) errors[timeField] = messages.timeNotOnGrid;
  if (errors[dateField] || errors[timeField]) return null;
  if (!existsInNz({ date, time })) {
    errors[timeField] = messages.timeDoesNotExist;
    return null;
  }
  return { date, time };
}

export function quoteSelection(sel: Selection, { now, enforceLeadTime = true, enforceLateNight = enforceLeadTime, pricing }: QuoteOptions): QuoteResult {
  const fieldErrors: FieldErrors = {};
  const dropOff = checkPoint(sel.dropOffDate, sel.dropOffTime, 'dropOffDate', 'dropOffTime', fieldErrors);
  const pickUp = checkPoint(sel.pickUpDate, sel.pickUpTime, 'pickUpDate', 'pickUpTime', fieldErrors);
  if (dropOff && enforceLeadTime && !meetsLeadTime(dropOff, now)) fieldErrors.dropOffTime = messages.leadTime;
  else if (dropOff && enforceLateNight && !meetsLateNightNotice(dropOff, now)) fieldErrors.dropOffTime = lateNightMessage;
  if (dropOff && pickUp && chargeableDays(dropOff, pickUp) < 1) fieldErrors.pickUpTime = messages.pickUpAfterDropOff;
  else if (dropOff && pickUp && chargeableDays(dropOff, pickUp) > MAX_STAY_DAYS) fieldErrors.pickUpDate = messages.stayTooLong;
  const first = Object.values(fieldErrors)[0];
  if (first !== undefined || !dropOff || !pickUp) {
    return { ok: false, message: first ?? messages.invalidDateTime, fieldErrors };
  }
  const days = chargeableDays(dropOff, pickUp);
  if (pricing === 'tariff') return { ok: true, price: priceFor(days, sel) };
  const hoursAhead = ((nzInstant(dropOff)?.getTime() ?? now.getTime()) - now.getTime()) / 3_600_000;
  return { ok: true, price: priceFor(days, sel, { ruleSet: pricing.ruleSet, demand: { dropOffDate: dropOff.date, hoursAhead, occupancy: pricing.occupancy } }) };
}
