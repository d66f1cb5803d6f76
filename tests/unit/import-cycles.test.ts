/** No import circles anywhere in the project's code (docs/architecture.md, "Layers"). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../support/import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('imports', () => {
  it('form no circle', () => {
    expect(importCycles(importGraph(root))).toEqual([]);
  });

  it('the check finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
