/**
 * Thin access to the single table: the only module besides the per-entity stores that touches DynamoDB.
 * Every request path uses GetItem, Query, BatchGet or a transaction; there is no Scan.
 */
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput, type TransactWriteCommandInput, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../lib/aws';
import type { ItemKey } from './keys';
import { retryOnStale, type Stale } from '../lib/retry-on-stale';

export type Item = Record<string, unknown> & { pk: string; sk: string; type: string };

export async function getItem<T = Item>(key: ItemKey, consistent = false): Promise<T | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }));
  return (out.Item as T | undefined) ?? null;
}

/** Puts an item; with `ifAbsent` it fails (ConditionalCheckFailedException) when the key exists. */
export async function putItem(item: Item, ifAbsent = false): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: item, ...(ifAbsent ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}) }),
  );
}

/**
 * Reads items by key, 100 a request (DynamoDB's limit), retrying what the service leaves unprocessed; the
 * answer is in the order of `keys`, with null where an item does not exist.
 */
export async function batchGet<T = Item>(itemKeys: readonly ItemKey[]): Promise<(T | null)[]> {
  const found = new Map<string, T>();
  const id = (k: { pk: unknown; sk: unknown }) => `${String(k.pk)}\u0000${String(k.sk)}`;
  const chunks: ItemKey[][] = [];
  for (let i = 0; i < itemKeys.length; i += 100) chunks.push(itemKeys.slice(i, i + 100));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, unknown>[] = chunk.map((k) => ({ pk: k.pk, sk: k.sk }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 8) throw new Error('BatchGet left keys unprocessed after several attempts');
        if (attempt > 0) await new Promise((r) => setTimeout(r, 10 * 2 ** attempt));
        const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
        for (const item of out.Responses?.[tableName()] ?? []) found.set(id(item as ItemKey), item as T);
        pending = (out.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      }
    }),
  );
  return itemKeys.map((k) => found.get(id(k)) ?? null);
}

export async function query<T = Item>(input: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: T[]; lastKey?: Record<string, unknown>; count: number }> {
  const out = await dynamo().send(new QueryCommand({ TableName: tableName(), ...input }));
  return { items: (out.Items as T[] | undefined) ?? [], lastKey: out.LastEvaluatedKey, count: out.Count ?? 0 };
}

/** Every page of a query (for partitions bounded by what they hold: a day's sheet, a booking's photos). */
export async function queryAll<T = Item>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await query<T>({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) });
    items.push(...page.items);
    start = page.lastKey;
  } while (start);
  return items;
}

/** Updates one item; the update's condition, if any, must hold or it throws. */
export async function updateItem(input: Omit<UpdateCommandInput, 'TableName'>): Promise<void> {
  await dynamo().send(new UpdateCommand({ TableName: tableName(), ...input }));
}

/** Updates one item when its condition holds: true when it did, false when the condition failed. */
export async function updateIf(input: Omit<UpdateCommandInput, 'TableName'> & { ConditionExpression: string }): Promise<boolean> {
  try {
    await updateItem(input);
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
type WithoutTable<T> = { [K in keyof T]?: Omit<NonNullable<T[K]>, 'TableName'> };
/** A transaction item that names no table (transact adds it). */
export type TransactItem = WithoutTable<TransactItems[number]>;

/** One all-or-nothing write; items name no table, it is added here. */
export async function transact(items: TransactItem[], clientRequestToken?: string): Promise<void> {
  const withTable = items.map((item) => {
    const [kind, body] = Object.entries(item)[0] as [string, Record<string, unknown>];
    return { [kind]: { TableName: tableName(), ...body } };
  }) as TransactItems;
  await dynamo().send(new TransactWriteCommand({ TransactItems: withTable, ...(clientRequestToken ? { ClientRequestToken: clientRequestToken } : {}) }));
}

/**
 * The reason code of each item of a cancelled transaction, in the items' order ('ConditionalCheckFailed',
 * 'TransactionConflict', 'None'...), or null when the error is not a cancelled transaction.
 */
export function cancellationCodes(error: unknown): (string | undefined)[] | null {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | null;
  return e?.name === 'TransactionCanceledException' ? (e.CancellationReasons ?? []).map((r) => r.Code) : null;
}

/** A wait with jitter before trying again a transaction that collided with another on a shared item (a counter). */
export const conflictPause = (attempt: number): Promise<void> => new Promise((r) => setTimeout(r, 5 + Math.random() * 10 * 2 ** Math.min(attempt, 6)));

/** How a cancelled transaction is answered: the caller's outcome (a condition failed), or `stale(error)` to write it again. */
export type Cancelled<T> = (codes: (string | undefined)[], error: unknown, attempt: number) => T | Stale | Promise<T | Stale>;

/**
 * One transaction written until it lands or a condition answers: `written` when it lands; a cancellation is
 * answered by `cancelled` (a condition that failed decides the outcome; a collision with another transaction on a
 * shared item, where no condition failed, is written again after a pause); any other error is thrown. After
 * `tries` collisions, `giveUp` answers. The stores' conditional transactions all go through here, so each says only
 * what its conditions mean.
 */
export async function transactRetrying<T>(items: TransactItem[], tries: number, written: T, cancelled: Cancelled<T>, giveUp: (cause: unknown) => T | Promise<T>): Promise<T> {
  return retryOnStale<T>(
    { tries, pause: conflictPause },
    async (attempt) => {
      try {
        await transact(items);
        return written;
      } catch (error) {
        const codes = cancellationCodes(error);
        if (!codes) throw error;
        return cancelled(codes, error, attempt);
      }
    },
    giveUp,
  );
}

export function isConditionalFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}
