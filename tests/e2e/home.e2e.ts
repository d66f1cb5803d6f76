import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import { priceFor } from '../../shared/pricing';
import { toDateInput } from '../../shared/date-input';
import { daysFromToday } from '../support/dates';
import type { Page } from 'playwright-core';
import { useBrowser, viewportNames, withPage } from './support/browser';

/** Types a date as a user would; a complete date moves focus to the time field 100 ms later. */
async function typeDate(page: Page, label: string, iso: string, nextId: string) {
  await page.getByLabel(label, { exact: true }).pressSequentially(toDateInput(iso).replace(/\//g, ''));
  await page.waitForFunction((id) => document.activeElement?.id === id, nextId);
}

const { browser, baseUrl } = useBrowser();

describe.each(viewportNames)('home quote flow (%s)', (viewport) => {
  it('quotes a stay with car wash and carries it to /booking', async () => {
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Park close');
      const getQuote = page.getByRole('button', { name: 'Get Quote' });
      expect(await getQuote.isDisabled()).toBe(true);

      const dropOff = daysFromToday(3);
      const pickUp = daysFromToday(10);
      await typeDate(page, 'Drop-off date', dropOff, 'dropoff-time');
      expect(await getQuote.isDisabled()).toBe(true);
      await typeDate(page, 'Pick-up date', pickUp, 'pickup-time');
      await page.getByLabel('Pick-up time').selectOption('11:00');
      await page.getByLabel(/Add a car wash/).check();
      await getQuote.click();

      // 09:00 to 11:00 seven days later is 8 started days; the card shows the shared price.
      const expected = priceFor(8, true);
      await page.getByTestId('quote-total').waitFor();
      await expect(page.getByTestId('quote-total').textContent()).resolves.toBe(formatMoney(expected.total));
      expect(await page.getByText('Inclusive of GST').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Get Quote' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await page.waitForURL(`${baseUrl}/booking`);
      const state = await page.evaluate(() => (window.history.state as { usr?: { cost: { total: number }; quoteData: { carWash: boolean; pickUpTime: string } } }).usr);
      expect(state?.cost.total).toBe(expected.total / 100);
      expect(state?.quoteData).toMatchObject({ carWash: true, pickUpTime: '11:00', dropOffDate: dropOff, pickUpDate: pickUp });
    });
  });

  it('disables drop-off times inside the 4-hour lead time and pick-up times not after drop-off', async () => {
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/`);
      const day = daysFromToday(5);
      await typeDate(page, 'Drop-off date', day, 'dropoff-time');
      await typeDate(page, 'Pick-up date', day, 'pickup-time');
      await page.getByLabel('Drop-off time').selectOption('12:00');
      const disabled = await page.locator('#pickup-time option:disabled').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      expect(disabled).toContain('12:00');
      expect(disabled).toContain('00:00');
      expect(disabled).not.toContain('12:30');
    });
  });

  it('shows the 404 page for an unknown route with a link home', async () => {
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/no-such-page`);
      await page.getByText('Oops! Page not found.').waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${baseUrl}/`);
    });
  });
});
