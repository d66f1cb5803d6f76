/**
 * Damage claims (docs/data-model.md, patterns 80 to 83): each claim under its booking as `CLAIM#<id>`, the id made by
 * the traveller's form, so a repeated submission finds the first; the booking's `CLAIM_COUNT` bounds how many; and,
 * while it is open, an entry in the `OPEN_CLAIMS` partition, which the admin's filter lists and the summary counts.
 * The claim, its count, its open entry and its history line are one transaction; so are the decision, the entry's
 * removal and its history line.
 */
import type { ClaimOutcome, ClaimStatus } from '../../shared/claims';
import type { Panel } from '../../shared/condition';
import type { FieldChange } from './booking-changes';
import { bookingAuditPut } from './audit';
import { keys, queries } from './keys';
import { cancellationCodes, getItem, query, queryAll, transact } from './table';

export interface ClaimRecord {
  id: string;
  bookingId: string;
  panel: Panel;
  description: string;
  photoIds: string[];
  /** `pass` or the account's e-mail (or subject): how it came in, for staff and the history. */
  submittedBy: string;
  submittedAt: string;
  status: ClaimStatus;
  decision: { outcome: ClaimOutcome; reason: string; decidedBy: string; decidedAt: string } | null;
  /** Moved by every change (the decision): a decision names the version it read. */
  version: string;
}

const toClaim = ({ pk: _pk, sk: _sk, type: _type, ...rest }: Record<string, unknown>) => rest as unknown as ClaimRecord;

/** The booking's claims (a handful at most: MAX_CLAIMS_PER_BOOKING), oldest first. */
export async function listClaims(bookingId: string): Promise<ClaimRecord[]> {
  const items = await queryAll<Record<string, unknown>>({ ...queries.bookingClaims(bookingId), ConsistentRead: true });
  return items.map(toClaim).sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.id.localeCompare(b.id));
}

export async function getClaim(bookingId: string, claimId: string): Promise<ClaimRecord | null> {
  const item = await getItem<Record<string, unknown>>(keys.damageClaim(bookingId, claimId), true);
  return item ? toClaim(item) : null;
}

/**
 * Writes a new claim: 'saved'; 'exists' when a claim already has this id (a repeated submission); 'full' when the
 * booking holds its most claims. Nothing is written unless all of it is.
 */
export async function saveClaim(claim: ClaimRecord, reference: string, max: number, history: FieldChange[], auditId: string): Promise<'saved' | 'exists' | 'full'> {
  try {
    await transact([
      { Put: { Item: { ...keys.damageClaim(claim.bookingId, claim.id), type: 'damage_claim', ...claim }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          Key: keys.claimCount(claim.bookingId),
          UpdateExpression: 'SET #type = :type ADD #count :one',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
          ExpressionAttributeValues: { ':type': 'claim_count', ':one': 1, ':max': max },
        },
      },
      { Put: { Item: { ...keys.openClaim(claim.submittedAt, claim.bookingId, claim.id), type: 'open_claim', bookingId: claim.bookingId, claimId: claim.id, bookingReference: reference, panel: claim.panel, submittedAt: claim.submittedAt } } },
      bookingAuditPut(claim.bookingId, claim.submittedAt, claim.submittedBy, history, auditId),
    ]);
    return 'saved';
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') return 'exists';
    if (codes?.[1] === 'ConditionalCheckFailed') return 'full';
    throw error;
  }
}

/**
 * Records the decision on an open claim at the version read: 'decided', or 'stale' when the claim changed since
 * (another decision got there first). The open entry goes in the same transaction, so the list and the count follow.
 */
export async function decideClaim(claim: ClaimRecord, decision: NonNullable<ClaimRecord['decision']>, readVersion: string, history: FieldChange[], auditId: string): Promise<'decided' | 'stale'> {
  try {
    await transact([
      {
        Update: {
          Key: keys.damageClaim(claim.bookingId, claim.id),
          UpdateExpression: 'SET #status = :outcome, decision = :decision, version = :version',
          ConditionExpression: '#status = :open AND version = :read',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':outcome': decision.outcome, ':decision': decision, ':version': decision.decidedAt, ':open': 'open', ':read': readVersion },
        },
      },
      { Delete: { Key: keys.openClaim(claim.submittedAt, claim.bookingId, claim.id) } },
      bookingAuditPut(claim.bookingId, decision.decidedAt, decision.decidedBy, history, auditId),
    ]);
    return 'decided';
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return 'stale';
    throw error;
  }
}

export interface OpenClaimEntry {
  bookingId: string;
  claimId: string;
  submittedAt: string;
}

/** Every open claim, oldest first (the partition holds only claims not yet decided). */
export async function listOpenClaims(): Promise<OpenClaimEntry[]> {
  const items = await queryAll<Record<string, unknown>>(queries.openClaims());
  return items.map((i) => ({ bookingId: String(i.bookingId), claimId: String(i.claimId), submittedAt: String(i.submittedAt) }));
}

/** How many claims are open: a count query of the open partition, every page. */
export async function countOpenClaims(): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await query({ ...queries.openClaims(), Select: 'COUNT', ExclusiveStartKey: start });
    total += page.count;
    start = page.lastKey;
  } while (start);
  return total;
}
