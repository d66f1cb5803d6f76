/**
 * Request budgets of the guest routes: asking for a manage-my-booking link (spendManageLinkRequest and the
 * counts after its lookup, below); re-sending a booking's confirmation or e-mailing its tax invoice, per booking and per
 * client; and saying "I've landed", per booking (or account) and per client. Those that can refuse are spent before
 * anything is written, and never on what a lookup found, so a refused caller learns nothing about the booking.
 * docs/security.md ("Limits").
 */
import { createHash } from 'node:crypto';
import { tooManyRequestsMessage } from '../../../shared/messages';
import { tooManyRequests } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { budgetSpent, spendBudgets, type Budget } from '../../store/rate-limits';
import { clientNetwork, subjectOf, type Allowance } from './request-budgets';
import * as clock from '../../lib/clock';

/**
 * A traveller asks again once or twice (a mail in spam); more in an hour is a script. "I've landed" is pressed once,
 * and again to change the terminal or the party; ten an hour per booking leaves room for that, and an address shared
 * by travellers at the airport's Wi-Fi has room for thirty. An account's presses are counted by the account, never by
 * the booking id it names, so nobody else can spend them.
 */
export const PASS_BUDGETS = {
  manageLink: {
    client: { limit: 10, windowSeconds: 3600 },
    sentPerReference: { limit: 3, windowSeconds: 3600 },
    wrongPerReference: { limit: 10, windowSeconds: 3600 },
    wrongPerEmail: { limit: 10, windowSeconds: 3600 },
    wrongPerClient: { limit: 5, windowSeconds: 3600 },
  },
  resend: { client: { limit: 10, windowSeconds: 3600 }, booking: { limit: 3, windowSeconds: 3600 } },
  landed: { client: { limit: 30, windowSeconds: 3600 }, booking: { limit: 10, windowSeconds: 3600 }, account: { limit: 20, windowSeconds: 3600 } },
  invoiceEmail: { client: { limit: 10, windowSeconds: 3600 }, booking: { limit: 3, windowSeconds: 3600 } },
} as const satisfies Record<string, Record<string, Allowance>>;

/** Like subjectOf: a hash, so the table never holds the reference or booking id next to a count. */
const hashed = (kind: string, value: string) => `${kind}-${createHash('sha256').update(`${kind}:${value}`).digest('base64url').slice(0, 22)}`;

async function spend(scope: string, budgets: Budget[], now: Date): Promise<void> {
  const outcome = await spendBudgets(budgets, now);
  if (outcome.ok) return;
  logger.warn('Request budget spent', { scope, budget: outcome.refused.subject.split('-')[0], limit: outcome.refused.limit, windowSeconds: outcome.refused.windowSeconds });
  throw tooManyRequests(tooManyRequestsMessage(outcome.retryAfterSeconds), outcome.retryAfterSeconds);
}

/**
 * Asking for a manage-my-booking link. Only the client address's budget can refuse (429), and it is spent before the
 * lookup by every request alike, so a refusal never depends on whether the reference and e-mail matched. Budgets a
 * stranger could spend for the owner (by the reference or the owner's e-mail) would lock the owner out, and budgets
 * spent only by wrong e-mails could not refuse without telling a guess from a match (the next request would be
 * refused only after a miss). So after the lookup:
 * - a match spends the reference's e-mails (3 an hour): past it, no link is sent, with the same answer;
 * - a wrong e-mail is counted per reference, per typed e-mail and per client address, apart from the matches; past any
 *   of these a warning is logged, and a client address past its count has no link sent for it either (silently), so
 *   an address that guesses cannot make owners receive e-mails. Nothing the caller sees changes.
 */
export function spendManageLinkRequest(who: { clientAddress: string }, now = clock.now()): Promise<void> {
  return spend('manage-link', [{ scope: 'manage-link', subject: subjectOf('ip', clientNetwork(who.clientAddress)), ...PASS_BUDGETS.manageLink.client }], now);
}

const manageLinkBudget = (subject: string, allowance: Allowance): Budget => ({ scope: 'manage-link', subject, ...allowance });

/** A wrong e-mail for a reference (or a reference that names no booking): counted apart from the matches; never refuses. */
export async function countWrongManageLink(who: { clientAddress: string; email: string; reference: string }, now = clock.now()): Promise<void> {
  const b = PASS_BUDGETS.manageLink;
  const counts = [
    manageLinkBudget(hashed('wrong-ref', who.reference), b.wrongPerReference),
    manageLinkBudget(hashed('wrong-email', who.email.trim().toLowerCase()), b.wrongPerEmail),
    manageLinkBudget(hashed('wrong-ip', clientNetwork(who.clientAddress)), b.wrongPerClient),
  ];
  // Each counted on its own: one past its bound must not stop the others counting.
  const outcomes = await Promise.all(counts.map((c) => spendBudgets([c], now)));
  for (const o of outcomes) if (!o.ok) logger.warn('Manage link: many wrong e-mails', { budget: o.refused.subject.split('-').slice(0, 2).join('-'), limit: o.refused.limit, windowSeconds: o.refused.windowSeconds });
}

/**
 * A match: whether its link may be sent (the reference's e-mails, and the client address not past its wrong e-mails).
 * False sends nothing; the caller answers as always.
 */
export async function maySendManageLink(who: { clientAddress: string; reference: string }, now = clock.now()): Promise<boolean> {
  const b = PASS_BUDGETS.manageLink;
  const guessing = await budgetSpent(manageLinkBudget(hashed('wrong-ip', clientNetwork(who.clientAddress)), b.wrongPerClient), now);
  if (guessing) {
    logger.warn('Manage link not sent: the client address has sent many wrong e-mails', { limit: b.wrongPerClient.limit });
    return false;
  }
  const outcome = await spendBudgets([manageLinkBudget(hashed('sent-ref', who.reference), b.sentPerReference)], now);
  if (!outcome.ok) logger.warn('Manage link not sent: the reference has had its e-mails for now', { limit: outcome.refused.limit, windowSeconds: outcome.refused.windowSeconds });
  return outcome.ok;
}

/** An e-mail the pass sends to the booking's own address: per client and per booking. */
function spendPassEmailBudget(scope: 'pass-resend' | 'invoice-email', b: { client: Allowance; booking: Allowance }, who: { clientAddress: string; bookingId: string }, now: Date): Promise<void> {
  return spend(
    scope,
    [
      { scope, subject: subjectOf('ip', clientNetwork(who.clientAddress)), ...b.client },
      { scope, subject: hashed('booking', who.bookingId), ...b.booking },
    ],
    now,
  );
}

export const spendResendBudget = (who: { clientAddress: string; bookingId: string }, now = clock.now()): Promise<void> => spendPassEmailBudget('pass-resend', PASS_BUDGETS.resend, who, now);

export const spendInvoiceEmailBudget = (who: { clientAddress: string; bookingId: string }, now = clock.now()): Promise<void> => spendPassEmailBudget('invoice-email', PASS_BUDGETS.invoiceEmail, who, now);

/**
 * "I've landed": per client address, and per booking (a pass, whose token names one) or per account (the account
 * route). Spent once the pass's token or the account's ownership has been checked, so a made-up token spends nothing
 * of a real booking's budget and a stranger cannot spend an owner's.
 */
export function spendLandedBudget(who: { clientAddress: string } & ({ bookingId: string } | { account: string }), now = clock.now()): Promise<void> {
  const b = PASS_BUDGETS.landed;
  return spend(
    'landed',
    [
      { scope: 'landed', subject: subjectOf('ip', clientNetwork(who.clientAddress)), ...b.client },
      'bookingId' in who ? { scope: 'landed', subject: hashed('booking', who.bookingId), ...b.booking } : { scope: 'landed', subject: subjectOf('account', who.account), ...b.account },
    ],
    now,
  );
}
