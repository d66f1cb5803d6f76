import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The web app's `@shared/*` and `@/*` import aliases (tsconfig.json `paths`, web/vite.config.ts), for tests that load web modules. */
const here = path.dirname(fileURLToPath(import.meta.url));
const resolve = { alias: { '@shared': path.resolve(here, 'shared'), '@': path.resolve(here, 'web/src') } };

/**
 * Under `npm run mutation` (StrykerJS sets STRYKER_MUTATOR_WORKER in its test-runner processes) a reporter switches
 * mutants on and records coverage in the handlers the global set-up runs in this process (tests/support/stryker-bridge.ts).
 */
/**
 * Test files that change what the process shares: mock a module, stub the environment, globals or timers, pick a DOM
 * environment, or start a stack of their own with settings (which go into process.env). They run isolated, a fresh
 * module graph each; every other file shares one per worker (isolate: false), which saves re-importing the handlers,
 * the AWS SDK and zod for each file: measured on 2 cores, the unit files took 104 CPU-seconds isolated and 42 shared,
 * the integration files that can share 230 and 160.
 */
const CHANGES_SHARED_STATE = /vi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\b|process\.env\.\w+ *=[^=]|process\.env\[[^\]]+\] *=[^=]|Object\.assign\(process\.env|delete process\.env|@vitest-environment|startTestStack\(|ownStackWithUsers\(/;
function splitByIsolation(dir: string): { isolated: string[]; shared: string[] } {
  const files = readdirSync(path.join(here, dir))
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `${dir}/${f}`);
  const isolated = files.filter((f) => CHANGES_SHARED_STATE.test(readFileSync(path.join(here, f), 'utf8')));
  return { isolated, shared: files.filter((f) => !isolated.includes(f)) };
}
const unitFiles = splitByIsolation('tests/unit');
const integrationFiles = splitByIsolation('tests/integration');

const underStryker = process.env.STRYKER_MUTATOR_WORKER !== undefined;

/**
 * `npm test`: unit and property tests (pure rules), integration tests (handlers through the local
 * gateway against the emulators, started once by the global set-up), and CDK assertion tests.
 * Browser tests have their own config (tests/e2e) and run with `npm run test:e2e`.
 */
export default defineConfig({
  test: {
    ...(underStryker ? { reporters: ['default', './tests/support/stryker-bridge.ts'] } : {}),
    // Vitest's default on 2 cores is one file at a time; the integration files mostly wait on the local stack (in
    // this process) and DynamoDB Local, so two at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      // Property tests sweep three years of NZ dates; on a busy 2-core CI machine that can pass 5 s.
      { resolve, test: { name: 'unit', include: unitFiles.shared, isolate: false, environment: 'node', testTimeout: 30_000 } },
      { resolve, test: { name: 'unit-isolated', include: unitFiles.isolated, environment: 'node', testTimeout: 30_000 } },
      {
        resolve,
        test: {
          name: 'integration',
          include: integrationFiles.shared,
          isolate: false,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'integration-isolated',
          include: integrationFiles.isolated,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          // One process for every infra file, so each configuration is synthesized once and its bundles are reused
          // by the next (tests/infra/support/synth.ts). The first synth bundles about 35 handlers: minutes on a
          // busy 2-core machine.
          globalSetup: ['tests/infra/support/global-setup.ts'],
          isolate: false,
          fileParallelism: false,
          // One file at a time, so a group of its own (after the others).
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 1_200_000,
        },
      },
    ],
  },
});
