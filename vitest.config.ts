import { defineConfig } from 'vitest/config';

/**
 * `npm test`: unit and property tests (pure rules), integration tests (handlers through the local
 * gateway against the emulators, started once by the global set-up), and CDK assertion tests.
 * Browser tests have their own config (tests/e2e) and run with `npm run test:e2e`.
 */
export default defineConfig({
  test: {
    projects: [
      // Property tests sweep three years of NZ dates; on a busy 2-core CI machine that can pass 5 s.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'infra', include: ['tests/infra/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 180_000 } },
    ],
  },
});
