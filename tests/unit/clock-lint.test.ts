/**
 * "Now" comes from the clock modules only: lint refuses Date.now() and an argument-less new Date() in functions/,
 * shared/, local/ and the web app (eslint.config.js, CLOCK_RULES), and lets the clock modules themselves, dates made
 * from a value, and durations on performance.now() through.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function clockErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && /Read the time from the clock/.test(m.message)).map((m) => m.message);
}

const reads = ['export const t = Date.now();', 'export const d = new Date();', 'export const d = new Date;', 'export const f = Date.now;', 'export const s = new Date().toISOString();'];
const where = ['functions/use-cases/booking/example.ts', 'functions/lib/example.ts', 'functions/store/example.ts', 'shared/example.ts', 'local/example.ts', 'web/src/features/booking/example.ts', 'web/src/ui/Example.tsx'];

describe('the clock lint rule', () => {
  for (const file of where) {
    it(`refuses the real clock in ${file}`, async () => {
      for (const source of reads) expect(await clockErrors(file, source), source).toHaveLength(1);
    });
  }

  it('names the clock modules in its message', async () => {
    const [message] = await clockErrors('functions/example.ts', 'export const t = Date.now();');
    expect(message).toContain('functions/lib/clock.ts');
    expect(message).toContain('web/src/lib/clock.ts');
  });

  it('lets the clock modules read the real clock, and everyone make dates from values and time durations', async () => {
    for (const file of ['functions/lib/clock.ts', 'local/clock.ts', 'web/src/lib/clock.ts']) expect(await clockErrors(file, 'export const t = Date.now();'), file).toEqual([]);
    for (const source of ["export const d = new Date('2026-12-24T08:00+13:00');", 'export const d = new Date(0);', 'export const t = performance.now();', "export const t = Date.parse('2026-12-24');", 'export const u = Date.UTC(2026, 11, 24);']) {
      expect(await clockErrors('functions/lib/example.ts', source), source).toEqual([]);
    }
  });

  it('keeps the zod rule beside it', async () => {
    const [result] = await eslint.lintText("import { z } from 'zod';\nexport const s = z.string();\n", { filePath: path.join(root, 'functions/lib/example.ts') });
    expect(result!.messages.map((m) => m.message).join('\n')).toMatch(/import \* as z from 'zod'/);
  });
});
