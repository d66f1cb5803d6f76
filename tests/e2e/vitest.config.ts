import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './support/sequencer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Browser tests: Playwright (playwright-core) driving Debian's Chromium against the built SPA. */
export default defineConfig({
  root,
  // The web app's `@shared/*` alias: the tests read the site's content modules.
  resolve: { alias: { '@shared': path.join(root, 'shared'), '@': path.join(root, 'web/src') } },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // The longest flows take about 20 s on an idle 2-core machine; a busy one has been seen to take four times that.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One browser per worker; two workers suit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    // Files in one worker share what they import (playwright-core, axe-core, the site's content): parsing them afresh
    // for each of about 24 files cost about 48 s of import time. Each file still launches its own browser. The one file
    // that starts a stack of its own (capacity.e2e.ts) points this worker's environment at it; the other files reach the
    // shared stack only through inject(), never through that environment.
    isolate: false,
    // Longest files first, so that both workers end at about the same time (support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
