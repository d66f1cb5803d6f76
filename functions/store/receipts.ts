/** The receipt e-mail's claim on a booking, so it is sent once and a failed send is tried again. */
import { keys } from './keys';
import { updateIf, updateItem } from './table';
import * as clock from '../lib/clock';

/**
 * Takes the right to send a booking's receipt: granted when no receipt was sent and nobody else holds a
 * claim younger than `staleAfterMs` (a sender that crashed mid-send loses it after that), so two callers
 * never send at once and a failed send can be tried again.
 */
export async function claimReceipt(id: string, staleAfterMs: number, now = clock.now()): Promise<boolean> {
  return updateIf({
    Key: keys.booking(id),
    UpdateExpression: 'SET receiptClaimedAt = :now',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(receiptSentAt) AND (attribute_not_exists(receiptClaimedAt) OR receiptClaimedAt < :stale)',
    ExpressionAttributeValues: { ':now': now.toISOString(), ':stale': new Date(now.getTime() - staleAfterMs).toISOString() },
  });
}

/** Gives a claim back after a failed send, so the next delivery or visit tries again at once. */
export async function releaseReceiptClaim(id: string): Promise<void> {
  await updateItem({ Key: keys.booking(id), UpdateExpression: 'REMOVE receiptClaimedAt', ConditionExpression: 'attribute_exists(pk)' });
}

export async function markReceiptSent(id: string, messageId: string): Promise<void> {
  await updateItem({
    Key: keys.booking(id),
    UpdateExpression: 'SET receiptSentAt = :at, receiptMessageId = :mid REMOVE receiptClaimedAt',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': clock.now().toISOString(), ':mid': messageId },
  });
}
