/**
 * `npm run admin -- reindex`: brings every item derived from the bookings in line with them, for data written before
 * the release that introduced it. One pass:
 * 1. reads the counters (`STATS`/`BOOKINGS`, every `OCCUPANCY` month), strongly consistent;
 * 2. scans the whole table (the only Scan in the product: a maintenance command's, never a request's);
 * 3. rewrites each booking's index keys, day-sheet entries, search tokens and bay entry where they differ, and
 *    deletes the ones that point at it but no longer match (reindex-bookings.ts);
 * 4. recounts `STATS`/`BOOKINGS`, `STATS`/`DAY#<date>` and the occupancy months, and writes those that differ as whole
 *    items (absolute values), plus `firstConfirmedAt` where a customer lacks it (reindex-counters.ts, -occupancy.ts);
 * 5. puts each customer in the admin's customer list where it is missing or out of place (an older customer item).
 *
 * Live traffic during a run: every write holds only if what it was computed from has not changed since it was
 * read (a booking's `updatedAt`; a counter item's `updatedAt` as read before the scan, since the app's transactions
 * set it whenever they count). A write that does not hold is left to live traffic and counted as "changed during
 * the run", and another pass reads everything again, up to `maxPasses`. So a booking confirmed or changed while the
 * command runs is never counted twice or lost; the worst a busy moment does is leave work for a re-run.
 */
import { customerListKeys } from '../store/customers';
import { keys } from '../store/keys';
import { markHoldLapsed, putIfUnchanged, readItemNow, readPartitionNow, rewriteBookingItems, scanTable, seenOf, setCustomerListKeys, setFirstConfirmedAt, type Seen } from '../store/maintenance';
import type { Item } from '../store/table';
import { noKindCounts, planBookings, type KindCounts } from './reindex-bookings';
import { counterChanges, isStatsCounter, recountCounters, recountedDayItems, recountedStatsItem, type CounterChange } from './reindex-counters';
import { occupancyStays, recountedOccupancy, type OccupancyChange } from './reindex-occupancy';
import { addToSnapshot, emptySnapshot } from './reindex-snapshot';
import * as clock from '../lib/clock';

export interface ReindexOptions {
  /** Work out and report what would change, writing nothing. */
  dryRun?: boolean;
  /** Passes at most, when live writes keep some of a pass's writes from holding. */
  maxPasses?: number;
  /** Parallel scan segments. */
  segments?: number;
  /** Booking rewrites in flight at once. */
  concurrency?: number;
  /** The clock (checkout sessions expired before it hold no places). */
  now?: () => Date;
  /** Progress lines. */
  progress?: (line: string) => void;
}

export interface PassReport {
  dryRun: boolean;
  startedAt: string;
  scanned: { items: number; bookingsByStatus: Record<string, number> };
  bookings: {
    /** Bookings whose items were (or would be) written. */
    rewritten: number;
    indexKeys: number;
    items: KindCounts;
    /** Bookings gone or never paid whose leftover items were (or would be) deleted. */
    leftovers: number;
    changedDuringRun: number;
  };
  /** `listed`: customers put in (or moved to their place in) the admin's customer list. */
  customers: { firstConfirmedAt: number; listed: number; changedDuringRun: number };
  holds: { lapsed: number; changedDuringRun: number };
  stats: { changes: CounterChange[]; outcome: 'unchanged' | 'written' | 'would write' | 'changed during run' };
  days: { changes: { date: string; changes: CounterChange[] }[]; written: number; changedDuringRun: number };
  occupancy: { changes: OccupancyChange[]; months: number; written: number; changedDuringRun: number };
}

export interface ReindexReport {
  passes: PassReport[];
  /** False when the last pass still met live changes it left alone: run it again in a quieter moment. */
  complete: boolean;
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

const changedDuring = (pass: PassReport) => pass.bookings.changedDuringRun + pass.customers.changedDuringRun + pass.holds.changedDuringRun + pass.days.changedDuringRun + pass.occupancy.changedDuringRun + (pass.stats.outcome === 'changed during run' ? 1 : 0);

const sameSeen = (a: Seen, b: Seen) => a.exists === b.exists && (!a.exists || !b.exists || a.updatedAt === b.updatedAt);

async function pass(options: Required<Omit<ReindexOptions, 'progress'>> & Pick<ReindexOptions, 'progress'>): Promise<PassReport> {
  const { dryRun, progress } = options;
  const now = options.now();
  const at = now.toISOString();

  // Counters first: a write later holds only if nothing counted anything after this read.
  const [statsBefore, monthsBefore] = await Promise.all([readItemNow(keys.stats()), readPartitionNow(keys.occupancyMonth('').pk)]);
  const snapshot = emptySnapshot();
  await scanTable((items) => {
    const before = Math.floor(snapshot.items / 10_000);
    addToSnapshot(snapshot, items);
    if (Math.floor(snapshot.items / 10_000) > before) progress?.(`  scanned ${snapshot.items.toLocaleString('en-NZ')} items`);
  }, options.segments);
  const bookings = [...snapshot.bookings.values()];
  const bookingsByStatus: Record<string, number> = {};
  for (const { booking } of bookings) bookingsByStatus[booking.status] = (bookingsByStatus[booking.status] ?? 0) + 1;

  const report: PassReport = {
    dryRun,
    startedAt: at,
    scanned: { items: snapshot.items, bookingsByStatus },
    bookings: { rewritten: 0, indexKeys: 0, items: noKindCounts(), leftovers: 0, changedDuringRun: 0 },
    customers: { firstConfirmedAt: 0, listed: 0, changedDuringRun: 0 },
    holds: { lapsed: 0, changedDuringRun: 0 },
    stats: { changes: [], outcome: 'unchanged' },
    days: { changes: [], written: 0, changedDuringRun: 0 },
    occupancy: { changes: [], months: 0, written: 0, changedDuringRun: 0 },
  };

  // Each booking's own items.
  const plans = planBookings(snapshot.bookings, snapshot.derived);
  await inParallel(plans, options.concurrency, async (plan) => {
    if (!dryRun && (await rewriteBookingItems(plan)) === 'changed') {
      report.bookings.changedDuringRun++;
      return;
    }
    report.bookings.rewritten++;
    if (plan.indexKeys) report.bookings.indexKeys++;
    if (!plan.listed) report.bookings.leftovers++;
    for (const [kind, n] of Object.entries(plan.counts) as [keyof KindCounts, { put: number; deleted: number }][]) {
      report.bookings.items[kind].put += n.put;
      report.bookings.items[kind].deleted += n.deleted;
    }
  });

  const recount = recountCounters(bookings.map((b) => b.booking), snapshot.customers);

  // Each customer's place in the customer list: a customer who has paid (or is given a first confirmation below) or
  // holds an account is listed at its name; one who has neither is not (customers.ts, isEstablishedCustomer). Before
  // the counters: setting firstConfirmedAt below changes no `updatedAt`, so the order does not matter to the conditions.
  await inParallel([...snapshot.customers], options.concurrency, async ([id, c]) => {
    const listed = !!c.firstConfirmedAt || c.hasAccount || recount.firstConfirmed.has(id);
    const want = listed ? customerListKeys({ id, name: c.name }) : null;
    if (want ? c.listed.gsi2pk === want.gsi2pk && c.listed.gsi2sk === want.gsi2sk : c.listed.gsi2pk === undefined && c.listed.gsi2sk === undefined) return;
    if (dryRun || (await setCustomerListKeys(id, want, c.seen))) report.customers.listed++;
    else report.customers.changedDuringRun++;
  });

  // Counters.
  for (const [customerId, firstAt] of recount.firstConfirmed) {
    if (dryRun || (await setFirstConfirmedAt(customerId, firstAt))) report.customers.firstConfirmedAt++;
  }
  const statsItem = recountedStatsItem(statsBefore, recount.stats, at);
  report.stats.changes = counterChanges(statsBefore, statsItem, isStatsCounter);
  const statsSeen = seenOf(statsBefore);
  let countersHold: boolean;
  if (dryRun) {
    countersHold = true;
    if (report.stats.changes.length > 0) report.stats.outcome = 'would write';
  } else if (report.stats.changes.length > 0) {
    countersHold = await putIfUnchanged(statsItem, statsSeen);
    report.stats.outcome = countersHold ? 'written' : 'changed during run';
  } else {
    // Nothing to write, but the day counters below are only right if no booking was counted since the read.
    countersHold = sameSeen(seenOf(await readItemNow(keys.stats())), statsSeen);
    if (!countersHold) report.stats.outcome = 'changed during run';
  }
  for (const write of recountedDayItems(snapshot.statsDays, recount.days, at)) {
    report.days.changes.push({ date: String(write.item.date), changes: write.changes });
    if (dryRun) report.days.written++;
    else if (countersHold && (await putIfUnchanged(write.item, write.seen))) report.days.written++;
    else report.days.changedDuringRun++;
  }

  // Occupancy.
  const { stays, lapsed } = occupancyStays(bookings, snapshot.sessions, Math.floor(now.getTime() / 1000));
  for (const s of lapsed) {
    if (dryRun || (await markHoldLapsed(s.booking.id, s.seen))) report.holds.lapsed++;
    else report.holds.changedDuringRun++;
  }
  for (const write of recountedOccupancy(monthsBefore as Item[], stays, at)) {
    report.occupancy.months++;
    report.occupancy.changes.push(...write.changes);
    if (dryRun || (await putIfUnchanged(write.item, write.seen))) report.occupancy.written++;
    else report.occupancy.changedDuringRun++;
  }
  return report;
}

export async function reindex(options: ReindexOptions = {}): Promise<ReindexReport> {
  const settings = {
    dryRun: options.dryRun ?? false,
    maxPasses: options.dryRun ? 1 : Math.max(1, options.maxPasses ?? 3),
    segments: options.segments ?? 4,
    concurrency: options.concurrency ?? 8,
    now: options.now ?? clock.now,
    progress: options.progress,
  };
  const passes: PassReport[] = [];
  do {
    settings.progress?.(`Pass ${passes.length + 1}${settings.dryRun ? ' (dry run: nothing is written)' : ''}: reading the counters, then scanning the table`);
    passes.push(await pass(settings));
  } while (changedDuring(passes[passes.length - 1]!) > 0 && passes.length < settings.maxPasses);
  return { passes, complete: changedDuring(passes[passes.length - 1]!) === 0 };
}
