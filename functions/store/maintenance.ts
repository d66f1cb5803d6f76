/**
 * Table access for maintenance run by an operator (`npm run admin -- reindex`), never by a request: a whole-table
 * Scan, and the writes that put derived items back in line with the bookings. No route imports this module
 * (lint: functions/ never imports functions/maintenance, its only caller), and no function's role may Scan.
 *
 * Every write here holds only if what it was computed from is unchanged since it was read (the booking's
 * `updatedAt`, a counter item's `updatedAt`, or the item's absence), so a live transaction that lands during a
 * run is never overwritten with the older view; the caller learns which writes did not hold and can read again.
 */
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../lib/aws';
import { rethrow, stale } from '../lib/retry-on-stale';
import { keys, type ItemKey, queries } from './keys';
import { queryAll, getItem, isConditionalFailure, transactRetrying, updateIf, type Item, type TransactItem } from './table';

/** What a write expects to find: the item absent, or present with this `updatedAt` (undefined: present without one). */
export type Seen = { exists: false } | { exists: true; updatedAt: string | undefined };

export const seenOf = (item: Record<string, unknown> | null | undefined): Seen =>
  item ? { exists: true, updatedAt: typeof item.updatedAt === 'string' ? item.updatedAt : undefined } : { exists: false };

function unchanged(seen: Seen): { ConditionExpression: string; ExpressionAttributeValues?: Record<string, unknown> } {
  if (!seen.exists) return { ConditionExpression: 'attribute_not_exists(pk)' };
  if (seen.updatedAt === undefined) return { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(updatedAt)' };
  return { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': seen.updatedAt } };
}

/**
 * Reads every item of the table, strongly consistent, page by page (1 MB each), in `segments` parallel
 * segments; `onPage` gets each page's items as they arrive. Returns how many items were read.
 */
export async function scanTable(onPage: (items: Item[]) => void, segments = 4): Promise<number> {
  let total = 0;
  await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      let start: Record<string, unknown> | undefined;
      do {
        const out = await dynamo().send(
          new ScanCommand({ TableName: tableName(), ConsistentRead: true, Segment: segment, TotalSegments: segments, ExclusiveStartKey: start }),
        );
        const items = (out.Items ?? []) as Item[];
        total += items.length;
        onPage(items);
        start = out.LastEvaluatedKey;
      } while (start);
    }),
  );
  return total;
}

/** One item as it is now (strongly consistent), whatever its shape. */
export const readItemNow = (key: ItemKey) => getItem<Item>(key, true);

/** Every item of one partition (strongly consistent), e.g. all occupancy months. */
export async function readPartitionNow(pk: string): Promise<Item[]> {
  return queryAll<Item>({ ...queries.wholePartition(pk), ConsistentRead: true });
}

/** Puts a whole item (a counter item recounted) if it is as `seen`; false when it changed in the meantime. */
export async function putIfUnchanged(item: Item, seen: Seen): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item, ...unchanged(seen) }));
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export interface BookingRewrite {
  bookingId: string;
  /** The booking as the scan saw it (absent for items left behind by a booking that is gone). */
  seen: Seen;
  /** Index keys to set on the booking item, when they differ from what it holds. */
  indexKeys?: Record<string, string>;
  puts: Item[];
  deletes: ItemKey[];
}

/** DynamoDB's limit on one transaction, less the booking's own item. */
const OPS_PER_TRANSACTION = 99;
const CONFLICT_RETRIES = 5;

function bookingGuard(r: BookingRewrite, withIndex: boolean): TransactItem {
  const condition = unchanged(r.seen);
  if (withIndex && r.indexKeys && Object.keys(r.indexKeys).length > 0) {
    const entries = Object.entries(r.indexKeys);
    return {
      Update: {
        Key: keys.booking(r.bookingId),
        UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :k${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#k${i}`, name])),
        ...condition,
        ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ...Object.fromEntries(entries.map(([, value], i) => [`:k${i}`, value])) },
      },
    };
  }
  return { ConditionCheck: { Key: keys.booking(r.bookingId), ...condition } };
}

/**
 * Writes one booking's derived items (puts and deletes) and its index keys, each transaction guarded by the
 * booking being as the scan saw it. 'changed' when it was not (a live change landed; read it again).
 */
export async function rewriteBookingItems(r: BookingRewrite): Promise<'written' | 'changed'> {
  const ops: TransactItem[] = [...r.puts.map((Item): TransactItem => ({ Put: { Item } })), ...r.deletes.map((Key): TransactItem => ({ Delete: { Key } }))];
  const chunks: TransactItem[][] = [];
  for (let i = 0; i < ops.length; i += OPS_PER_TRANSACTION) chunks.push(ops.slice(i, i + OPS_PER_TRANSACTION));
  if (chunks.length === 0) chunks.push([]);
  for (const [i, chunk] of chunks.entries()) {
    const guard = bookingGuard(r, i === 0);
    if (chunk.length === 0 && !guard.Update) continue;
    // Another transaction touched one of these items at the same moment (no condition failed): try again.
    const outcome = await transactRetrying<'written' | 'changed'>([guard, ...chunk], CONFLICT_RETRIES + 1, 'written', (codes, error) => (codes[0] === 'ConditionalCheckFailed' ? 'changed' : stale(error)), rethrow);
    if (outcome === 'changed') return 'changed';
  }
  return 'written';
}

/** The customer's first confirmed booking, where it was never recorded (the 'unique customers' counter relies on it). */
export function setFirstConfirmedAt(customerId: string, at: string): Promise<boolean> {
  return updateIf({
    Key: keys.customer(customerId),
    UpdateExpression: 'SET firstConfirmedAt = :at',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(firstConfirmedAt)',
    ExpressionAttributeValues: { ':at': at },
  });
}

/**
 * A pending booking whose checkout expired no longer holds places in the recount: it is marked so, so that its
 * payment, if it still comes, takes the places afresh and its expiry gives none back (functions/store/occupancy.ts).
 */
export function markHoldLapsed(bookingId: string, seen: Seen): Promise<boolean> {
  const condition = unchanged(seen);
  return updateIf({
    Key: keys.booking(bookingId),
    UpdateExpression: 'SET placesHeld = :no',
    ConditionExpression: `${condition.ConditionExpression} AND #status = :pending AND placesHeld = :yes`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':no': false, ':yes': true, ':pending': 'pending_payment' },
  });
}

/**
 * Puts a customer in the customer list at its place (its index keys), or takes it out (null), if it is as the scan saw
 * it; false when it changed since.
 */
export function setCustomerListKeys(customerId: string, listKeys: { gsi2pk: string; gsi2sk: string } | null, seen: Seen): Promise<boolean> {
  const condition = unchanged(seen);
  return updateIf({
    Key: keys.customer(customerId),
    UpdateExpression: listKeys ? 'SET gsi2pk = :listPk, gsi2sk = :listSk' : 'REMOVE gsi2pk, gsi2sk',
    ConditionExpression: condition.ConditionExpression,
    ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ...(listKeys ? { ':listPk': listKeys.gsi2pk, ':listSk': listKeys.gsi2sk } : {}) },
  });
}
