/** axe on the account pages and their states, signed out and signed in, at desktop and phone widths. */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createUser } from '../support/users';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { axeViolations as violations } from './support/axe';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe.each(viewportNames)('account pages are accessible (%s)', (viewport) => {
  it('the sign-in page in each mode, and the dashboard asking to log in', async () => {
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('alert').first().waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create one' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.goto(`${baseUrl}/customer-dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Please Login' }).waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });

  it('the signed-in header menu, both dashboard tabs, the TOTP set-up and /admin denied', async () => {
    const user = await createUser(env, { email: `a11y-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}/customer-dashboard`);
      await page.getByRole('button', { name: `Account menu for ${user.email}` }).click();
      await page.getByRole('menu').waitFor();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(`${baseUrl}/customer-dashboard`);
      await page.getByRole('heading', { name: 'No bookings found' }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Profile' }).click();
      await page.getByRole('heading', { level: 2, name: 'Profile Information' }).waitFor();
      await page.getByRole('button', { name: 'Set up' }).click();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      await page.getByRole('button', { name: 'Change Password' }).click();
      expect(await violations(page)).toEqual([]);

      await page.goto(`${baseUrl}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
      expect(await violations(page)).toEqual([]);
    });
  });
});
