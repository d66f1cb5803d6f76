/**
 * The re-index (`npm run admin -- reindex`) on the local stack: bookings seeded as the admin-lists bench seeds
 * them, then made to look like data from before the last releases (no status index keys, day-sheet entries
 * without their newer fields, no counters, no occupancy), then timed: a dry run, the run that mends it, and a
 * second run that finds nothing to do. `BENCH_REINDEX_SIZE` (default 5,000) sets the number of bookings.
 */
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reindex, type ReindexReport } from '../functions/maintenance/reindex';
import { dynamo, tableName } from '../functions/lib/aws';
import { keys } from '../functions/store/keys';
import type { Customer } from '../functions/store/customers';
import { seed } from './admin-lists';
import type { BenchModule } from './context';

/** Takes the table back to what an older release wrote: every booking and day-sheet entry loses its newer attributes. */
async function ageTheData(): Promise<number> {
  let start: Record<string, unknown> | undefined;
  let touched = 0;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, FilterExpression: '#t IN (:b, :d)', ExpressionAttributeNames: { '#t': 'type' }, ExpressionAttributeValues: { ':b': 'booking', ':d': 'day_sheet_entry' } }));
    await Promise.all(
      (page.Items ?? []).map((item) =>
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: item.type === 'booking' ? 'REMOVE gsi3pk, gsi3sk' : 'REMOVE #status, dropOffAt, pickUpAt, createdAt, parkingBayNumber, balanceDueCents',
            ...(item.type === 'booking' ? {} : { ExpressionAttributeNames: { '#status': 'status' } }),
          }),
        ),
      ),
    );
    touched += page.Items?.length ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: keys.stats(), UpdateExpression: 'SET bookings = :z, revenueCents = :z', ExpressionAttributeValues: { ':z': 0 } }));
  return touched;
}

async function timed(options: Parameters<typeof reindex>[0]): Promise<{ report: ReindexReport; seconds: number }> {
  const started = performance.now();
  const report = await reindex(options);
  return { report, seconds: (performance.now() - started) / 1000 };
}

const reindexBench: BenchModule = {
  title: 'Reindex (the maintenance command) on the local stack',
  async run(ctx) {
    await ctx.stack();
    const size = Number(process.env.BENCH_REINDEX_SIZE ?? 5000);
    const started = performance.now();
    const customers: Customer[] = [];
    await seed(0, size, customers, Date.now());
    ctx.report(`${size} bookings seeded in`, ((performance.now() - started) / 1000).toFixed(0), 's');
    ctx.report('items aged (bookings and day-sheet entries)', await ageTheData());
    const runs: [string, Parameters<typeof reindex>[0]][] = [
      ['dry run', { dryRun: true }],
      ['run that mends it', {}],
      ['second run (nothing to do)', {}],
    ];
    for (const [name, options] of runs) {
      const { report, seconds } = await timed(options);
      const pass = report.passes[0]!;
      ctx.report(`${name}: items scanned`, pass.scanned.items);
      ctx.report(`${name}: bookings rewritten, day entries put`, `${pass.bookings.rewritten}, ${pass.bookings.items.dayEntry.put}`);
      ctx.report(`${name}: occupancy months written`, pass.occupancy.written);
      ctx.report(`${name}: time`, seconds.toFixed(1), 's');
    }
  },
};
export default reindexBench;
