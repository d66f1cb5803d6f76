/**
 * axe (WCAG 2.x A/AA and best practices) at desktop and phone widths on the home page and the 404 page, and on the
 * states a visitor creates: an open FAQ answer, the contact form showing its errors, and the narrow-screen menu opened.
 * The information pages and the blog's articles are checked by public-pages.e2e.ts on the visit that checks their
 * content (a page load each instead of two).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INFO_PAGES } from '../../web/src/features/info/content/public-pages';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { axeViolations as violations } from './support/axe';

const { browser, baseUrl } = useBrowser();

const PAGES = ['/', '/no-such-page'];

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
