import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './support/sequencer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The web app's `@shared/*` alias: the tests read the site's content modules.
const resolve = { alias: { '@shared': path.join(root, 'shared'), '@': path.join(root, 'web/src') } };

/**
 * Files that start a stack of their own (capacity.e2e.ts with its settings, the journeys with a clock they move:
 * support/journey.ts). That stack's handlers run in the worker and keep what they resolved in module state (the Stripe
 * client and its stand-in's address, settings read from the environment), so two such files sharing a module graph
 * would have the second one's handlers talk to the first one's stopped services. They run isolated, a fresh worker
 * each; every other file reaches the shared stack over HTTP only.
 */
const STARTS_OWN_STACK = /startTestStack\(|useJourneyStack\(/;
const files = readdirSync(path.join(root, 'tests/e2e'))
  .filter((f) => f.endsWith('.e2e.ts'))
  .map((f) => `tests/e2e/${f}`);
const ownStack = files.filter((f) => STARTS_OWN_STACK.test(readFileSync(path.join(root, f), 'utf8')));

const common = {
  globalSetup: ['tests/e2e/support/global-setup.ts'],
  // The longest flows take about 20 s on an idle 2-core machine; a busy one has been seen to take four times that.
  testTimeout: 180_000,
  hookTimeout: 180_000,
};

/** Browser tests: Playwright (playwright-core) driving Debian's Chromium against the built SPA. */
export default defineConfig({
  root,
  resolve,
  test: {
    // One browser per worker; two workers suit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    // Longest files first, so that both workers end at about the same time (support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve,
        test: {
          ...common,
          name: 'e2e',
          include: files.filter((f) => !ownStack.includes(f)),
          // Files in one worker share what they import (playwright-core, axe-core, the site's content): parsing them
          // afresh for each of about 24 files cost about 48 s of import time. Each file still launches its own browser.
          isolate: false,
        },
      },
      { resolve, test: { ...common, name: 'e2e-own-stack', include: ownStack, isolate: true } },
    ],
  },
});
