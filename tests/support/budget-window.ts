/**
 * Request budgets count in fixed windows aligned to the clock (an hour, 10 minutes; docs/security.md, "Limits").
 * A test that spends a whole budget and expects the next request refused is wrong when a window edge passes
 * while it runs: the requests after the edge spend a fresh budget. So the test runs once, and only when it
 * failed and an edge passed meanwhile does it run again, from just after that edge, with the window's whole length
 * ahead of it. A failure inside one window is a real failure and is thrown as it is.
 *
 * The body must bring its own budget holders (a new address, e-mail or account) so the second run starts empty.
 * Every request of the run is sent after `started` is read and answered before the end is read, so the server's
 * clock (the same machine's) read each of them inside that span.
 */
export async function inOneBudgetWindow<T>(windowSeconds: number, body: () => Promise<T>): Promise<T> {
  const windowOf = () => Math.floor(Date.now() / 1000 / windowSeconds);
  const started = windowOf();
  try {
    return await body();
  } catch (error) {
    if (windowOf() === started) throw error;
    return body();
  }
}
