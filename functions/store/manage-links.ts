/**
 * One-time manage-my-booking links: an item per link keyed by the SHA-256 of its random secret, with the
 * booking it opens and when it stops working. Opening it is one conditional update (unused and not expired), so a
 * link opens once however many tabs try at the same moment. The item expires (ttl) a day after the link does.
 */
import { keys } from './keys';
import { getItem, updateIf, putItem } from './table';

export const MANAGE_LINK_TYPE = 'manage_link';

interface ManageLinkItem {
  bookingId: string;
  expiresAt: string;
  usedAt?: string;
}

export async function saveManageLink(secretHash: string, bookingId: string, expiresAt: Date, now: Date): Promise<void> {
  await putItem(
    {
      ...keys.manageLink(secretHash),
      type: MANAGE_LINK_TYPE,
      bookingId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      ttl: Math.floor(expiresAt.getTime() / 1000) + 86_400,
    },
    true,
  );
}

/** Marks the link used and answers its booking id; null when there is no such link, or it is used or expired. */
export async function useManageLink(secretHash: string, now: Date): Promise<string | null> {
  const link = await getItem<ManageLinkItem>(keys.manageLink(secretHash), true);
  if (!link) return null;
  const used = await updateIf({
    Key: keys.manageLink(secretHash),
    UpdateExpression: 'SET usedAt = :now',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :now',
    ExpressionAttributeValues: { ':now': now.toISOString() },
  });
  return used ? link.bookingId : null;
}

/** The booking a reference names (its guard item), or null. */
export async function bookingIdOfReference(reference: string): Promise<string | null> {
  const guard = await getItem<{ bookingId: string }>(keys.bookingReference(reference));
  return guard?.bookingId ?? null;
}
