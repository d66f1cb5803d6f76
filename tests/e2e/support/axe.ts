/**
 * axe for the browser tests: `axeBuilder(page)` in place of `new AxeBuilder({ page })`, the same rules and results.
 * @axe-core/playwright by default runs axe in each frame on its own (runPartial) and then combines the parts in a new
 * blank page it opens and loads axe into again (finishRun), so that cross-origin frames can be checked. The site's
 * pages have no frames, so axe.run in the page itself ("legacy mode") checks the same: measured on /, /faq and
 * /terms, identical violations, passes, incomplete and inapplicable rules (and node counts), in about half the time
 * (axe was most of each accessibility test's time).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** axe's violations on the page as short lines (rule, impact, the first few offending elements), so a failure says what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeBuilder(page).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
