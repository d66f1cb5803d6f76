/**
 * Amounts are written as text by shared/money.ts only: lint refuses `.toFixed(2)`, and toLocaleString or
 * Intl.NumberFormat with money options, in functions/, shared/, local/ and the web app (eslint.config.js, MONEY_RULES),
 * and lets the money module itself and other numbers (a photo's "2.5 MB", a count with separators) through.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function messages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}
const moneyErrors = async (file: string, source: string) => (await messages(file, source)).filter((m) => m.includes('shared/money.ts'));

const strays = [
  'export const money = (n: number) => `$${n.toFixed(2)}`;',
  'export const cell = (cents: number) => (cents / 100).toFixed(2);',
  "export const money = (n: number) => n.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 });",
  "export const money = (n: number) => new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' }).format(n);",
  "export const money = (n: number) => Intl.NumberFormat('en-NZ', { minimumFractionDigits: 2 }).format(n);",
];
const where = [
  'functions/use-cases/admin/example.ts',
  'functions/lib/example.ts',
  'functions/lib/clock.ts',
  'shared/example.ts',
  'local/example.ts',
  'web/src/features/admin/format.ts',
  'web/src/features/pass/components/Example.tsx',
  'web/src/ui/Example.tsx',
];

describe('the money lint rule', () => {
  for (const file of where) {
    it(`refuses a local money formatter in ${file}`, async () => {
      for (const source of strays) expect(await moneyErrors(file, source), source).toHaveLength(1);
    });
  }

  it('points to the formatter module and names its functions', async () => {
    const [message] = await moneyErrors('web/src/ui/Example.tsx', 'export const m = (n: number) => n.toFixed(2);');
    for (const name of ['shared/money.ts', 'formatMoney', 'formatDollars', 'formatMoneyShort', 'formatMoneyPlain']) expect(message).toContain(name);
  });

  it('lets the money module write amounts, and everyone write other numbers', async () => {
    for (const source of strays) expect(await moneyErrors('shared/money.ts', source), source).toEqual([]);
    for (const source of [
      'export const mb = (size: number) => `${(size / 1024 / 1024).toFixed(1)} MB`;',
      "export const rows = (n: number) => n.toLocaleString('en-NZ');",
      "export const at = (d: Date) => d.toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland' });",
      "export const f = new Intl.DateTimeFormat('en-NZ', { day: '2-digit' });",
    ]) {
      expect(await moneyErrors('functions/lib/example.ts', source), source).toEqual([]);
    }
  });

  it('keeps the clock and zod rules beside it, and the clock rule in the money module', async () => {
    const both = await messages('shared/example.ts', 'export const t = Date.now();\nexport const m = (n: number) => n.toFixed(2);');
    expect(both.some((m) => /Read the time from the clock/.test(m))).toBe(true);
    expect(both.some((m) => m.includes('shared/money.ts'))).toBe(true);
    expect((await messages('shared/money.ts', 'export const t = Date.now();')).some((m) => /Read the time from the clock/.test(m))).toBe(true);
    expect((await messages('functions/lib/clock.ts', "import { z } from 'zod';\nexport const s = z.string();")).join('\n')).toMatch(/import \* as z from 'zod'/);
  });
});
