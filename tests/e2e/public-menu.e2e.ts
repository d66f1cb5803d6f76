/** The header's narrow-screen menu (links and support phone) and its keyboard use; the desktop header shows both inline. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { site } from '../../shared/site';
import { useBrowser, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();

const LINKS = [
  ['How It Works', '/how-it-works'],
  ['About', '/about'],
  ['Services', '/services'],
  ['Blog', '/blog'],
  ['Contact', '/contact'],
] as const;

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

describe('narrow-screen menu (phone)', () => {
  it('holds the five links and the support phone, opens and closes with the keyboard', async () => {
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(`${baseUrl}/faq`);
      await page.locator('main h1').waitFor();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      const button = page.getByRole('button', { name: 'Open menu' });
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      expect(await page.locator('.header-phone').isVisible()).toBe(false);
      expect(await menu.isVisible()).toBe(false);
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      await button.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      const close = page.getByRole('button', { name: 'Close menu' });
      expect(await close.getAttribute('aria-expanded')).toBe('true');
      for (const [name, href] of LINKS) expect(await menu.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
      expect(await menu.getByRole('link', { name: `Call us: ${site.phone}` }).getAttribute('href')).toBe(site.phoneHref);

      // Tab moves from the button into the menu, in order.
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('How It Works');
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('About');

      // Escape closes it and gives focus back to the button.
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');

      // Space reopens it; following a link with Enter navigates and closes the menu.
      await page.keyboard.press('Space');
      await menu.waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('Services');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl}/services`);
      await page.getByRole('heading', { level: 1, name: 'Car Services' }).waitFor();
      await menu.waitFor({ state: 'hidden' });
    });
  });

  it('closes when the visitor taps outside it', async () => {
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(`${baseUrl}/about`);
      await page.locator('main h1').waitFor();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.waitFor();
      await page.locator('main h1').click();
      await menu.waitFor({ state: 'hidden' });
    });
  });
});

describe('header (desktop)', () => {
  it('shows the five links and the support phone inline, with no menu button', async () => {
    await withPage(browser(), 'desktop', async (page) => {
      await page.goto(`${baseUrl}/contact`);
      await page.locator('main h1').waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [name, href] of LINKS) expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
      expect(await nav.getByRole('link', { name: 'Contact', exact: true }).getAttribute('aria-current')).toBe('page');
      const phone = page.locator('.header-phone');
      expect(await phone.isVisible()).toBe(true);
      expect(await phone.innerText()).toContain(site.phone);
      expect(await phone.getAttribute('href')).toBe(site.phoneHref);
      expect(await page.locator('.menu-button').isVisible()).toBe(false);
    });
  });
});
