/**
 * A signed-in browser without the sign-in form: the tokens createUser got from the emulator (USER_PASSWORD_AUTH,
 * the flow the sign-in page uses) are put in localStorage under the keys Amplify v6 keeps them in, and the page
 * opens as it would after a sign-in. For tests whose subject comes after signing in; the form itself is tested where
 * signing in is the subject (accounts.e2e.ts, account-sessions.e2e.ts, new-booking.e2e.ts; staff through /auth in
 * accounts.e2e.ts, pickup-queue.e2e.ts, yard-desk.e2e.ts). The form cost a page load, the account chunk and a
 * round trip to the emulator per test.
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { TestUser } from '../../support/users';

/**
 * The entries Amplify's token store writes after a sign-in (@aws-amplify/auth TokenStore: a prefix of the app
 * client's id, the user's name as signed in with, then the kind), for the SPA's settings in this run (or, for a
 * stack a test file started itself, that stack's app client).
 */
export function amplifySession(user: Pick<TestUser, 'email' | 'idToken' | 'accessToken' | 'refreshToken'>, userPoolClientId = inject('env').userPoolClientId): Record<string, string> {
  const client = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const prefix = `${client}.${user.email}`;
  return {
    [`${client}.LastAuthUser`]: user.email,
    [`${prefix}.accessToken`]: user.accessToken,
    [`${prefix}.idToken`]: user.idToken,
    [`${prefix}.refreshToken`]: user.refreshToken,
    [`${prefix}.clockDrift`]: '0',
  };
}

/**
 * Opens `path` signed in as `user`. The storage is written from a static file of the site (no app, so nothing reads
 * it before it is complete), then `path` loads as any page does.
 */
export async function openSignedIn(page: Page, baseUrl: string, user: TestUser, path: string) {
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, amplifySession(user));
  await page.goto(`${baseUrl}${path}`);
}
