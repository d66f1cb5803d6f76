/**
 * How often one visitor may use the routes a flood can abuse: per client address and per e-mail,
 * counted in DynamoDB so that every Lambda instance spends the same budget. A spent budget is a 429 with the
 * minutes to wait, which the contact and payment pages show as is. docs/security.md ("Limits") lists the numbers
 * next to the WAF's and API Gateway's.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { contactTexts } from '../../../shared/contact';
import { tooManyRequestsMessage } from '../../../shared/messages';
import { tooManyRequests } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { spendBudgets, type Budget } from '../../store/rate-limits';
import * as clock from '../../lib/clock';

export interface Allowance {
  limit: number;
  windowSeconds: number;
}

export type BudgetScope = 'contact' | 'checkout';

/**
 * A person sends a message or two. A checkout may be started several times (Back from the payment page, a
 * changed stay) and one e-mail may book several cars, so its budgets are wider; past them it is a script (the
 * probe's 300 posts stop at the first number). A signed-in checkout spends its account's budget instead of the
 * typed e-mail's: the account is known, and an agent or family books many cars from one.
 */
export const REQUEST_BUDGETS = {
  contact: { client: { limit: 5, windowSeconds: 3600 }, email: { limit: 3, windowSeconds: 3600 } },
  checkout: { client: { limit: 20, windowSeconds: 600 }, email: { limit: 10, windowSeconds: 600 }, account: { limit: 30, windowSeconds: 600 } },
} as const satisfies Record<BudgetScope, { client: Allowance; email: Allowance; account?: Allowance }>;

/**
 * Contact-form e-mails a day, across all senders: what a flood from many addresses could still make SES send.
 * It sits far below the account's SES quota, so the sending budget receipts and booking e-mails use can never be
 * spent by contact messages (CONTACT_EMAILS_PER_DAY, set per environment by the stack).
 */
export const DEFAULT_CONTACT_EMAILS_PER_DAY = 200;

export function contactEmailsPerDay(): number {
  const configured = Number(process.env.CONTACT_EMAILS_PER_DAY);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_CONTACT_EMAILS_PER_DAY;
}

/**
 * An IPv6 client usually holds a whole /64 and can pick a new address from it per request, so the /64 is what
 * spends a budget; IPv4 addresses are taken whole.
 */
export function clientNetwork(address: string): string {
  const bare = address.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return bare;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = bare.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.padStart(4, '0')).join(':')}::/64`;
}

/** Budget items are keyed by a hash, so the table holds no address, e-mail or account id, only a short-lived count. */
export const subjectOf = (kind: 'ip' | 'email' | 'account', value: string): string =>
  `${kind}-${createHash('sha256').update(`${kind}:${value}`).digest('base64url').slice(0, 22)}`;

/** Who spends a budget: the client's address, and the signed-in account or else the e-mail typed in the form. */
export type Spender = { clientAddress: string; account: string } | { clientAddress: string; email: string };

/**
 * Spends one request of `scope` for this client and e-mail (or account), or throws the 429 the page shows. Call
 * it after the body has been validated (a refused form spends nothing) and before anything is written or sent.
 */
export async function spendRequestBudget(scope: BudgetScope, who: Spender, now = clock.now()): Promise<void> {
  const allowance: { client: Allowance; email: Allowance; account?: Allowance } = REQUEST_BUDGETS[scope];
  const budgets: Budget[] = [{ scope, subject: subjectOf('ip', clientNetwork(who.clientAddress)), ...allowance.client }];
  if ('account' in who) budgets.push({ scope, subject: subjectOf('account', who.account), ...(allowance.account ?? allowance.email) });
  else budgets.push({ scope, subject: subjectOf('email', who.email.trim().toLowerCase()), ...allowance.email });
  // Last, so that one sender's spent budget does not also use up everyone's.
  if (scope === 'contact') budgets.push({ scope, subject: 'all', limit: contactEmailsPerDay(), windowSeconds: 86_400 });
  const outcome = await spendBudgets(budgets, now);
  if (outcome.ok) return;
  const everyone = outcome.refused.subject === 'all';
  logger.warn('Request budget spent', { scope, budget: everyone ? 'all' : outcome.refused.subject.split('-')[0], limit: outcome.refused.limit, windowSeconds: outcome.refused.windowSeconds });
  throw tooManyRequests(everyone ? contactTexts.busy : tooManyRequestsMessage(outcome.retryAfterSeconds), outcome.retryAfterSeconds);
}
