/**
 * How many account e-mails (sign-up confirmations, resends, password resets) Cognito may send for one account and
 * to one address (50 ForgotPassword calls sent 50 e-mails; a sign-up with a stranger's address and 50
 * resends sent that stranger 51). The Custom Message trigger spends from these budgets before it writes a message;
 * past one it throws, and Cognito then sends nothing and answers UserLambdaValidationException with our sentence.
 * Counted in the table like the request budgets (store/rate-limits.ts), so every instance spends the same.
 */
import { accountEmailsPaused } from '../../../shared/messages';
import { logger } from '../../lib/logger';
import { spendBudgets, type Budget } from '../../store/rate-limits';
import { ACCOUNT_EMAIL_SCOPE } from '../../store/keys';
import { subjectOf, type Allowance } from './request-budgets';
import * as clock from '../../lib/clock';

/**
 * A person asks again once or twice (a mail in spam, a mistyped code); five an hour leaves room for that. The day's
 * cap per address bounds a patient script. docs/security.md ("Limits") lists these.
 */
export const ACCOUNT_EMAIL_BUDGETS = {
  account: { limit: 5, windowSeconds: 3600 },
  address: { limit: 5, windowSeconds: 3600 },
  addressPerDay: { limit: 10, windowSeconds: 86_400 },
} as const satisfies Record<string, Allowance>;

export class AccountEmailBudgetSpent extends Error {
  constructor() {
    super(accountEmailsPaused);
    this.name = 'AccountEmailBudgetSpent';
  }
}

/** Spends one e-mail for the account (its sub) and the address, or throws AccountEmailBudgetSpent. */
export async function spendAccountEmailBudget(who: { account: string; email: string }, now = clock.now()): Promise<void> {
  const address = subjectOf('email', who.email.trim().toLowerCase());
  const budgets: Budget[] = [
    { scope: ACCOUNT_EMAIL_SCOPE, subject: subjectOf('account', who.account), ...ACCOUNT_EMAIL_BUDGETS.account },
    { scope: ACCOUNT_EMAIL_SCOPE, subject: address, ...ACCOUNT_EMAIL_BUDGETS.address },
    // Its own subject: an hour's window and a day's can start at the same second (midnight), and share no item.
    { scope: ACCOUNT_EMAIL_SCOPE, subject: `${address}-day`, ...ACCOUNT_EMAIL_BUDGETS.addressPerDay },
  ];
  const outcome = await spendBudgets(budgets, now);
  if (outcome.ok) return;
  logger.warn('Account e-mail budget spent', { budget: outcome.refused.subject.split('-')[0], limit: outcome.refused.limit, windowSeconds: outcome.refused.windowSeconds });
  throw new AccountEmailBudgetSpent();
}
