/** A new booking from the customer dashboard (customer mode): the dialog, the hosted checkout, and back. */
import { CANCELLATION_RULE, TERMS_CANCELLATION_PATH } from '../../shared/cancellation-rule';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { toDateInput } from '../../shared/date-input';
import { myCheckoutMessages } from '../../shared/my-checkout';
import { inOneBudgetWindow } from '../support/budget-window';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser } from '../support/users';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { standInPayButton } from './support/flow';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

/** Types a date digit by digit, then waits for the focus to move on to the time (it does 100 ms later). */
async function typeDate(page: Page, label: string, iso: string, nextId: string) {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.clear();
  await input.pressSequentially(toDateInput(iso).replace(/\//g, ''));
  await page.waitForFunction((id) => document.activeElement?.id === id, nextId);
}

describe.each(viewportNames)('new booking in customer mode at %s width', (viewport) => {
  it('books from the dashboard with the profile details, pays at the hosted checkout and comes back to see it listed', async () => {
    const user = await createUser(env, { email: `newbook-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    await request(baseUrl, 'PUT', '/api/me/profile', { first_name: 'Tama', last_name: 'Rewi', phone: '021 444 5555', address: '' }, { authorization: `Bearer ${user.idToken}` });
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/login?next=%2Fcustomer-dashboard`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('heading', { name: 'No bookings found' }).waitFor();
      await page.getByRole('button', { name: 'Create Your First Booking' }).click();

      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'New Booking' }).waitFor();
      await dialog.getByText(`For Tama Rewi, ${user.email}, 021 444 5555 (from your profile).`).waitFor();
      const submit = dialog.getByRole('button', { name: 'Continue to Payment' });
      expect(await submit.isDisabled()).toBe(true);
      expect(await dialog.getByLabel('Parking bay', { exact: false }).count()).toBe(0);

      await dialog.getByLabel('Car Registration').fill('new123');
      expect(await dialog.getByLabel('Car Registration').inputValue()).toBe('NEW123');
      await typeDate(page, 'Drop-off date', daysFromToday(3), 'new-dropoff-time');
      await typeDate(page, 'Pick-up date', daysFromToday(5), 'new-pickup-time');
      await dialog.getByText('Total: $30.00').waitFor();
      await dialog.getByLabel('Pay Deposit ($10.00 now, remainder at pickup)').check();
      // The cancellation terms before payment, as on the payment step: above the button that goes to pay.
      const rule = dialog.getByTestId('cancellation-rule');
      expect(await rule.textContent()).toContain(`Cancellations: ${CANCELLATION_RULE}`);
      expect(await rule.getByRole('link', { name: /Read the terms and conditions/ }).getAttribute('href')).toBe(TERMS_CANCELLATION_PATH);
      expect((await rule.boundingBox())!.y).toBeLessThan((await submit.boundingBox())!.y);
      await submit.click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      await standInPayButton(page).click();
      await page.waitForURL(/\/customer-dashboard/);
      await page.locator('.toast', { hasText: 'New booking created successfully' }).first().waitFor();
      const card = page.getByRole('list', { name: 'Current and future bookings' }).getByRole('listitem').first();
      await card.getByText('NEW123').waitFor();
      expect(await card.textContent()).toContain('$20.00');
      expect(new URL(page.url()).search).toBe('');
    });
  });
  it("past the account's checkout budget, the dialog says when to try again and stays open", async () => {
    // An account's budget is 30 checkouts per 10 minutes (docs/security.md); the 31st is refused.
    await inOneBudgetWindow(600, async () => {
      const user = await createUser(env, { email: `budget-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
      const auth = { authorization: `Bearer ${user.idToken}` };
      await request(baseUrl, 'PUT', '/api/me/profile', { first_name: 'Tama', last_name: 'Rewi', phone: '021 444 5555', address: '' }, auth);
      const stay = { car_registration: 'abc123', drop_off_date: daysFromToday(3), drop_off_time: '09:00', pick_up_date: daysFromToday(5), pick_up_time: '09:00' };
      for (let i = 0; i < 30; i++) expect((await request(baseUrl, 'POST', '/api/me/checkout', stay, auth)).status).toBe(201);
      await withPage(browser(), viewport, async (page) => {
        await page.goto(`${baseUrl}/login?next=%2Fcustomer-dashboard`);
        await page.getByLabel('Email').fill(user.email);
        await page.getByLabel('Password', { exact: true }).fill(user.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.getByRole('button', { name: /^Create (Your First|New) Booking$/ }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: 'New Booking' }).waitFor();
        await dialog.getByLabel('Car Registration').fill('new123');
        await typeDate(page, 'Drop-off date', daysFromToday(3), 'new-dropoff-time');
        await typeDate(page, 'Pick-up date', daysFromToday(5), 'new-pickup-time');
        await dialog.getByText('Total: $30.00').waitFor();
        await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
        const toast = page.locator('.toast', { hasText: myCheckoutMessages.proceedFailed });
        await toast.waitFor();
        expect(await toast.locator('.toast-description').innerText()).toMatch(/^Too many attempts in a short time\. Please try again in \d+ minutes?\.$/);
        expect(await dialog.isVisible()).toBe(true);
        expect(new URL(page.url()).pathname).toBe('/customer-dashboard');
      });
    });
  }, 180_000); // room for a second run after a window edge
});
