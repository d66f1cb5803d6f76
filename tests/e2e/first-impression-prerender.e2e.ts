/**
 * Speed: the public pages arrive as pre-rendered HTML (text paints before the script runs, the
 * page's own title is in the HTML), hydrate without a warning, and every other path still gets the SPA shell.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '../../shared/prerendered-paths';
import { launchBrowser, useBrowser, VIEWPORTS, withPage } from './support/browser';
import { watchConsole } from './support/flow';

const { browser, baseUrl } = useBrowser();

describe('pre-rendered public pages', () => {
  it('each public page answers with its own text and title in the HTML', async () => {
    for (const p of PRERENDERED_PATHS) {
      const html = await (await fetch(`${baseUrl}${p}`)).text();
      expect(html, p).toMatch(/<div id="root"><a class="skip-link"/);
      expect(html, p).toMatch(/<h1[^>]*>/);
    }
    const faq = await (await fetch(`${baseUrl}/faq`)).text();
    expect(faq).toContain('<title>Frequently Asked Questions | Runway Parking</title>');
    expect(faq).toContain('Frequently Asked Questions</h1>');
  });

  it('other paths get the empty SPA shell, and the 404 page still renders there', async () => {
    const shell = await (await fetch(`${baseUrl}/no-such-page`)).text();
    expect(shell).toContain('<div id="root"></div>');
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(`${baseUrl}/no-such-page`);
      await page.getByText('Oops! Page not found.').waitFor();
    });
  });

  it('paints the text with JavaScript off (phone)', async () => {
    const b = await launchBrowser();
    try {
      const context = await b.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/faq`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Frequently Asked Questions');
      await page.goto(`${baseUrl}/`);
      expect(await page.getByRole('heading', { name: 'Get an instant quote' }).isVisible()).toBe(true);
    } finally {
      await b.close();
    }
  });

  it('hydrates /, /faq, /booking and an article without errors or warnings, and the page then works', async () => {
    await withPage(browser(), 'phone', async (page) => {
      const errors = watchConsole(page);
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      for (const p of ['/', '/faq', '/booking', '/articles/first-time-parking-tips']) {
        await page.goto(`${baseUrl}${p}`, { waitUntil: 'networkidle' });
      }
      await page.goto(`${baseUrl}/faq`, { waitUntil: 'networkidle' });
      const first = page.locator('.faq-trigger').first();
      await first.click();
      expect(await first.getAttribute('aria-expanded')).toBe('true');
      expect(errors()).toEqual([]);
      expect(warnings.filter((w) => /hydrat/i.test(w))).toEqual([]);
    });
  });

  it('an information page runs only its islands: neither the app nor the page code loads, and its links load their page', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../../web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, { file: string }>;
    const appEntry = `/${manifest['index.html']!.file}`;
    const faqPage = `/${manifest['src/features/info/pages/Faq.tsx']!.file}`;
    await withPage(browser(), 'phone', async (page) => {
      const errors = watchConsole(page);
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(`${baseUrl}/faq`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      expect(scripts).not.toContain(appEntry);
      expect(scripts).not.toContain(faqPage);
      // The accordion is live: its button opens the answer it names.
      const trigger = page.locator('.faq-trigger').nth(2);
      await trigger.click();
      const answer = page.locator(`#${await trigger.getAttribute('aria-controls')}`);
      expect(await answer.isVisible()).toBe(true);
      // The header is live: its menu opens, and a link in it loads that page.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).click();
      await page.waitForURL(`${baseUrl}/about`);
      await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
      expect(errors()).toEqual([]);
    });
  });
});
