/** Latency of POST /api/quotes through the local gateway (the handler Lambda runs), 1,000 requests. */
import { addDays, nzToday } from '../shared/nz-time';
import { percentile, type BenchModule } from './context';

const REQUESTS = 1000;
const CONCURRENCY = 8;

const quotes: BenchModule = {
  title: 'POST /api/quotes on the local stack',
  async run(ctx) {
    const { url } = await ctx.stack();
    const body = JSON.stringify({ dropOffDate: addDays(nzToday(new Date()), 3), dropOffTime: '09:00', pickUpDate: addDays(nzToday(new Date()), 10), pickUpTime: '11:00', carWash: true });
    const call = () => fetch(`${url}/api/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.text());
    for (let i = 0; i < 50; i++) await call(); // warm-up: module load and JIT
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          next++;
          const t = performance.now();
          await call();
          times.push(performance.now() - t);
        }
      }),
    );
    const wall = performance.now() - started;
    times.sort((a, b) => a - b);
    ctx.report(`requests (concurrency ${CONCURRENCY})`, times.length);
    ctx.report('p50', percentile(times, 50).toFixed(2), 'ms');
    ctx.report('p95', percentile(times, 95).toFixed(2), 'ms');
    ctx.report('throughput', ((times.length / wall) * 1000).toFixed(0), 'req/s');
  },
};
export default quotes;
