/** A customer cancels a booking from the dashboard: the refund is shown before confirming, then the card says cancelled. */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { checkout, checkoutBody, payOnPage } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { signInToDashboard } from './support/flow';
import { axeBuilder } from './support/axe';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe.each(viewportNames)('cancelling at %s width', (viewport) => {
  it('shows $20 kept and the rest refunded 3 days ahead, then lists the booking as cancelled', async () => {
    const user = await createUser(env, { email: `cancel-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const body = checkoutBody({ customer: { email: user.email, carRegistration: 'GONE1' }, quote: { dropOffDate: daysFromToday(3), pickUpDate: daysFromToday(10) } });
    await payOnPage((await checkout(body, { authorization: `Bearer ${user.idToken}` })).sessionId);

    await withPage(browser(), viewport, async (page) => {
      await signInToDashboard(page, baseUrl, user);

      const card = page.getByRole('listitem').filter({ hasText: 'GONE1' });
      await card.getByRole('button', { name: /^Cancel booking RP-/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: /^Cancel booking RP-/ }).waitFor();
      await dialog.getByText('$90.00').waitFor();
      expect(await dialog.textContent()).toContain('$20.00 (The $20 cancellation fee, 48 hours or more before drop-off)');
      const axe = await axeBuilder(page).include('[role="dialog"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      // The two buttons say what they do: one keeps the booking, one cancels it (no bare 'Cancel' beside 'Cancel booking').
      expect(await dialog.locator('.form-actions button').allTextContents()).toEqual(['Keep booking', 'Cancel booking']);
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await page.locator('.toast', { hasText: 'Booking cancelled' }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await card.locator('.badge', { hasText: 'Cancelled' }).waitFor();
      // What came back and what was kept, not a 'Balance due at pick-up'.
      expect(await card.textContent()).toContain('Cancelled$90.00 refunded, $20.00 kept');
      expect(await card.textContent()).not.toContain('Balance due');
      expect(await card.getByRole('button', { name: /^Cancel booking/ }).count()).toBe(0);
      expect(await card.getByRole('button', { name: /^Edit booking/ }).count()).toBe(0);
    });
  });
});
