/**
 * The server's price of a selection under the rules in force (shared/price-rules.ts): checks it with the quote's
 * rules, then reads the rules and, when a rule reads occupancy, the stay's days (one Query over its months, pattern
 * 5a) side by side, and prices it with its busiest day's share of the yard, counted as the capacity check counts it.
 */
import { stayDates } from '../../../shared/capacity';
import { busiestShare, needsOccupancy, type PriceRuleSet } from '../../../shared/price-rules';
import { quoteSelection, type QuoteOptions, type QuoteResult, type Selection } from '../../../shared/quote';
import type { DayOccupancy } from '../../store/occupancy';
import { yardDays } from '../booking/availability';
import { rulesInForce } from './rules-in-force';

export type StayBounds = { dropOffDate: string; pickUpDate: string };

/**
 * The busiest day's share of the yard among a stay's days. `own`: the stay the booking being changed already holds,
 * whose place is not demand from others (an edit does not pay for its own car).
 */
export function shareOf(days: readonly DayOccupancy[], capacity: number, own?: StayBounds): number {
  const held = new Set(own ? stayDates(own.dropOffDate, own.pickUpDate) : []);
  return busiestShare(
    days.map((d) => (held.has(d.date) ? Math.max(0, d.taken - 1) : d.taken)),
    capacity,
  );
}

export type ServerQuoteOptions = Omit<QuoteOptions, 'pricing'>;

/**
 * Prices a selection under the rules in force, read afresh (the price of a checkout, an edit, a walk-in: one that is
 * paid). A selection the quote's rules refuse is answered without reading anything.
 */
export async function priceSelection(sel: Selection, options: ServerQuoteOptions, { own, ruleSet }: { own?: StayBounds; ruleSet?: PriceRuleSet } = {}): Promise<QuoteResult> {
  const checked = quoteSelection(sel, { ...options, pricing: 'tariff' });
  if (!checked.ok) return checked;
  const rules = ruleSet ?? (await rulesInForce({ fresh: true }));
  const occupancy = needsOccupancy(rules) ? await yardDays(sel.dropOffDate, sel.pickUpDate).then((y) => shareOf(y.days, y.capacity, own)) : 0;
  return quoteSelection(sel, { ...options, pricing: { ruleSet: rules, occupancy } });
}
