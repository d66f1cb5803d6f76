/**
 * Request budgets of the guest routes (issue 23): asking for a manage-my-booking link, per client address, per
 * e-mail and per reference (a script that walks references with one e-mail, or one reference with many e-mails,
 * is stopped either way); re-sending a booking's confirmation or e-mailing its tax invoice, per booking and per
 * client; and saying "I've landed",
 * per booking (or account) and per client. Spent before anything is looked up or written, so a refused caller learns
 * nothing about the booking. docs/security.md ("Limits").
 */
import { createHash } from 'node:crypto';
import { tooManyRequestsMessage } from '../../../shared/messages';
import { tooManyRequests } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { spendBudgets, type Budget } from '../../store/rate-limits';
import { clientNetwork, subjectOf, type Allowance } from './request-budgets';

/**
 * A traveller asks again once or twice (a mail in spam); more in an hour is a script. "I've landed" is pressed once,
 * and again to change the terminal or the party; ten an hour per booking leaves room for that, and an address shared
 * by travellers at the airport's Wi-Fi has room for thirty. An account's presses are counted by the account, never by
 * the booking id it names, so nobody else can spend them.
 */
export const PASS_BUDGETS = {
  manageLink: { client: { limit: 10, windowSeconds: 3600 }, email: { limit: 3, windowSeconds: 3600 }, reference: { limit: 3, windowSeconds: 3600 } },
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

export function spendManageLinkBudget(who: { clientAddress: string; email: string; reference: string }, now = new Date()): Promise<void> {
  const b = PASS_BUDGETS.manageLink;
  return spend(
    'manage-link',
    [
      { scope: 'manage-link', subject: subjectOf('ip', clientNetwork(who.clientAddress)), ...b.client },
      { scope: 'manage-link', subject: hashed('ref', who.reference), ...b.reference },
      { scope: 'manage-link', subject: subjectOf('email', who.email.trim().toLowerCase()), ...b.email },
    ],
    now,
  );
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

export const spendResendBudget = (who: { clientAddress: string; bookingId: string }, now = new Date()): Promise<void> => spendPassEmailBudget('pass-resend', PASS_BUDGETS.resend, who, now);

export const spendInvoiceEmailBudget = (who: { clientAddress: string; bookingId: string }, now = new Date()): Promise<void> => spendPassEmailBudget('invoice-email', PASS_BUDGETS.invoiceEmail, who, now);

/**
 * "I've landed": per client address, and per booking (a pass, whose token names one) or per account (the account
 * route). Spent once the pass's token or the account's ownership has been checked, so a made-up token spends nothing
 * of a real booking's budget and a stranger cannot spend an owner's.
 */
export function spendLandedBudget(who: { clientAddress: string } & ({ bookingId: string } | { account: string }), now = new Date()): Promise<void> {
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
