/**
 * Thin access to the single table: the only module besides the per-entity stores that touches DynamoDB.
 * Every request path uses GetItem, Query, BatchGet or a transaction; there is no Scan.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput, type TransactWriteCommandInput, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../lib/aws';
import type { ItemKey } from './keys';

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

export async function query<T = Item>(input: Omit<QueryCommandInput, 'TableName'>): Promise<{ items: T[]; lastKey?: Record<string, unknown> }> {
  const out = await dynamo().send(new QueryCommand({ TableName: tableName(), ...input }));
  return { items: (out.Items as T[] | undefined) ?? [], lastKey: out.LastEvaluatedKey };
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

export function isConditionalFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}
