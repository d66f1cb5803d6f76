import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Browser tests: Playwright (playwright-core) driving Debian's Chromium against the built SPA. */
export default defineConfig({
  root,
  // The web app's `@shared/*` alias: the tests read the site's content modules.
  resolve: { alias: { '@shared': path.join(root, 'shared') } },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // One browser per worker; two workers suit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
