/**
 * Demand and lead-time rules an operator sets on top of the tariff (docs/money.md, How a price is made). Pure: the
 * server prices every quote, checkout, edit and walk-in with them; the browser only shows what the server answers.
 *
 * A stay is priced per day. Its tariff (shared/pricing.ts `parkingCents`) is spread evenly over its chargeable days;
 * each day then takes the percentages of the rules that apply to it added up, and the floor and ceiling bound each
 * day. Occupancy and lead-time rules describe the whole stay (its busiest day, how soon it starts), so they apply to
 * every day; weekday and date rules describe days, so they apply only to the days they name. Per-day is the faithful
 * reading: a ten-day stay that touches one Friday pays the Friday's surcharge once, not ten times, and a stay costs the
 * same whether or not one matching day sits inside it, which "any day matches" would not give.
 *
 * Arithmetic is exact: each day's price is kept in 1/(100 x days) of a cent and the stay's sum is rounded once.
 */
import type { Cents } from './money';
import { formatMoney } from './money';
import { addDays } from './nz-time';
// Types only: the schema (and zod with it) stays out of every bundle that only prices, the first load of / among them.
import type { PriceRule, PriceRuleSet } from './price-rules-schema';

export type { PriceRule, PriceRuleSet };

import { weekdayOf } from './weekdays';

export { WEEKDAYS, weekdayOf, type Weekday } from './weekdays';

/** The rule set in force until an operator saves one: the tariff alone. */
export const NO_PRICE_RULES: PriceRuleSet = { rules: [] };

/** What the stay's rules need beside its days. */
export interface StayDemand {
  /** The stay's first NZ date: day k of the stay is this date plus k. */
  dropOffDate: string;
  /** Hours from now to the drop-off (lead-time rules). */
  hoursAhead: number;
  /**
   * The busiest day of the stay as a share of the yard: places taken over capacity, as the capacity check counts
   * them (shared/capacity.ts `stayDates`); a yard of no places is full.
   */
  occupancy: number;
}

export interface AppliedRule {
  kind: PriceRule['kind'] | 'floor' | 'ceiling';
  /** How the price list names it: "Fri, Sat", "Booked within 3 days", "Floor $5.00 a day". */
  name: string;
  /** The rule's percentage; null for the floor and the ceiling. */
  percent: number | null;
  /** How many of the stay's days it priced. */
  days: number;
}

export interface RuledParking {
  /** The stay's parking price under the rules. */
  parkingCents: Cents;
  /** The tariff's price for the same days: what the rules moved it from. */
  tariffCents: Cents;
  appliedRules: AppliedRule[];
}

export function ruleName(rule: PriceRule): string {
  switch (rule.kind) {
    case 'occupancy':
      return `Yard ${Math.round(rule.atLeast * 100)}% full or more`;
    case 'leadTime':
      return `Booked within ${rule.withinDays} ${rule.withinDays === 1 ? 'day' : 'days'}`;
    case 'weekday':
      return rule.days.join(', ');
    case 'dates':
      return rule.from === rule.to ? rule.from : `${rule.from} to ${rule.to}`;
  }
}

/** Whether a whole-stay rule applies; per-day rules answer through `appliesOn`. */
function appliesToStay(rule: PriceRule, demand: StayDemand): boolean {
  if (rule.kind === 'occupancy') return demand.occupancy >= rule.atLeast;
  if (rule.kind === 'leadTime') return demand.hoursAhead < rule.withinDays * 24;
  return false;
}

function appliesOn(rule: PriceRule, date: string): boolean {
  if (rule.kind === 'weekday') return rule.days.includes(weekdayOf(date));
  if (rule.kind === 'dates') return rule.from <= date && date <= rule.to;
  return false;
}

const isWholeStay = (rule: PriceRule) => rule.kind === 'occupancy' || rule.kind === 'leadTime';

/**
 * The parking price of `days` chargeable days from the tariff `tariffCents` under a rule set. With no rules and no
 * bounds it is the tariff exactly.
 */
export function ruledParking(days: number, tariffCents: Cents, ruleSet: PriceRuleSet, demand: StayDemand): RuledParking {
  if (days < 1) return { parkingCents: 0, tariffCents: 0, appliedRules: [] };
  const counts = ruleSet.rules.map(() => 0);
  const floor = ruleSet.floorPerDayCents ?? null;
  const ceiling = ruleSet.ceilingPerDayCents ?? null;
  // One unit is 1/(100 x days) of a cent: a day's tariff share at +0% is tariffCents x 100 units.
  const unitsPerCent = 100 * days;
  let floored = 0;
  let ceiled = 0;
  let sum = 0;
  const wholeStay = ruleSet.rules.map((r) => isWholeStay(r) && appliesToStay(r, demand));
  for (let k = 0; k < days; k++) {
    const date = addDays(demand.dropOffDate, k);
    let percent = 0;
    ruleSet.rules.forEach((r, i) => {
      if (wholeStay[i] || (!isWholeStay(r) && appliesOn(r, date))) {
        percent += r.percent;
        counts[i]! += 1;
      }
    });
    // Rules adding up past -100% make a day free, never a day that pays the traveller.
    let units = tariffCents * Math.max(0, 100 + percent);
    if (floor !== null && units < floor * unitsPerCent) {
      units = floor * unitsPerCent;
      floored += 1;
    }
    if (ceiling !== null && units > ceiling * unitsPerCent) {
      units = ceiling * unitsPerCent;
      ceiled += 1;
    }
    sum += units;
  }
  const appliedRules: AppliedRule[] = ruleSet.rules.flatMap((r, i) => (counts[i]! > 0 ? [{ kind: r.kind, name: ruleName(r), percent: r.percent, days: counts[i]! }] : []));
  if (floored > 0) appliedRules.push({ kind: 'floor', name: `Floor ${formatMoney(floor!)} a day`, percent: null, days: floored });
  if (ceiled > 0) appliedRules.push({ kind: 'ceiling', name: `Ceiling ${formatMoney(ceiling!)} a day`, percent: null, days: ceiled });
  return { parkingCents: Math.round(sum / unitsPerCent), tariffCents, appliedRules };
}

/** Whether any rule of the set reads occupancy: only then does pricing need the stay's occupancy. */
export const needsOccupancy = (ruleSet: PriceRuleSet): boolean => ruleSet.rules.some((r) => r.kind === 'occupancy');

/** The busiest day's share of the yard from the days' places taken (a yard of no places is full). */
export function busiestShare(taken: readonly number[], capacity: number): number {
  const most = taken.reduce((m, t) => Math.max(m, t), 0);
  if (capacity <= 0) return 1;
  return most / capacity;
}
