/**
 * Sessions in the browser: an expired token is refreshed (through Cognito's GetTokensFromRefreshToken, which
 * the local bridge answers) without the person noticing; a session that cannot be refreshed asks them to sign
 * in again and brings them back to the page they were on. Google stays hidden where it is not configured.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../support/users';
import { useBrowser, viewportNames, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

async function signIn(page: Page, user: TestUser) {
  await page.goto(`${baseUrl}/login`);
  expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${baseUrl}/customer-dashboard`);
}

/** Replaces the stored tokens with ones that expired an hour ago (Amplify reads expiry from the token itself). */
async function expireStoredTokens(page: Page, alsoBreakRefresh = false) {
  await page.evaluate((breakRefresh) => {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const past = Math.floor(Date.now() / 1000) - 3600;
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (/\.(idToken|accessToken)$/.test(key)) {
        const [, payload] = localStorage.getItem(key)!.split('.');
        const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')));
        localStorage.setItem(key, `${b64({ alg: 'RS256', kid: 'x' })}.${b64({ ...claims, exp: past, iat: past - 60 })}.c2ln`);
      }
      if (breakRefresh && key.endsWith('.refreshToken')) localStorage.setItem(key, 'revoked-refresh-token');
    }
  }, alsoBreakRefresh);
}

describe.each(viewportNames)('sessions at %s width', (viewport) => {
  it('refreshes an expired token on the next request and keeps the person signed in', async () => {
    const user = await createUser(env, { email: `refresh-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    await withPage(browser(), viewport, async (page) => {
      await signIn(page, user);
      await expireStoredTokens(page);
      const refreshed = page.waitForRequest((r) => /\/_cognito\/?$/.test(r.url()) && r.headers()['x-amz-target']?.endsWith('GetTokensFromRefreshToken') === true);
      await page.goto(`${baseUrl}/customer-dashboard?tab=profile`);
      await refreshed;
      await page.getByRole('heading', { level: 2, name: 'Profile Information' }).waitFor();
      await page.getByRole('button', { name: `Account menu for ${user.email}` }).waitFor();
    });
  });

  it('asks to sign in again when the session cannot be refreshed, and returns to the same page', async () => {
    const user = await createUser(env, { email: `expired-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    await withPage(browser(), viewport, async (page) => {
      await signIn(page, user);
      await expireStoredTokens(page, true);
      await page.goto(`${baseUrl}/customer-dashboard?tab=profile`);
      await page.getByRole('heading', { level: 1, name: /Please sign in again|Please Login/ }).waitFor();
      await page.getByRole('link', { name: 'Sign In', exact: true }).last().click();
      await page.waitForURL(/\/login\?next=%2Fcustomer-dashboard%3Ftab%3Dprofile$/);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}/customer-dashboard?tab=profile`);
      await page.getByRole('heading', { level: 2, name: 'Profile Information' }).waitFor();
    });
  });
});
