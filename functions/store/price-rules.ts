/**
 * The operator's price rules (shared/price-rules.ts): one item, `SETTINGS`/`PRICING`, beside the yard's capacity, and
 * one history item per saved change (`PRICING_HISTORY`/`CHANGE#<at>#<version>`), written in the save's transaction so a
 * change is never in force without its record.
 */
import { INITIAL_PRICE_RULES_VERSION, type PriceRulesChange } from '../../shared/pricing-admin';
import type { PriceRuleSet } from '../../shared/price-rules';
import { keys, queries } from './keys';
import { getItem, isConditionalFailure, query, transact } from './table';

export interface StoredPriceRules {
  ruleSet: PriceRuleSet;
  /** The version a change must name: the time of the last save. */
  version: string;
  updatedBy: string | null;
  updatedAt: string | null;
}

interface PriceRulesItem {
  ruleSet: PriceRuleSet;
  updatedAt: string;
  updatedBy: string;
  sequence: number;
}

/** The rules stored, or null before any save (the tariff alone applies). */
export async function readPriceRules(consistent = false): Promise<(StoredPriceRules & { sequence: number }) | null> {
  const item = await getItem<PriceRulesItem>(keys.priceRules(), consistent);
  if (!item) return null;
  return { ruleSet: item.ruleSet, version: item.updatedAt, updatedBy: item.updatedBy, updatedAt: item.updatedAt, sequence: item.sequence };
}

/**
 * Saves the rules if they are still at `version` as read, with the history item of the change; false when another
 * save came first (the caller answers 409).
 */
export async function savePriceRules(change: { before: PriceRuleSet; after: PriceRuleSet; version: string; sequence: number; by: string; at: string }): Promise<boolean> {
  const guard =
    change.version === INITIAL_PRICE_RULES_VERSION
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'updatedAt = :version', ExpressionAttributeValues: { ':version': change.version } };
  try {
    await transact([
      { Put: { Item: { ...keys.priceRules(), type: 'price_rules', ruleSet: change.after, updatedAt: change.at, updatedBy: change.by, sequence: change.sequence }, ...guard } },
      {
        Put: {
          Item: { ...keys.priceRulesChange(change.at, change.sequence), type: 'price_rules_change', at: change.at, by: change.by, before: change.before, after: change.after, sequence: change.sequence },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export const PRICE_HISTORY_LIMIT = 50;

/** The latest saved changes, newest first (at most PRICE_HISTORY_LIMIT). */
export async function priceRulesHistory(): Promise<PriceRulesChange[]> {
  const { items } = await query<PriceRulesChange & { sequence: number }>({ ...queries.priceRulesHistory(), ScanIndexForward: false, Limit: PRICE_HISTORY_LIMIT, ConsistentRead: true });
  return items.map(({ at, by, before, after }) => ({ at, by, before, after }));
}
