/**
 * A burst of checkouts for the yard's last 2 places (50 at once, then 20), as a tester's burst found them: on the
 * local stack, whose one DynamoDB Local serves every write, the slow path is every checkout doing a winner's work.
 * Prints, per burst, the answers by status (201, 409 full, 429 or 503 with Retry-After, anything else) and the
 * answer times' percentiles against the checkout function's time limit. Runs in a process of its own
 * (checkout-burst-worker.ts). `BENCH_BURST_SIZES=50,20` sets the bursts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { routes } from '../functions/routes';
import type { BurstAnswer, BurstResult } from './checkout-burst-worker';
import { percentile, type BenchModule } from './context';

function runWorker(root: string): Promise<BurstResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(root, 'bench/checkout-burst-worker.ts')], {
      cwd: root,
      // A yard of 2 places; warnings (each refused start logs one) and info lines off.
      env: { ...process.env, YARD_CAPACITY: '2', LOG_LEVEL: 'ERROR' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the burst's process exited with ${code}`));
      resolve(
        out
          .split('\n')
          .filter((l) => l.startsWith('{"size"'))
          .map((l) => JSON.parse(l) as BurstResult),
      );
    });
  });
}

const checkoutBurst: BenchModule = {
  title: 'Checkout burst: many checkouts at once for the last 2 places (local stack)',
  async run(ctx) {
    const limitMs = (routes.find((r) => r.method === 'POST' && r.path === '/api/checkout')?.timeoutSeconds ?? 10) * 1000;
    for (const { size, answers, dynamoCalls, sessionsOpened } of await runWorker(ctx.root)) {
      const count = (test: (a: BurstAnswer) => boolean) => answers.filter(test).length;
      const told = (a: BurstAnswer) => a.retryAfter !== null && Number(a.retryAfter) > 0;
      ctx.report(`burst of ${size}: 201 created`, count((a) => a.status === 201));
      ctx.report(`burst of ${size}: 409 (full)`, count((a) => a.status === 409));
      ctx.report(`burst of ${size}: 429 with Retry-After (try again)`, count((a) => a.status === 429 && told(a)));
      ctx.report(`burst of ${size}: 503 with Retry-After (try again)`, count((a) => a.status === 503 && told(a)));
      ctx.report(`burst of ${size}: any other answer`, count((a) => ![201, 409].includes(a.status) && !((a.status === 429 || a.status === 503) && told(a))));
      const times = answers.map((a) => a.ms).sort((a, b) => a - b);
      for (const p of [50, 90, 99]) ctx.report(`burst of ${size}: answer time p${p}`, percentile(times, p).toFixed(0), 'ms');
      ctx.report(`burst of ${size}: slowest answer`, times[times.length - 1]!.toFixed(0), 'ms');
      ctx.report(`burst of ${size}: answers over the ${limitMs / 1000} s time limit`, count((a) => a.ms > limitMs));
      // What the burst asked of the one DynamoDB Local and of Stripe: the same on any machine, unlike the times.
      const total = Object.values(dynamoCalls).reduce((a, b) => a + b, 0);
      ctx.report(`burst of ${size}: DynamoDB requests`, `${total} (${Object.entries(dynamoCalls).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k.replace(/Command$/, '')} ${v}`).join(', ')})`);
      ctx.report(`burst of ${size}: Stripe sessions opened`, sessionsOpened);
    }
  },
};
export default checkoutBurst;
