/** The customer dashboard's My Bookings tab: the person's paid bookings as cards, filtered and sorted. */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { toDateInput } from '../../shared/date-input';
import { formatShortDate } from '../../shared/format';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { checkout, checkoutBody, payOnPage } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { signInToDashboard } from './support/flow';
import { axeBuilder } from './support/axe';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe.each(viewportNames)('My Bookings at %s width', (viewport) => {
  it("lists the person's paid bookings, filters Current & Future / Past and sorts by drop-off", async () => {
    const user = await createUser(env, { email: `mine-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const auth = { authorization: `Bearer ${user.idToken}` };
    const soon = checkoutBody({ customer: { email: user.email, carRegistration: 'SOON1' }, quote: { dropOffDate: daysFromToday(2), pickUpDate: daysFromToday(4), carWash: false } });
    const later = checkoutBody({ customer: { email: user.email, carRegistration: 'LATER2' }, quote: { dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(25) }, paymentType: 'deposit' });
    for (const body of [later, soon]) await payOnPage((await checkout(body, auth)).sessionId);

    await withPage(browser(), viewport, async (page) => {
      await signInToDashboard(page, baseUrl, user);

      const list = page.getByRole('list', { name: 'Current and future bookings' });
      await list.waitFor();
      const regos = () => list.locator('.my-booking-rego').allTextContents();
      expect(await regos()).toEqual(['SOON1', 'LATER2']);
      const first = list.getByRole('listitem').first();
      await first.getByText('Shuttle Service').waitFor();
      expect(await first.getByText(/^Booking Ref:/).textContent()).toMatch(/Booking Ref: RP-[A-Z2-9]{6}/);
      expect(await first.textContent()).toContain(`${formatShortDate(daysFromToday(2))} at 9:00 AM`);
      expect(await first.textContent()).toContain('Paid in full');
      expect(await list.getByRole('listitem').last().textContent()).toContain('$100.00');

      // Extend the SOON1 stay by two days: the dialog shows the new total and the balance before saving.
      await first.getByRole('button', { name: /^Edit booking/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: /^Edit booking RP-[2-9A-HJ-NP-Z]{6}$/ }).waitFor();
      await dialog.getByText('Limited editing mode').waitFor();
      const axe = await axeBuilder(page).include('[role="dialog"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      expect(await dialog.getByLabel('Drop-off date', { exact: true }).count()).toBe(1);
      // A pick-up typed before the drop-off (tomorrow, still in the future) is refused for that, not as a past date.
      await dialog.getByLabel('Pick-up date', { exact: true }).clear();
      await dialog.getByLabel('Pick-up date', { exact: true }).pressSequentially(toDateInput(daysFromToday(1)).replace(/\//g, ''));
      await expect(page.locator('#edit-pickup-date-error').textContent()).resolves.toBe('Pick-up must be after drop-off');
      expect(await dialog.getByText('That date is in the past').count()).toBe(0);
      // Pick-up moves from day 4 to day 6 (11:00): 5 days, $35.00, of which $30.00 is paid.
      await dialog.getByLabel('Pick-up date', { exact: true }).clear();
      await dialog.getByLabel('Pick-up date', { exact: true }).pressSequentially(toDateInput(daysFromToday(6)).replace(/\//g, ''));
      await page.waitForFunction(() => document.activeElement?.id === 'edit-pickup-time');
      await dialog.getByText('New total: $35.00').waitFor();
      await dialog.getByText('$5.00 will be due at pick-up.').waitFor();
      await dialog.getByLabel('Car wash (+$60.00)').check();
      await dialog.getByText('Your vehicle will be professionally washed and ready for pick-up.').waitFor();
      await dialog.getByText('New total: $95.00').waitFor();
      await dialog.getByText('$65.00 will be due at pick-up.').waitFor();
      // And a car cleaning from the Services page's list: $75.00 more, priced by the server.
      await dialog.getByLabel('Car Cleaning (+$75.00)').check();
      await dialog.getByText('New total: $170.00').waitFor();
      await dialog.getByText('$140.00 will be due at pick-up.').waitFor();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await page.locator('.toast', { hasText: 'Booking updated successfully' }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      const edited = await list.getByRole('listitem').first().textContent();
      expect(edited).toContain('$140.00');
      expect(edited).toContain('Car wash');
      expect(edited).toContain('Car Cleaning');

      // Then take the wash and the cleaning off again before the drop-off date: the balance falls back (nothing extra was paid, so no refund).
      await list.getByRole('listitem').first().getByRole('button', { name: /^Edit booking/ }).click();
      await page.getByRole('dialog').getByLabel('Car wash (+$60.00)').uncheck();
      await page.getByRole('dialog').getByLabel('Car Cleaning (+$75.00)').uncheck();
      await page.getByRole('dialog').getByText('$5.00 will be due at pick-up.').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await page.locator('.toast', { hasText: 'Booking updated successfully' }).nth(0).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await list.getByRole('listitem').first().textContent()).toContain('$35.00 for 5 days');
      expect(await list.getByRole('listitem').first().textContent()).not.toContain('Car Cleaning');

      await page.getByLabel('Sort by drop-off').selectOption('latest');
      expect(await regos()).toEqual(['LATER2', 'SOON1']);
      await page.getByLabel('Show').selectOption('past');
      await page.getByRole('heading', { name: 'No past bookings found' }).waitFor();
      await page.getByRole('button', { name: 'Create New Booking' }).waitFor();
    });
  });
});
