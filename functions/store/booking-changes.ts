/**
 * Changing a confirmed booking: the booking item is rewritten with its index keys, and its day-sheet entries
 * move with its dates, in one transaction that holds only if nobody changed the booking since it was read
 * (`updatedAt`) and it is still a reservation. Refund lines are then marked as the provider answers.
 */
import type { Booking } from '../../shared/records';
import { confirmedIndexKeys } from './bookings';
import { dayEntry } from './day-sheet';
import { keys } from './keys';
import { transact, updateIf, type TransactItem } from './table';

export type ChangeOutcome = 'changed' | 'stale';

function dayEntryKeys(b: Booking) {
  return [keys.dayDropOff(b.dropOffDate, b.dropOffTime, b.id), keys.dayPickUp(b.pickUpDate, b.pickUpTime, b.id)];
}

export async function saveBookingChange(before: Booking, after: Booking): Promise<ChangeOutcome> {
  const reference = after.bookingReference ?? '';
  const oldEntries = dayEntryKeys(before);
  const newEntries = dayEntryKeys(after);
  const moved = (i: number) => oldEntries[i]!.pk !== newEntries[i]!.pk || oldEntries[i]!.sk !== newEntries[i]!.sk;
  const items: TransactItem[] = [
    {
      Put: {
        Item: { ...keys.booking(after.id), type: 'booking', ...after, ...confirmedIndexKeys(after) },
        ConditionExpression: 'updatedAt = :seen AND #status = :reservation',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':seen': before.updatedAt, ':reservation': 'reservation' },
      },
    },
    // Every entry is rewritten (it copies what the sheet shows); an entry whose date or time moved goes first.
    ...[0, 1].flatMap((i) => (moved(i) ? [{ Delete: { Key: oldEntries[i]! } }] : [])),
    dayEntry('dropoff', after, reference),
    dayEntry('pickup', after, reference),
  ];
  try {
    await transact(items);
    return 'changed';
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') return 'stale';
    throw error;
  }
}

/** Records what the provider said about a refund line (the line is found by its id, its position fixed). */
export async function markRefund(bookingId: string, ledgerIndex: number, lineId: string, status: 'succeeded' | 'failed', refundId: string | null): Promise<boolean> {
  return updateIf({
    Key: keys.booking(bookingId),
    UpdateExpression: `SET ledger[${ledgerIndex}].#st = :status${refundId ? `, ledger[${ledgerIndex}].refundId = :rid` : ''}`,
    ConditionExpression: `ledger[${ledgerIndex}].id = :line`,
    ExpressionAttributeNames: { '#st': 'status' },
    ExpressionAttributeValues: { ':status': status, ':line': lineId, ...(refundId ? { ':rid': refundId } : {}) },
  });
}
