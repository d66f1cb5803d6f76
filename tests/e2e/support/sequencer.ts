/**
 * The order the browser test files start in: longest first, so that the two workers finish together. Vitest's own
 * order on a fresh clone (no timings cached yet) is by file size, which started the 140 s a11y file (a short file) among
 * the last and left one worker running it alone while the other idled.
 *
 * The seconds are per-file times of a whole run on an idle 2-core machine (two workers); a file not listed (a new one) is placed by
 * its size, at about one second per 380 bytes (the whole suite: 256 kB in about 680 worker-seconds). Keep the big ones roughly
 * right; the order only needs to be longest-first, not exact.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const MEASURED_SECONDS: Record<string, number> = {
  // A fresh-clone CI run on an idle 2-core machine, two workers, axe run in the page (2026-11-26, night).
  'admin-dashboard.e2e.ts': 91,
  'public-pages.e2e.ts': 50,
  'accounts.e2e.ts': 48,
  'payment.e2e.ts': 41,
  'photos.e2e.ts': 31,
  'booking-pass.e2e.ts': 28,
  'new-booking.e2e.ts': 27,
  'admin-yard.e2e.ts': 26,
  'account-a11y.e2e.ts': 25,
  'public-contact.e2e.ts': 23,
  'payment-failure.e2e.ts': 22,
  'admin-occupancy.e2e.ts': 21,
  'pay-twice.e2e.ts': 19,
  'pickup-queue.e2e.ts': 16,
  // The journeys, each alone on a busy 2-core machine (2026-12-02), with a stack of its own to start.
  'journey-trip.e2e.ts': 55,
  'journey-changes.e2e.ts': 30,
  'journey-same-day.e2e.ts': 28,
  'journey-late-pick-up.e2e.ts': 25,
  'journey-walk-in.e2e.ts': 22,
};

const BYTES_PER_SECOND = 380;

export function expectedSeconds(file: string): number {
  const known = MEASURED_SECONDS[path.basename(file)];
  if (known !== undefined) return known;
  try {
    return statSync(file).size / BYTES_PER_SECOND;
  } catch {
    return 0;
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => expectedSeconds(b.moduleId) - expectedSeconds(a.moduleId));
  }
}
