/**
 * Stopping the local stack must end: the test runner awaits its global teardown with no time limit of its own, so a
 * server waiting on one open connection (or a job awaiting a reply that never comes) would hold a CI run until it is
 * killed. Each part gets a deadline; a part that overruns is named in the log and left behind, and the rest stop.
 */
export async function stopWithin(label: string, ms: number, work: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<'overran'>((resolve) => {
    timer = setTimeout(() => resolve('overran'), ms);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([work().then(() => 'stopped' as const), overran]);
    if (outcome === 'overran') console.error(JSON.stringify({ level: 'WARN', message: 'Local stack: a part did not stop in time; going on without it', part: label, ms }));
  } catch (error) {
    console.error(JSON.stringify({ level: 'WARN', message: 'Local stack: a part failed to stop', part: label, error: String(error) }));
  } finally {
    clearTimeout(timer);
  }
}
