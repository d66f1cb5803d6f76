/**
 * axe (WCAG 2.x A/AA and best practices) on every public page at desktop and phone widths, including the
 * home page and the 404 page, and on the states a visitor creates: an open FAQ answer, the contact form
 * showing its errors, and the narrow-screen menu opened.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { articlePath, BLOG_POSTS } from '../../web/src/features/info/content/blog-posts';
import { INFO_PAGES } from '../../web/src/features/info/content/public-pages';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { axeBuilder } from './support/axe';

const { browser, baseUrl } = useBrowser();

const PAGES = ['/', ...Object.values(INFO_PAGES).map((p) => p.path), ...BLOG_POSTS.map(articlePath), '/no-such-page'];

/** Violations as short lines (rule, impact, the first few offending elements) so a failure says what to fix. */
async function violations(page: Page): Promise<string[]> {
  const results = await axeBuilder(page).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('main h1').first().waitFor();
}

describe.each(viewportNames)('accessibility (%s)', (viewport) => {
  it.each(PAGES)('%s has no axe violations', async (path) => {
    await withPage(browser(), viewport, async (page) => {
      await open(page, path);
      expect(await violations(page)).toEqual([]);
    });
  });

  it('the FAQ with an answer open has no axe violations', async () => {
    await withPage(browser(), viewport, async (page) => {
      await open(page, INFO_PAGES.faq.path);
      await page.locator('.faq-trigger').nth(3).click();
      await page.locator('.faq-answer[data-state="open"]').waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });

  it('the contact form showing its errors has no axe violations', async () => {
    await withPage(browser(), viewport, async (page) => {
      await open(page, INFO_PAGES.contact.path);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.locator('.field-error').first().waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });

  if (viewport === 'phone') {
    it('the open narrow-screen menu has no axe violations', async () => {
      await withPage(browser(), viewport, async (page) => {
        await open(page, '/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        expect(await violations(page)).toEqual([]);
      });
    });
  }
});
