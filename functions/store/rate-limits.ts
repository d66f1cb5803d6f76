/**
 * Request budgets: one counter item per budget and fixed window (`RATE#<scope>#<subject>` / `WINDOW#<start>`),
 * counted with a conditional ADD so that every Lambda instance spends the same budget and a refused request
 * spends nothing. The item expires (ttl) a minute after its window ends.
 */
import { keys } from './keys';
import { getItem, isConditionalFailure, updateItem } from './table';
import * as clock from '../lib/clock';

export const RATE_LIMIT_TYPE = 'rate_limit';

export interface Budget {
  scope: string;
  /** Who spends it: already reduced to a short, non-personal token by the caller. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

export type SpendOutcome = { ok: true } | { ok: false; refused: Budget; retryAfterSeconds: number };

/** The start of the fixed window holding `nowSeconds`. */
export const windowStart = (nowSeconds: number, windowSeconds: number): number => nowSeconds - (nowSeconds % windowSeconds);

/**
 * Spends one request from each budget in turn and stops at the first that is used up. The budgets before it
 * keep the request they counted: a refused caller has still knocked, and the tighter budget comes first.
 */
export async function spendBudgets(budgets: readonly Budget[], now = clock.now()): Promise<SpendOutcome> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  for (const budget of budgets) {
    const start = windowStart(nowSeconds, budget.windowSeconds);
    const end = start + budget.windowSeconds;
    try {
      await updateItem({
        Key: keys.rateLimit(budget.scope, budget.subject, start),
        UpdateExpression: 'ADD #count :one SET #type = :type, #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':type': RATE_LIMIT_TYPE, ':ttl': end + 60, ':limit': budget.limit },
      });
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      return { ok: false, refused: budget, retryAfterSeconds: Math.max(1, end - nowSeconds) };
    }
  }
  return { ok: true };
}

/** Whether this window of the budget is used up, read without spending from it (a budget another request spends). */
export async function budgetSpent(budget: Budget, now = clock.now()): Promise<boolean> {
  const start = windowStart(Math.floor(now.getTime() / 1000), budget.windowSeconds);
  const item = await getItem<{ count?: number }>(keys.rateLimit(budget.scope, budget.subject, start), true);
  return (item?.count ?? 0) >= budget.limit;
}
