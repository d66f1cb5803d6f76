/**
 * The price rules in force, for every price the server makes. Quotes and the price calendar read them through a
 * short cache in the Lambda (RULES_CACHE_MS), so the quote path adds no read of its own on a warm function; a checkout,
 * an edit and a walk-in read the item afresh, since they fix a price that is paid. A save in this process clears
 * the cache at once (locally every handler shares one process); another Lambda sees it within RULES_CACHE_MS.
 */
import { NO_PRICE_RULES, type PriceRuleSet } from '../../../shared/price-rules';
import { readPriceRules } from '../../store/price-rules';

/** How long a Lambda keeps the rules it read before reading them again. */
export const RULES_CACHE_MS = 10_000;

let cached: { ruleSet: PriceRuleSet; readAt: number } | null = null;

/** The rules in force; `fresh` skips the cache (the prices that are paid). */
export async function rulesInForce({ fresh = false }: { fresh?: boolean } = {}): Promise<PriceRuleSet> {
  // Real elapsed time, not the product's clock: moving the local clock must not keep stale rules or drop fresh ones.
  const at = performance.now();
  if (!fresh && cached && at - cached.readAt < RULES_CACHE_MS) return cached.ruleSet;
  const stored = await readPriceRules(fresh);
  const ruleSet = stored?.ruleSet ?? NO_PRICE_RULES;
  cached = { ruleSet, readAt: performance.now() };
  return ruleSet;
}

/** A save in this process: the next read goes to the table. */
export function forgetRulesInForce(): void {
  cached = null;
}
