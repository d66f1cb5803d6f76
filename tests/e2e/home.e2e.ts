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

  it('picks dates from the calendar with the keyboard alone, past days disabled', async () => {
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Choose drop-off date from a calendar' }).click();
      const grid = page.getByRole('grid');
      await grid.waitFor();
      const today = daysFromToday(0);
      const yesterday = daysFromToday(-1);
      if (yesterday.slice(0, 7) === today.slice(0, 7)) {
        expect(await page.locator(`button[data-date="${yesterday}"]`).isDisabled()).toBe(true);
      }
      // Focus starts on today; move a week on with the arrow key and choose it with Enter.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await grid.waitFor({ state: 'detached' });
      const inWeek = daysFromToday(7);
      expect(await page.getByLabel('Drop-off date', { exact: true }).inputValue()).toBe(toDateInput(inWeek));
      await page.waitForFunction(() => document.activeElement?.id === 'dropoff-time');
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
