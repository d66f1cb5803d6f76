/**
 * Accounts end to end, offline, as a newcomer would: create an account, confirm it from the outbox link, sign
 * in, see the initial in the header, set up TOTP, sign out, sign in with the code, change the password, reset
 * a forgotten password from the outbox link, and open /admin (as staff, as a customer, signed out).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createUser } from '../support/users';
import { latestEmail, linkIn, totpCode } from '../support/cognito';
import { useBrowser, viewportNames, withPage, type ViewportName } from './support/browser';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

async function toast(page: Page, text: string) {
  await page.locator('.toast', { hasText: text }).first().waitFor();
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function openAccountMenu(page: Page, viewport: ViewportName) {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('navigation', { name: 'Mobile' });
  }
  await page.getByRole('button', { name: /^Account menu for / }).click();
  return page.getByRole('menu');
}

async function signOut(page: Page, viewport: ViewportName) {
  const menu = await openAccountMenu(page, viewport);
  await menu.getByRole(viewport === 'phone' ? 'button' : 'menuitem', { name: 'Sign Out' }).click();
  await toast(page, 'You have been signed out of your account.');
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
}

describe.each(viewportNames)('accounts at %s width', (viewport) => {
  it('sign up, confirm from the outbox, sign in, TOTP, sign out, sign in with the code, change password', async () => {
    await withPage(browser(), viewport, async (page) => {
      const email = newEmail(`signup-${viewport}`);
      const password = 'first password 1';

      // The header's Sign In leads to the sign-in page; Create one switches mode.
      await page.goto(`${baseUrl}/`);
      await page.getByRole('link', { name: 'Sign In' }).first().click();
      await page.waitForURL(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Create one' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
      expect(await page.getByText('At least 8 characters.').isVisible()).toBe(true);

      // A short password is refused before anything is sent.
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters long' }).waitFor();

      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await toast(page, 'Please check your email to confirm your account.');
      await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();

      // Signing in before confirming says what to do.
      await signInWith(page, email, password);
      await page.getByRole('alert').filter({ hasText: 'Please confirm your email address first.' }).waitFor();

      // The link in the outbox returns to the site root, which confirms the account.
      const link = linkIn(await latestEmail(baseUrl, email, /Confirm your/), baseUrl);
      await page.goto(link.href);
      await page.getByRole('heading', { name: 'Your account is confirmed' }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      await page.getByRole('link', { name: 'Sign In', exact: true }).last().click();
      await page.waitForURL(/\/login\?email=/);
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(page, 'You have successfully signed in.');
      // Signing in without a page to return to lands on the dashboard, not the home page.
      await page.waitForURL(`${baseUrl}/customer-dashboard`);

      // The header shows the e-mail's initial; the menu has the e-mail, Dashboard, Profile and Sign Out.
      const avatar = page.getByRole('button', { name: `Account menu for ${email}` });
      await avatar.waitFor();
      expect((await avatar.textContent())?.trim()).toBe(email[0]!.toUpperCase());
      const menu = await openAccountMenu(page, viewport);
      await menu.getByText(email).waitFor();
      await menu.getByRole(viewport === 'phone' ? 'link' : 'menuitem', { name: 'Profile' }).click();
      await page.waitForURL(/\/customer-dashboard\?tab=profile$/);
      await page.getByRole('heading', { level: 1, name: 'Welcome back!' }).waitFor();
      // The address changes as the link is pressed; the tab follows when the page has rendered it.
      await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();

      // The profile saves and the greeting follows it.
      await page.getByLabel('First Name').fill('Aroha');
      await page.getByLabel('Last Name').fill('Ngata');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await toast(page, 'Profile saved successfully');
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Aroha!' }).waitFor();

      // TOTP: QR code and secret, a wrong code refused, the right one turns it on.
      await page.getByRole('button', { name: 'Set up' }).click();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const secret = (await page.locator('.totp-secret').textContent())!.replace(/\s/g, '');
      await page.getByLabel('Code from the app').fill('000000');
      await page.getByRole('button', { name: 'Verify and turn on' }).click();
      await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
      await page.getByLabel('Code from the app').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Verify and turn on' }).click();
      await toast(page, 'We will ask for a code from your authenticator app when you sign in.');

      await signOut(page, viewport);

      // Sign-in now asks for the code; a wrong one says so.
      await signInWith(page, email, password);
      await page.getByRole('heading', { level: 1, name: 'Two-step verification' }).waitFor();
      await page.getByLabel('Authentication code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
      await page.getByLabel('Authentication code').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await toast(page, 'You have successfully signed in.');
      await page.waitForURL(`${baseUrl}/customer-dashboard`);

      // The session survives a reload.
      await page.reload();
      await page.getByRole('button', { name: `Account menu for ${email}` }).waitFor();

      // Change the password: the current one is checked.
      await page.goto(`${baseUrl}/customer-dashboard?tab=profile`);
      await page.getByRole('button', { name: 'Change Password' }).click();
      const update = page.getByRole('button', { name: 'Update Password' });
      expect(await update.isDisabled()).toBe(true);
      await page.getByLabel('Current Password', { exact: true }).fill('not my password');
      await page.getByLabel('New Password', { exact: true }).fill('second password 2');
      await page.getByLabel('Confirm New Password', { exact: true }).fill('second password 3');
      await update.click();
      await page.getByRole('alert').filter({ hasText: 'New passwords do not match' }).waitFor();
      await page.getByLabel('Confirm New Password', { exact: true }).fill('second password 2');
      await update.click();
      await page.getByRole('alert').filter({ hasText: 'Your current password is not right.' }).waitFor();
      await page.getByLabel('Current Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Show current password' }).click();
      expect(await page.getByLabel('Current Password', { exact: true }).getAttribute('type')).toBe('text');
      await update.click();
      await toast(page, 'Password updated successfully');

      await signOut(page, viewport);
      await signInWith(page, email, 'second password 2');
      await page.getByLabel('Authentication code').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await toast(page, 'You have successfully signed in.');
    });
  });

  it('resets a forgotten password from the outbox link', async () => {
    const user = await createUser(env, { email: newEmail(`reset-${viewport}`) });
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/customer-auth`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
      expect(await page.getByRole('button', { name: 'Forgot password?' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Send Reset Email' }).click();
      await toast(page, 'Please enter your email address.');
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Email' }).click();
      await toast(page, 'Please check your email for password reset instructions.');

      const link = linkIn(await latestEmail(baseUrl, user.email, /Reset your/), baseUrl);
      expect(link.pathname).toBe('/customer-auth');
      await page.goto(link.href);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('a brand new password');
      await page.getByLabel('Confirm new password', { exact: true }).fill('a brand new password');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await toast(page, 'Sign in with your new password.');
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
      await page.getByLabel('Password', { exact: true }).fill('a brand new password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(page, 'You have successfully signed in.');

      // A signed-in visitor is sent from the sign-in page to the dashboard.
      await page.goto(`${baseUrl}/login`);
      await page.waitForURL(`${baseUrl}/customer-dashboard`);
    });
  });

  it('guards /admin: staff get in, customers see Access Denied, signed-out visitors go to /auth', async () => {
    const [admin, customer] = await Promise.all([createUser(env, { admin: true, email: newEmail(`admin-${viewport}`) }), createUser(env, { email: newEmail(`cust-${viewport}`) })]);
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/admin`);
      await page.waitForURL(/\/auth\?next=%2Fadmin$/);
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();

      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password', { exact: true }).fill(customer.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
      await page.getByText("You don't have admin privileges to access this page").waitFor();
      expect(await page.getByRole('link', { name: 'Sign In as Admin' }).getAttribute('href')).toBe('/auth?next=%2Fadmin');
      await page.getByRole('link', { name: 'Back to Home' }).waitFor();
      await signOut(page, viewport);

      // Staff signing in through /auth land where they were going (the other browser tests open /admin signed in).
      await page.goto(`${baseUrl}/admin`);
      await page.waitForURL(/\/auth\?next=%2Fadmin$/);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await toast(page, 'You have successfully signed in.');
      await page.waitForURL(`${baseUrl}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      await page.getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'You have been signed out of your account.');
      await page.waitForURL(`${baseUrl}/`);
    });
  });

  it('says what is wrong with a sign-in, on the page', async () => {
    const user = await createUser(env, { email: newEmail(`wrong-${viewport}`) });
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Please fill in all fields.' }).waitFor();
      await signInWith(page, user.email, 'not the password');
      await page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).waitFor();
      await toast(page, 'Sign in failed');
      await page.goto(`${baseUrl}/customer-dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Please Login' }).waitFor();
      await page.getByText('You need to be logged in to view your dashboard.').waitFor();
    });
  });
});
