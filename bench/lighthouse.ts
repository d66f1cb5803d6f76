/**
 * Lighthouse (the `lighthouse` npm package, default mobile config: simulated slow 4G and a 4x CPU
 * slowdown) on six public pages (`/`, `/faq`, `/blog`, an article, `/contact`, `/booking`) of the built site,
 * three runs each, printing the median run (by performance score) as a table, served by the local stack, in Debian's Chromium from
 * CHROME_PATH, started here with --headless=new --no-sandbox and stopped when done. Nothing leaves the
 * machine: the pages are on localhost, the throttling is simulated, and Chromium's background networking
 * is off. If Lighthouse cannot run, this prints why and the other sections still run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchModule } from './context';
import { CHROME_PATH } from './pages';
import { benchPassPath } from './pass-page';

/** `pass`: a paid booking's pass page (bench/pass-page.ts), which must load on a phone as fast as the public pages. */
const PATHS = ['/', '/faq', '/blog', '/articles/save-money-airport-parking', '/contact', '/booking', 'pass'];

/** BENCH_LIGHTHOUSE_PATHS=/,pass runs only those (each page is three runs of most of a minute on a busy machine). */
const chosenPaths = (): string[] => {
  const only = process.env.BENCH_LIGHTHOUSE_PATHS?.split(',').map((p) => p.trim()).filter(Boolean);
  return only?.length ? PATHS.filter((p) => only.includes(p)) : PATHS;
};
const RUNS = 3;
const RUN_TIMEOUT_MS = 180_000;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--remote-debugging-port=0',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--disable-domain-reliability',
  '--metrics-recording-only',
  '--mute-audio',
];

interface Chrome {
  port: number;
  stop(): Promise<void>;
}

/** Starts Chromium in its own process group with a temp profile; resolves once DevTools listens. */
function launchChrome(): Promise<Chrome> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'runway-lighthouse-'));
  const child: ChildProcess = spawn(CHROME_PATH, [...CHROME_FLAGS, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    const signal = (s: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, s);
      } catch {
        // already gone
      }
    };
    if (child.exitCode === null && child.signalCode === null) {
      signal('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);
      if (!killed) signal('SIGKILL');
    }
    rmSync(profile, { recursive: true, force: true });
  };
  return new Promise<Chrome>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not open DevTools within 30 s: ${stderr.slice(-500)}`)), 30_000);
    const fail = (e: Error) => {
      clearTimeout(timer);
      void stop().then(() => reject(e));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`Chromium exited (${code}) before DevTools opened: ${stderr.slice(-500)}`)));
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (m) {
        clearTimeout(timer);
        child.stderr!.resume();
        resolve({ port: Number(m[1]), stop });
      }
    });
  });
}

/** The parts of a Lighthouse result read here. */
interface LhrLike {
  categories: Record<string, { id: string; score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { score: number | null; numericValue?: number; details?: unknown } | undefined>;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
}

/** The run whose performance score is the median (runs vary with the machine's load). */
export function medianRun<T extends { categories: Record<string, { score: number | null } | undefined> }>(runs: T[]): T | undefined {
  const sorted = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const fmtMs = (v: number | undefined) => (v === undefined ? 'n/a' : `${Math.round(v)}`);

const lighthouseBench: BenchModule = {
  title: 'Lighthouse mobile (default config, simulated throttling; built site, Debian Chromium)',
  async run(ctx) {
    let chrome: Chrome | undefined;
    try {
      const stack = await ctx.stack();
      const { default: lighthouse } = await import('lighthouse');
      chrome = await launchChrome();
      const table: string[][] = [];
      const passPath = await benchPassPath(ctx);
      for (const chosen of chosenPaths()) {
        const p = chosen === 'pass' ? passPath : chosen;
        const label = chosen === 'pass' ? '/pass/<token>' : chosen;
        const runs: LhrLike[] = [];
        for (let i = 0; i < RUNS; i++) {
        const run = lighthouse(
          stack.url + p,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'mobile',
              throttlingMethod: 'simulate',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              disableFullPageScreenshot: true,
              maxWaitForLoad: 45_000,
            },
          },
        );
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no result within ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS);
        });
        const result = await Promise.race([run, timeout]).finally(() => clearTimeout(timer));
        if (result?.lhr) runs.push(result.lhr as unknown as LhrLike);
        }
        const lhr = medianRun(runs);
        if (!lhr) {
          console.log(`  ${label}: Lighthouse returned no result`);
          continue;
        }
        if (lhr.runtimeError) console.log(`  ${label}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        for (const w of lhr.runWarnings) console.log(`  ${label}: warning: ${w}`);
        const score = (id: string) => {
          const s = lhr.categories[id]?.score;
          return s === null || s === undefined ? 'n/a' : String(Math.round(s * 100));
        };
        const metric = (id: string) => lhr.audits[id]?.numericValue;
        table.push([label, score('performance'), score('accessibility'), fmtMs(metric('first-contentful-paint')), fmtMs(metric('largest-contentful-paint')), fmtMs(metric('total-blocking-time')), runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(' ')]);
        ctx.report(`${label} scores out of 100: performance / accessibility / best practices / SEO`, ['performance', 'accessibility', 'best-practices', 'seo'].map(score).join(' / '));
        ctx.report(`${label} FCP / LCP / TBT`, [metric('first-contentful-paint'), metric('largest-contentful-paint'), metric('total-blocking-time')].map(fmtMs).join(' / '), 'ms');
        const cls = metric('cumulative-layout-shift');
        ctx.report(`${label} CLS`, cls === undefined ? 'n/a' : cls.toFixed(3));
        const requests = ((lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)?.items ?? []).map((i) => i.url ?? '');
        const offMachine = requests.filter((u) => /^https?:/.test(u) && !u.startsWith(stack.url));
        ctx.report(`${label} requests (of which not to the local stack)`, `${requests.length} (${offMachine.length})`);
        if (offMachine.length) console.log(`  ${label} requests that left the machine: ${offMachine.join(', ')}`);
        const failed = Object.values(lhr.categories)
          .filter((c): c is NonNullable<typeof c> => c !== undefined && c.id !== 'performance')
          .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id));
        if (failed.length) console.log(`  ${label} audits not passed (a11y, best practices, SEO): ${[...new Set(failed)].join(', ')}`);
      }
      const head = ['page', 'perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', `perf of ${RUNS} runs`];
      const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
      console.log(`\n  Median of ${RUNS} runs (by performance score):`);
      for (const row of [head, ...table]) console.log(`  ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`);
    } catch (e) {
      console.log(`  Lighthouse could not run: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      await chrome?.stop();
    }
  },
};
export default lighthouseBench;
