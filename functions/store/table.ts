/**
 * Thin access to the single table: the only module besides the per-entity stores that touches DynamoDB.
 * Every request path uses GetItem, Query, BatchGet or a transaction; there is no Scan.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
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
