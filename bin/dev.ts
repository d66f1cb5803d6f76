/**
 * `npm start`: the whole product locally on embedded defaults, data under .data/.
 * `npm run dev` (--hot): the same with Vite hot reload instead of the built SPA.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { startLocalStack } from '../local/server';
import { clockStart } from '../local/clock';
import { DEFAULT_CAPACITY } from '../shared/capacity';
import { environmentCapacity } from '../functions/store/yard-settings';
import { projectRoot } from '../project-paths';

const hot = process.argv.includes('--hot');
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.join(projectRoot, '.data');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the SPA when there is no build or a source is newer than it. */
function ensureBuilt(): void {
  const index = path.join(projectRoot, 'web/dist/index.html');
  const sources = Math.max(newestMtime(path.join(projectRoot, 'web')), newestMtime(path.join(projectRoot, 'shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app...');
  execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
}

/** The capacity line of the start-up banner; a YARD_CAPACITY that is not a whole number stops the start. */
function capacityLine(): string {
  const fixed = environmentCapacity();
  return fixed === null
    ? `as set on the admin dashboard (default ${DEFAULT_CAPACITY}); YARD_CAPACITY=N npm start fixes it for a run`
    : `${fixed} places (YARD_CAPACITY)`;
}

/** The clock line of the start-up banner. */
function clockLine(clockAt: Date | null): string {
  const nz = (d: Date) => d.toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland', dateStyle: 'medium', timeStyle: 'short' });
  return clockAt
    ? `started at ${clockAt.toISOString()} (${nz(clockAt)} NZ time, CLOCK) and running on`
    : 'real time; CLOCK=2026-12-24T08:00+13:00 npm start starts elsewhere';
}

async function main(): Promise<void> {
  const capacity = capacityLine();
  // A CLOCK that is not an instant stops the start here, with the reason.
  const clockAt = clockStart(process.env.CLOCK);
  if (!hot) ensureBuilt();
  const started = Date.now();
  const stack = await startLocalStack({ port, dataDir, spa: hot ? 'vite' : 'dist', warmHandlers: true, ...(clockAt ? { clockAt } : {}) });
  const admin = stack.admin;
  console.log(`
  Runway Parking is running at ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

  Data:            ${dataDir}
  Sign in as admin: ${admin?.email ?? '-'}  (password in ${admin ? path.relative(projectRoot, admin.file) : '-'}${admin?.created ? ', created just now' : ''})
                   Grant another account: npm run admin -- grant EMAIL
  Yard capacity:   ${capacity}
  Clock:           ${clockLine(clockAt)}
                   Move it: POST ${stack.url}/_local/clock {"advance": "26h"} (README, "Walk a trip in minutes")
  Press Ctrl-C to stop.
`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
