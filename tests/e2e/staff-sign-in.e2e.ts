/**
 * Staff and admins signing in where nothing in particular was asked for: yard staff land on /yard, admins on /admin,
 * and the header leads to each area the person may open (the menu on a phone). The yard is loaded as its own page,
 * so its camera policy holds there.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createUser } from '../support/users';
import { useBrowser, viewportNames, withPage, type ViewportName } from './support/browser';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

async function signInFromHome(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The links to staff areas the header offers: beside the avatar on a desktop, in the menu on a phone. */
async function areaLinks(page: Page, viewport: ViewportName): Promise<string[]> {
  const banner = page.getByRole('banner');
  if (viewport === 'phone') {
    await banner.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    const names = (await menu.getByRole('link').allTextContents()).filter((t) => ['Admin', 'Yard', 'Walk-in'].includes(t));
    await banner.getByRole('button', { name: 'Close menu' }).click();
    return names;
  }
  await banner.getByRole('link', { name: 'My bookings' }).waitFor();
  return (await banner.locator('.header-area-link').allTextContents()).filter((t) => t.trim());
}

const cameraAllowed = (page: Page) => page.evaluate(() => (document as Document & { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy.allowsFeature('camera'));

describe.each(viewportNames)('staff signing in at %s width', (viewport) => {
  it('yard staff land on /yard, admins on /admin, and the header leads to each area they may open', async () => {
    const [staff, admin] = await Promise.all([
      createUser(env, { staff: true, email: `land-staff-${viewport}-${randomUUID().slice(0, 6)}@example.com` }),
      createUser(env, { admin: true, email: `land-admin-${viewport}-${randomUUID().slice(0, 6)}@example.com` }),
    ]);
    await withPage(browser(), viewport, async (page) => {
      await signInFromHome(page, staff.email, staff.password);
      await page.waitForURL(`${baseUrl}/yard`);
      await page.getByRole('heading', { level: 1, name: 'Yard' }).waitFor();
      expect(await cameraAllowed(page)).toBe(true);
      expect(await areaLinks(page, viewport)).toEqual(['Yard', 'Walk-in']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
    await withPage(browser(), viewport, async (page) => {
      await signInFromHome(page, admin.email, admin.password);
      await page.waitForURL(`${baseUrl}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      expect(await cameraAllowed(page)).toBe(false);
      expect(await areaLinks(page, viewport)).toEqual(['Admin', 'Yard']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // From the admin dashboard to the yard: loaded as the yard's own page, camera and all.
      if (viewport === 'phone') await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Yard', exact: true }).first().click();
      await page.waitForURL(`${baseUrl}/yard`);
      await page.getByRole('heading', { level: 1, name: 'Yard' }).waitFor();
      expect(await cameraAllowed(page)).toBe(true);
    });
  });
});
