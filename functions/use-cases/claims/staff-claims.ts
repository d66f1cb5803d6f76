/**
 * Staff's side of damage claims (docs/yard.md, Damage claims): a booking's claims beside both handover records and
 * their differences, and the decision. Reading is open to staff, who meet the traveller at the car; deciding is the
 * admins' (the route table), as accepting damage commits the business to money, like a refund.
 */
import { randomUUID } from 'node:crypto';
import { claimMessages, claimStatusLabels, claimWindow, type ClaimDecisionRequest, type ClaimWindowView, type StaffClaim } from '../../../shared/claims';
import type { ConditionView } from '../../../shared/condition';
import { displayNameOf, type Caller } from '../../lib/auth';
import { sendEmail } from '../../lib/email';
import { conflict, notFound } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { decideClaim, getClaim, listClaims } from '../../store/claims';
import { listConditions } from '../../store/conditions';
import { confirmedBooking } from '../admin/booking-detail';
import { passLinkFor } from '../booking/pass-link';
import { viewOf } from '../yard/condition';
import { photoLinksFor, staffClaim } from './claim-views';
import { decisionEmail } from './decision-email';
import * as clock from '../../lib/clock';

export interface StaffClaims {
  claims: StaffClaim[];
  window: ClaimWindowView;
  condition: ConditionView;
}

export async function staffClaims(bookingId: string, now = clock.now()): Promise<StaffClaims> {
  const booking = await confirmedBooking(bookingId);
  const [claims, records] = await Promise.all([listClaims(booking.id), listConditions(booking.id)]);
  const links = await photoLinksFor(booking.id, claims);
  return { claims: claims.map((c) => staffClaim(c, links)), window: claimWindow(booking, now), condition: viewOf(records) };
}

const claimIdPattern = /^[0-9a-f-]{36}$/i;

export async function decideDamageClaim(caller: Caller, bookingId: string, claimId: string, req: ClaimDecisionRequest, now = clock.now()): Promise<StaffClaim> {
  const booking = await confirmedBooking(bookingId);
  const claim = claimIdPattern.test(claimId) ? await getClaim(booking.id, claimId.toLowerCase()) : null;
  if (!claim) throw notFound(claimMessages.claimNotFound);
  // A decision is final: whoever read the claim before it was decided is told, and nothing changes.
  if (claim.status !== 'open' || claim.version !== req.version) throw conflict(claimMessages.alreadyDecided, { version: claimMessages.alreadyDecided });
  const decision = { outcome: req.outcome, reason: req.reason, decidedBy: displayNameOf(caller) ?? caller.sub, decidedAt: now.toISOString() };
  const history = [{ field: 'damage_claim_decision', old: claimStatusLabels.open, new: `${claimStatusLabels[req.outcome]}: ${req.reason}` }];
  if ((await decideClaim(claim, decision, req.version, history, randomUUID().slice(0, 8))) === 'stale') throw conflict(claimMessages.alreadyDecided, { version: claimMessages.alreadyDecided });
  const decided = { ...claim, status: req.outcome, decision, version: decision.decidedAt };
  logger.info('Damage claim decided', { bookingId: booking.id, claimId: claim.id, outcome: req.outcome });
  // The decision stands whatever the mail does; the pass and the dashboard show it either way.
  try {
    await sendEmail(decisionEmail(booking, decided, (await passLinkFor(booking.id)).url));
  } catch (error) {
    logger.error('Damage claim decision e-mail failed', { bookingId: booking.id, claimId: claim.id, error: String(error) });
  }
  return staffClaim(decided, await photoLinksFor(booking.id, [decided]));
}
