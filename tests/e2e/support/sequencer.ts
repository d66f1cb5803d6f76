/**
 * The order the browser test files start in: longest first, so that the two workers finish together. Vitest's own
 * order on a fresh clone (no timings cached yet) is by file size, which started the 140 s a11y file (a short file) among
 * the last and left one worker running it alone while the other idled.
 *
 * The seconds are a fresh-clone run's per-file times (2 cores, two workers); a file not listed (a new one) is placed by
 * its size, at about one second per 170 bytes (the whole suite: 223 kB in about 1,300 worker-seconds). Keep the big ones roughly
 * right; the order only needs to be longest-first, not exact.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const MEASURED_SECONDS: Record<string, number> = {
  'admin-dashboard.e2e.ts': 160,
  // Measured before the information pages' axe checks moved from a11y into public-pages (one visit a page): about
  // 90 s of a11y's time went with them.
  'public-pages.e2e.ts': 190,
  'a11y.e2e.ts': 50,
  'payment.e2e.ts': 81,
  'account-a11y.e2e.ts': 75,
  'accounts.e2e.ts': 58,
  'admin-yard.e2e.ts': 45,
  'photos.e2e.ts': 42,
  'admin-occupancy.e2e.ts': 41,
  'payment-failure.e2e.ts': 39,
};

const BYTES_PER_SECOND = 170;

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
