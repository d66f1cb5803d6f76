/**
 * The whole table as the tests see it (DynamoDB Local, in memory). Only tests may Scan: the product never does.
 * Used to prove that a refused request wrote nothing anywhere.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { TestEnv } from './global-setup';
import { tableClient } from './table-client';

export type TableItem = Record<string, unknown> & { pk: string; sk: string };

export function tableReader(env: TestEnv) {
  const db = tableClient(env);
  return {
    /** Every item, optionally only those whose pk starts with `prefix`. */
    async scan(prefix?: string): Promise<TableItem[]> {
      const items: TableItem[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db.send(
          new ScanCommand({
            TableName: env.tableName,
            ConsistentRead: true,
            ExclusiveStartKey: start,
            ...(prefix ? { FilterExpression: 'begins_with(pk, :p)', ExpressionAttributeValues: { ':p': prefix } } : {}),
          }),
        );
        items.push(...((out.Items ?? []) as TableItem[]));
        start = out.LastEvaluatedKey;
      } while (start);
      return items;
    },
    close: () => db.destroy(),
  };
}
