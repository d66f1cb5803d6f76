/**
 * The integration run's last word on money: once every integration file has run on the shared stack, the real
 * reconcile (the daily job's check, functions/use-cases/booking/reconcile.ts) runs over its table and its Stripe
 * stand-in and must find nothing. Every payment, refund, balance and cancellation the files made must leave books
 * that agree with Stripe and with themselves; a file that breaks them on purpose does so on a stack of its own, or
 * puts them right before it ends. Run only a few files and it checks what those made.
 *
 * It runs in the process whose handlers the stack runs (the global set-up's), so reconcile reads the same table,
 * stand-in and clock as the stack. Vitest reports an error a global teardown throws but still exits 0, so the failure
 * travels in the exit code: `process.exitCode = 1`, with each difference printed.
 */

/** Where the check's lines go: the run's output unless a test collects them. */
export type CheckOutput = (line: string) => void;

/**
 * Reconciles the stack this process points at (its TABLE_NAME, DynamoDB and Stripe stand-in) and answers whether its
 * books agree. On any difference, or when reconcile cannot run at all (a fault left on at the stand-in), it prints
 * why, one line per difference (reference, rule, detail), and sets `process.exitCode = 1`.
 */
export async function booksAgreeAfterTheSuite(out: CheckOutput = (line) => console.error(line)): Promise<boolean> {
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const { reconcileBookings } = await import('../../functions/use-cases/booking/reconcile');
  let report: Awaited<ReturnType<typeof reconcileBookings>>;
  try {
    report = await reconcileBookings();
  } catch (error) {
    out(`FAILED: reconcile could not run over the integration stack after its files: ${(error as Error).message ?? String(error)}`);
    process.exitCode = 1;
    return false;
  }
  if (report.differences.length === 0) {
    out(`Reconcile after the integration files: ${report.checked} bookings checked, 0 differences (${took()})`);
    return true;
  }
  out(`FAILED: reconcile found ${report.differences.length} difference${report.differences.length === 1 ? '' : 's'} in ${report.checked} bookings after the integration files (${took()}):`);
  for (const d of report.differences) out(`  ${d.reference}: [${d.rule}] ${d.detail}`);
  process.exitCode = 1;
  return false;
}
