/**
 * The operator's price rules (`/admin/pricing`): read them with their history, preview a change on ten sample stays
 * under the rules in force and the proposed ones, and save a change if nobody saved one since it was read. Every
 * save records who, when, and the rules before and after, in the save's own transaction.
 */
import type { Caller } from '../../lib/auth';
import { conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import * as clock from '../../lib/clock';
import { INITIAL_PRICE_RULES_VERSION, pricingAdminMessages, sampleStays, type PricingAnswer, type PricingPreview, type PricingSave } from '../../../shared/pricing-admin';
import { NO_PRICE_RULES, type PriceRuleSet } from '../../../shared/price-rules';
import { quoteSelection } from '../../../shared/quote';
import { priceRulesHistory, readPriceRules, savePriceRules } from '../../store/price-rules';
import { yardDays } from '../booking/availability';
import { forgetRulesInForce } from '../pricing/rules-in-force';
import { shareOf } from '../pricing/price-stay';

export async function readPricing(): Promise<PricingAnswer> {
  const [stored, history] = await Promise.all([readPriceRules(true), priceRulesHistory()]);
  return {
    ruleSet: stored?.ruleSet ?? NO_PRICE_RULES,
    version: stored?.version ?? INITIAL_PRICE_RULES_VERSION,
    updatedBy: stored?.updatedBy ?? null,
    updatedAt: stored?.updatedAt ?? null,
    history,
  };
}

export async function savePricing(caller: Caller, save: PricingSave, now = clock.now()): Promise<PricingAnswer> {
  const stored = await readPriceRules(true);
  const version = stored?.version ?? INITIAL_PRICE_RULES_VERSION;
  if (save.version !== version) throw conflict(pricingAdminMessages.stale);
  const by = caller.email ?? caller.sub;
  const saved = await savePriceRules({ before: stored?.ruleSet ?? NO_PRICE_RULES, after: save.ruleSet, version, sequence: (stored?.sequence ?? 0) + 1, by, at: now.toISOString() });
  if (!saved) throw conflict(pricingAdminMessages.stale);
  forgetRulesInForce();
  logger.info('Price rules saved', { by, rules: save.ruleSet.rules.length });
  return readPricing();
}

/** Ten sample stays priced under the rules in force and under `proposed`, from one read of their months' occupancy. */
export async function previewPricing(proposed: PriceRuleSet, now = clock.now()): Promise<PricingPreview> {
  const stays = sampleStays(now, proposed);
  const from = stays.reduce((m, s) => (s.dropOffDate < m ? s.dropOffDate : m), stays[0]!.dropOffDate);
  const to = stays.reduce((m, s) => (s.pickUpDate > m ? s.pickUpDate : m), stays[0]!.pickUpDate);
  const [stored, yard] = await Promise.all([readPriceRules(true), yardDays(from, to)]);
  const current = stored?.ruleSet ?? NO_PRICE_RULES;
  const rows = stays.map((stay) => {
    const occupancy = shareOf(
      yard.days.filter((d) => d.date >= stay.dropOffDate && d.date <= stay.pickUpDate),
      yard.capacity,
    );
    const sel = { ...stay, carWash: false };
    // Samples start tomorrow or later at 09:00: the lead time never refuses them.
    const a = quoteSelection(sel, { now, enforceLeadTime: false, pricing: { ruleSet: current, occupancy } });
    const b = quoteSelection(sel, { now, enforceLeadTime: false, pricing: { ruleSet: proposed, occupancy } });
    if (!a.ok || !b.ok) throw new Error(`A sample stay did not price: ${stay.label}`);
    return { ...stay, days: a.price.days, currentCents: a.price.parkingCost, proposedCents: b.price.parkingCost, currentRules: a.price.appliedRules, proposedRules: b.price.appliedRules };
  });
  return { rows };
}
