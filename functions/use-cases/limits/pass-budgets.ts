/**
 * Request budgets of the guest routes (issue 23): asking for a manage-my-booking link, per client address, per
 * e-mail and per reference (a script that walks references with one e-mail, or one reference with many e-mails,
 * is stopped either way); and re-sending a booking's confirmation, per booking and per client. Spent before
 * anything is looked up, so a refused caller learns nothing about the booking. docs/security.md ("Limits").
 */
import { createHash } from 'node:crypto';
import { tooManyRequestsMessage } from '../../../shared/messages';
import { tooManyRequests } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { spendBudgets, type Budget } from '../../store/rate-limits';
import { clientNetwork, subjectOf, type Allowance } from './request-budgets';
import * as clock from '../../lib/clock';

/** A traveller asks again once or twice (a mail in spam); more in an hour is a script. */
export const PASS_BUDGETS = {
  manageLink: { client: { limit: 10, windowSeconds: 3600 }, email: { limit: 3, windowSeconds: 3600 }, reference: { limit: 3, windowSeconds: 3600 } },
  resend: { client: { limit: 10, windowSeconds: 3600 }, booking: { limit: 3, windowSeconds: 3600 } },
} as const satisfies Record<string, Record<string, Allowance>>;

/** Like subjectOf: a hash, so the table never holds the reference or booking id next to a count. */
const hashed = (kind: string, value: string) => `${kind}-${createHash('sha256').update(`${kind}:${value}`).digest('base64url').slice(0, 22)}`;

async function spend(scope: string, budgets: Budget[], now: Date): Promise<void> {
  const outcome = await spendBudgets(budgets, now);
  if (outcome.ok) return;
  logger.warn('Request budget spent', { scope, budget: outcome.refused.subject.split('-')[0], limit: outcome.refused.limit, windowSeconds: outcome.refused.windowSeconds });
  throw tooManyRequests(tooManyRequestsMessage(outcome.retryAfterSeconds), outcome.retryAfterSeconds);
}

export function spendManageLinkBudget(who: { clientAddress: string; email: string; reference: string }, now = clock.now()): Promise<void> {
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

export function spendResendBudget(who: { clientAddress: string; bookingId: string }, now = clock.now()): Promise<void> {
  const b = PASS_BUDGETS.resend;
  return spend(
    'pass-resend',
    [
      { scope: 'pass-resend', subject: subjectOf('ip', clientNetwork(who.clientAddress)), ...b.client },
      { scope: 'pass-resend', subject: hashed('booking', who.bookingId), ...b.booking },
    ],
    now,
  );
}
