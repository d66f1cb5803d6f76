/**
 * A parking bay of a test's own. The yard numbers its bays 1 to its capacity (300 on the test stacks) and every
 * booking on a stack shares them, so two test files picking the same bay for overlapping stays would clash. Each bay
 * handed out here is claimed by creating a file in the stack's data folder (exclusive create), so every process using
 * that stack gets a different one. They start at 101: the yard's own suggestions (and tests that take them) start at 1.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function testBay(dataDir: string): string {
  const dir = path.join(dataDir, 'test-bays');
  mkdirSync(dir, { recursive: true });
  for (let n = 101; n <= 300; n++) {
    try {
      writeFileSync(path.join(dir, String(n)), '', { flag: 'wx' });
      return String(n);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error('Every test bay (101 to 300) of this stack is taken');
}
