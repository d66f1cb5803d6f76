/**
 * For the re-index test: a local stack of its own (the re-index rewrites and recounts the whole table, so it needs
 * one no other test file writes to), direct access to its table, and the counters and occupancy recounted here,
 * independently of the command, from the bookings as they are stored.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../../local/server';
import { addDays } from '../../shared/nz-time';
import type { Booking } from '../../shared/records';
import { startTestStack, type TestEnv } from '../support/global-setup';
import { tableClient } from '../support/stack-with-users';

export type Row = Record<string, any>;
type Key = { pk: string; sk: string };

export interface PrivateStack {
  stack: LocalStack;
  env: TestEnv;
  get(key: Key): Promise<Row | undefined>;
  put(item: Row): Promise<unknown>;
  del(key: Key): Promise<unknown>;
  update(key: Key, expression: string, values?: Record<string, unknown>): Promise<unknown>;
  partition(pk: string): Promise<Row[]>;
  /** Every item of the table, in key order: to show that a run wrote nothing. */
  wholeTable(): Promise<Row[]>;
  stop(): Promise<void>;
}

/** Starts the stack in this test worker: its handlers, and the command's function, use its emulators. */
export async function startPrivateStack(): Promise<PrivateStack> {
  const { stack, env, stop } = await startTestStack('none', 'runway-reindex-');
  const db = tableClient(env);
  const TableName = env.tableName;
  return {
    stack,
    env,
    get: async (key) => (await db.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item,
    put: (item) => db.send(new PutCommand({ TableName, Item: item })),
    del: (key) => db.send(new DeleteCommand({ TableName, Key: key })),
    update: (key, expression, values) => db.send(new UpdateCommand({ TableName, Key: key, UpdateExpression: expression, ...(values ? { ExpressionAttributeValues: values } : {}) })),
    partition: async (pk) =>
      (await db.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? [],
    async wholeTable() {
      const rows: Row[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db.send(new ScanCommand({ TableName, ConsistentRead: true, ExclusiveStartKey: start }));
        rows.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
      return rows.sort((a, b) => (`${a.pk}\u0000${a.sk}` < `${b.pk}\u0000${b.sk}` ? -1 : 1));
    },
    async stop() {
      await stop();
    },
  };
}

const LISTED = ['reservation', 'checkin', 'checkout', 'payment_review', 'cancelled'];
const TAKES_A_PLACE = ['reservation', 'checkin', 'checkout', 'payment_review'];

/** The summary's figures from the bookings: revenue is current totals, and what cancellations kept. */
export function expectedCounters(bookings: Booking[]) {
  const listed = bookings.filter((b) => LISTED.includes(b.status));
  const byStatus: Record<string, number> = {};
  for (const b of listed) byStatus[b.status] = (byStatus[b.status] ?? 0) + 1;
  return {
    bookings: listed.length,
    revenueCents: listed.reduce((sum, b) => sum + (b.status === 'cancelled' ? b.payment!.amountPaidCents : b.totalCents), 0),
    customers: new Set(listed.map((b) => b.customerId)).size,
    byStatus,
  };
}

/** Places per date: bookings not cancelled take one each date of their stay; open checkouts that held places hold one. */
export function expectedOccupancy(bookings: Booking[], nowSeconds: number, sessionExpiry: ReadonlyMap<string, number>): Map<string, { taken: number; held: number }> {
  const days = new Map<string, { taken: number; held: number }>();
  for (const b of bookings) {
    const holds = b.status === 'pending_payment' && b.placesHeld === true && (sessionExpiry.get(b.checkoutSessionId) ?? 0) > nowSeconds;
    if (!TAKES_A_PLACE.includes(b.status) && !holds) continue;
    for (let d = b.dropOffDate; d <= b.pickUpDate; d = addDays(d, 1)) {
      const day = days.get(d) ?? { taken: 0, held: 0 };
      days.set(d, { taken: day.taken + 1, held: day.held + (holds ? 1 : 0) });
    }
  }
  return days;
}
