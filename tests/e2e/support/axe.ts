/**
 * axe for the browser tests: `axeBuilder(page)` (optionally `.include(selector)`) then `.analyze()`, axe-core's own
 * `axe.run` in the page.
 *
 * Why not @axe-core/playwright: its `analyze()` sends axe's unminified source (1.3 MB) to the page twice per scan,
 * once to check for `runPartial` and once more to "inject" it, and then has axe work out a selector for every node
 * of every rule that passed. A Chromium trace of two test files (2026-11-26) put 13.3 of the renderer's 47 CPU-seconds
 * there: 20 source evaluations (6.0 s) and 10 runs (7.3 s). Here the minified source goes to a page only when it
 * lacks axe (once per document), and `resultTypes: ['violations']` has axe describe in full only what the tests read:
 * the violations, which are the same either way (axe's documented option for this). The site's pages have no frames,
 * so one `axe.run` of the document checks what the frame-by-frame mode checks.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const OPTIONS: RunOptions = { resultTypes: ['violations'] };

export interface AxeScan {
  /** Check only what matches `selector` (a dialog, a panel); every call adds one. */
  include(selector: string): AxeScan;
  analyze(): Promise<AxeResults>;
}

export function axeBuilder(page: Page): AxeScan {
  const include: string[] = [];
  const scan: AxeScan = {
    include(selector) {
      include.push(selector);
      return scan;
    },
    async analyze() {
      const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
      if (!loaded) await page.evaluate(AXE_SOURCE);
      return page.evaluate(
        ([selectors, options]) => {
          const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
          return axe.run(selectors.length ? { include: selectors.map((s) => [s]) } : document, options);
        },
        [include, OPTIONS] as const,
      );
    },
  };
  return scan;
}

/** axe's violations on the page as short lines (rule, impact, the first few offending elements), so a failure says what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeBuilder(page).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
