/** What every benchmark module gets: the project root, a built SPA and one local stack, each made once. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../project-paths';
import { startLocalStack, type LocalStack } from '../local/server';

export interface BenchContext {
  root: string;
  /** Builds web/dist once. */
  buildWeb(): void;
  /** Starts the local stack once (SPA served from web/dist, data in a temp folder). */
  stack(): Promise<LocalStack>;
  /** Prints one figure: a name, a value and its unit. */
  report(name: string, value: number | string, unit?: string): void;
}

export interface BenchModule {
  title: string;
  run(ctx: BenchContext): Promise<void>;
}

export function createContext(): BenchContext & { close(): Promise<void> } {
  let built = false;
  let stack: Promise<LocalStack> | undefined;
  let dataDir: string | undefined;
  return {
    root: projectRoot,
    buildWeb() {
      if (built) return;
      execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
        cwd: projectRoot,
        stdio: 'inherit',
      });
      built = true;
    },
    stack() {
      stack ??= (async () => {
        this.buildWeb();
        dataDir = mkdtempSync(path.join(os.tmpdir(), 'runway-bench-'));
        return startLocalStack({ port: 0, dataDir, inMemoryTable: true, spa: 'dist', createAdmin: false, warmHandlers: true });
      })();
      return stack;
    },
    report(name, value, unit = '') {
      console.log(`  ${name.padEnd(58)} ${String(value).padStart(12)} ${unit}`);
    },
    async close() {
      if (stack) await (await stack).stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { percentile } from './percentile';

/** Calls `call` `warmUp` times unmeasured, then `count` times one after another; the times in ms, sorted. */
export async function timeCalls(call: () => Promise<void>, count: number, warmUp: number): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}
