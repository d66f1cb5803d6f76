/** The re-index's report as lines for the operator: counts per kind, then the counters before -> after (drift). */
import type { PassReport, ReindexReport } from './reindex';
import type { CounterChange } from './reindex-counters';

const n = (v: number) => v.toLocaleString('en-NZ');
/** "1 booking", "2 bookings". */
const count = (v: number, word: string) => `${n(v)} ${word}${v === 1 ? '' : 's'}`;
const change = (c: CounterChange) => `${c.name} ${n(c.before)} -> ${n(c.after)}`;

function capped(lines: string[], limit: number): string[] {
  return lines.length <= limit ? lines : [...lines.slice(0, limit), `      ... and ${n(lines.length - limit)} more`];
}

function passLines(p: PassReport, detailLimit: number): string[] {
  const done = p.dryRun ? 'would be written' : 'written';
  const statuses = Object.entries(p.scanned.bookingsByStatus)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([status, count]) => `${status} ${n(count)}`)
    .join(', ');
  const bookingCount = Object.values(p.scanned.bookingsByStatus).reduce((a, b) => a + b, 0);
  const kind = (label: string, k: { put: number; deleted: number }) => `    ${label.padEnd(20)}${n(k.put)} put, ${n(k.deleted)} deleted`;
  const lines = [
    `  Scanned ${count(p.scanned.items, 'item')}: ${count(bookingCount, 'booking')}${statuses ? ` (${statuses})` : ''}`,
    `  Bookings whose items ${p.dryRun ? 'would change' : 'changed'}: ${n(p.bookings.rewritten)}`,
    `    ${'index keys'.padEnd(20)}${count(p.bookings.indexKeys, 'booking')}`,
    kind('day-sheet entries', p.bookings.items.dayEntry),
    kind('search tokens', p.bookings.items.searchToken),
    kind('bay entries', p.bookings.items.bayEntry),
    kind('payment intents', p.bookings.items.paymentIntent),
    `    ${'leftovers'.padEnd(20)}of ${count(p.bookings.leftovers, 'booking')} gone or never paid`,
  ];
  if (p.bookings.changedDuringRun > 0) lines.push(`    changed during the run, left alone: ${count(p.bookings.changedDuringRun, 'booking')}`);
  lines.push(`  Customers given their first confirmation time: ${n(p.customers.firstConfirmedAt)}`);
  lines.push(`  Customers put in the customer list: ${n(p.customers.listed)}${p.customers.changedDuringRun ? `, ${n(p.customers.changedDuringRun)} changed during the run` : ''}`);
  lines.push(`  Pending bookings whose checkout expired (hold lapsed): ${n(p.holds.lapsed)}${p.holds.changedDuringRun ? `, ${n(p.holds.changedDuringRun)} changed during the run` : ''}`);

  const stats = { unchanged: 'unchanged', written: 'written', 'would write': 'would be written', 'changed during run': 'changed during the run, not written' }[p.stats.outcome];
  lines.push(`  STATS/BOOKINGS: ${stats}`, ...p.stats.changes.map((c) => `      ${change(c)}`));

  lines.push(`  STATS/DAY#<date>: ${count(p.days.changes.length, 'day')} differ, ${n(p.days.written)} ${done}${p.days.changedDuringRun ? `, ${n(p.days.changedDuringRun)} changed during the run` : ''}`);
  lines.push(...capped(p.days.changes.map((d) => `      ${d.date}  ${d.changes.map(change).join(', ')}`), detailLimit));

  lines.push(
    `  Occupancy: ${count(p.occupancy.months, 'month')} differ (${count(p.occupancy.changes.length, 'date')}), ${n(p.occupancy.written)} ${done}${p.occupancy.changedDuringRun ? `, ${n(p.occupancy.changedDuringRun)} changed during the run` : ''}`,
  );
  lines.push(
    ...capped(
      p.occupancy.changes.map((c) => `      ${c.date}  taken ${n(c.before.taken)} -> ${n(c.after.taken)}, held ${n(c.before.held)} -> ${n(c.after.held)}`),
      detailLimit,
    ),
  );
  return lines;
}

export function reportLines(report: ReindexReport, detailLimit = 40): string[] {
  const lines = report.passes.flatMap((p, i) => [`Pass ${i + 1}${p.dryRun ? ' (dry run: nothing was written)' : ''}, ${p.startedAt}:`, ...passLines(p, detailLimit)]);
  if (!report.complete) {
    lines.push('Live bookings changed some of what this run read, and those writes were left alone. Run it again in a quieter moment.');
  } else if (report.passes.every((p) => p.dryRun)) {
    lines.push('Dry run: nothing was written. Run without --dry-run to make these changes.');
  }
  return lines;
}
