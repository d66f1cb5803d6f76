/**
 * The money path on the local stack with the offline Stripe stand-in:
 * - Pay to confirmed booking: pressing Pay on the hosted page until its redirect (the stand-in delivers
 *   the signed webhook and waits for it, so the booking is confirmed by then), and until the success
 *   page's GET /api/checkout/{id} answers with the booking;
 * - webhook handling, p50/p95 over 200 deliveries that each confirm a booking, and over 200 duplicate
 *   deliveries of already-handled events (timed by the stand-in around its POST to the webhook route).
 */
import { logger } from '../functions/lib/logger';
import { addDays, nzToday } from '../shared/nz-time';
import { percentile, type BenchContext, type BenchModule } from './context';

const PAY_RUNS = 30;
const DELIVERIES = 200;
const CONCURRENCY = 4;

interface Delivery {
  status: number;
  durationMs: number;
}

async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

const payments: BenchModule = {
  title: 'Payments: Pay to confirmed booking, webhook handling (local stack, Stripe stand-in)',
  async run(ctx) {
    const { url } = await ctx.stack();
    // Hundreds of bookings would print a 'Booking confirmed' line each; keep warnings and errors only.
    const level = logger.getLevelName();
    logger.setLogLevel('WARN');
    try {
      await measure(ctx, url);
    } finally {
      logger.setLogLevel(level);
    }
  },
};
export default payments;

async function measure(ctx: BenchContext, url: string): Promise<void> {
  const run = Date.now().toString(36);
  const post = async <T>(path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
  };
  const startCheckout = async (i: number) => {
    const res = await post<{ sessionId: string }>('/api/checkout', {
      quote: { dropOffDate: addDays(nzToday(new Date()), 3), dropOffTime: '09:00', pickUpDate: addDays(nzToday(new Date()), 10), pickUpTime: '11:00', carWash: i % 2 === 0 },
      customer: { firstName: 'Bench', lastName: `Customer ${i}`, email: `bench-${run}-${i}@example.com`, contactNumber: `09 ${2_000_000 + i}`, carRegistration: `BEN${i % 1000}` },
      paymentType: i % 3 === 0 ? 'deposit' : 'full',
    });
    if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.sessionId;
  };
  const stats = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    ctx.report(`${name} p50`, percentile(sorted, 50).toFixed(1), 'ms');
    ctx.report(`${name} p95`, percentile(sorted, 95).toFixed(1), 'ms');
  };

  // Warm-up: load the handler modules and the SDK once.
  for (let i = 0; i < 3; i++) {
    const id = await startCheckout(10_000 + i);
    await fetch(`${url}/_local/stripe/checkout/${id}/pay`, { method: 'POST', redirect: 'manual' });
    await fetch(`${url}/api/checkout/${id}`);
  }

  const toRedirect: number[] = [];
  const toSuccessPage: number[] = [];
  for (let i = 0; i < PAY_RUNS; i++) {
    const id = await startCheckout(i);
    const t = performance.now();
    const paid = await fetch(`${url}/_local/stripe/checkout/${id}/pay`, { method: 'POST', redirect: 'manual' });
    toRedirect.push(performance.now() - t);
    if (paid.status !== 303) throw new Error(`Pay answered ${paid.status}`);
    const page = await fetch(`${url}/api/checkout/${id}`);
    toSuccessPage.push(performance.now() - t);
    const body = (await page.json()) as { status?: string };
    if (page.status !== 200 || body.status !== 'reservation') throw new Error(`success page answered ${page.status}`);
  }
  ctx.report('Pay to confirmed booking, runs', PAY_RUNS);
  stats('Pay -> redirect (webhook confirmed)', toRedirect);
  stats('Pay -> success page shows the booking', toSuccessPage);

  const sessionIds = await inParallel(DELIVERIES, CONCURRENCY, (i) => startCheckout(1000 + i));
  const eventIds = await inParallel(DELIVERIES, CONCURRENCY, async (i) => (await post<{ eventId: string }>(`/_local/stripe/sessions/${sessionIds[i]}/pay`)).body.eventId);
  const deliver = (id: string) => post<Delivery>(`/_local/stripe/events/${id}/deliver`).then((r) => r.body);
  const first = await inParallel(DELIVERIES, CONCURRENCY, (i) => deliver(eventIds[i]!));
  const again = await inParallel(DELIVERIES, CONCURRENCY, (i) => deliver(eventIds[i]!));
  const failed = [...first, ...again].filter((d) => d.status !== 200).length;
  ctx.report(`webhook deliveries (concurrency ${CONCURRENCY}), non-200`, `${DELIVERIES * 2}, ${failed}`);
  stats('webhook, confirming delivery', first.map((d) => d.durationMs));
  stats('webhook, duplicate delivery', again.map((d) => d.durationMs));
}
