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
      { resolve, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', testTimeout: 30_000 } },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
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
