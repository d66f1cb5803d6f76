/**
 * The booking's one balance checkout (`balanceCheckout` on the booking item, shared/records.ts). It lives on the
 * booking itself so that every write of the booking sees it: a claim, and the session recorded for it, move the
 * booking's version (`updatedAt`), so a change read before them is refused as stale and re-read; and a change of
 * what is due drops it in the change's own write (booking-changes.ts). So at most one session is the booking's at
 * any moment, and which one is never a matter of timing between two items.
 *
 * Three conditional writes, in order:
 * 1. claim: taken only while the booking is the version read, still on, and its checkout is still the one read
 *    (none, or a stale claim or session being replaced); one of any number of concurrent requests wins;
 * 2. open: the Stripe session made for the claim is recorded on it (with its `CHECKOUT#` item), only while the
 *    claim is still the booking's (a change of what is due meanwhile removed it: the session is then withdrawn);
 * 3. release: a claim whose session Stripe refused to make is given back.
 */
import type { BalanceCheckoutClaim } from '../../shared/records';
import { checkoutSessionItem, type CheckoutSession } from './checkout-sessions';
import { keys } from './keys';
import { rethrow, stale } from '../lib/retry-on-stale';
import { transactRetrying, updateIf } from './table';

export interface ClaimRequest {
  bookingId: string;
  /** The booking's `updatedAt` as read. */
  seenVersion: string;
  /** The claim read on the booking (a stale `opening`, or an `open` session being replaced), or none. */
  seenClaimId: string | null;
  /** The statuses the booking must still have. */
  statuses: readonly string[];
  claim: BalanceCheckoutClaim;
  /** The booking's new version. */
  at: string;
}

/** Takes the booking's balance checkout: false when the booking, or its checkout, changed since it was read. */
export async function claimBalanceCheckout(r: ClaimRequest): Promise<boolean> {
  const statuses = Object.fromEntries(r.statuses.map((s, i) => [`:st${i}`, s]));
  return updateIf({
    Key: keys.booking(r.bookingId),
    UpdateExpression: 'SET balanceCheckout = :claim, updatedAt = :at',
    ConditionExpression: `updatedAt = :seen AND #status IN (${Object.keys(statuses).join(', ')}) AND ${r.seenClaimId ? 'balanceCheckout.claimId = :seenClaim' : 'attribute_not_exists(balanceCheckout)'}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':claim': r.claim, ':at': r.at, ':seen': r.seenVersion, ...statuses, ...(r.seenClaimId ? { ':seenClaim': r.seenClaimId } : {}) },
  });
}

/**
 * Records the session made for a claim, with the session's `CHECKOUT#` item (how the webhook and the return page know
 * it pays a balance): false when the claim is no longer the booking's (what is due changed meanwhile).
 */
export async function openBalanceCheckout(bookingId: string, open: BalanceCheckoutClaim & { sessionId: string }, session: CheckoutSession, at: string): Promise<boolean> {
  const items = [
    {
      Update: {
        Key: keys.booking(bookingId),
        UpdateExpression: 'SET balanceCheckout = :open, updatedAt = :at',
        ConditionExpression: 'balanceCheckout.claimId = :claim',
        ExpressionAttributeValues: { ':open': open, ':at': at, ':claim': open.claimId },
      },
    },
    { Put: { Item: checkoutSessionItem(session) } },
  ];
  return transactRetrying(
    items,
    5,
    true,
    // A concurrent write to the booking (no condition failed): try again, the condition decides.
    (codes, error) => (codes[0] === 'ConditionalCheckFailed' ? false : stale(error)),
    rethrow,
  );
}

/** Gives a claim back (Stripe made no session for it); nothing when it is no longer the booking's. */
export async function releaseBalanceCheckout(bookingId: string, claimId: string, at: string): Promise<boolean> {
  return updateIf({
    Key: keys.booking(bookingId),
    UpdateExpression: 'REMOVE balanceCheckout SET updatedAt = :at',
    ConditionExpression: 'balanceCheckout.claimId = :claim',
    ExpressionAttributeValues: { ':at': at, ':claim': claimId },
  });
}
