/**
 * The quote and booking forms: every date the field cannot take says why under it, a typed slash
 * ends a part, one quote error under the field it is about, Back keeps what was typed, a disabled Get Quote
 * is legible and says what is missing, and at 1280 px an error never stretches its neighbours.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { daysFromToday } from '../support/dates';
import { toDateInput } from '../../shared/date-input';
import { useBrowser, withPage } from './support/browser';
import { detailsToPayment, FIELD_LABELS, quoteAndBook, typeDate, uniqueCustomer } from './support/flow';

const { browser, baseUrl } = useBrowser();

const dateField = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);
/** Types text into a date field key by key (slashes included), as a person would. */
async function typeInto(page: Page, label: string, keys: string) {
  await dateField(page, label).pressSequentially(keys);
}

describe('quote card dates (desktop)', () => {
  it('says why an impossible or malformed date is not taken, and Get Quote says what is missing', async () => {
    await withPage(browser(), 'desktop', async (page) => {
      await page.goto(`${baseUrl}/`);
      const getQuote = page.getByRole('button', { name: 'Get Quote' });
      await typeInto(page, 'Drop-off date', `3102${Number(daysFromToday(400).slice(0, 4))}`);
      await expect(errorOf(page, 'dropoff-date').textContent()).resolves.toBe('Enter a date as DD/MM/YYYY');
      expect(await dateField(page, 'Drop-off date').getAttribute('aria-invalid')).toBe('true');
      expect(await getQuote.isDisabled()).toBe(true);
      await expect(page.locator('#quote-missing').textContent()).resolves.toBe('Choose drop-off and pick-up dates');

      await dateField(page, 'Drop-off date').fill('');
      await typeInto(page, 'Drop-off date', '99999999');
      await expect(errorOf(page, 'dropoff-date').textContent()).resolves.toBe('Enter a date as DD/MM/YYYY');

      // An unfinished date is called out once the person moves on.
      await dateField(page, 'Pick-up date').pressSequentially('1205');
      expect(await errorOf(page, 'pickup-date').count()).toBe(0);
      await page.keyboard.press('Tab');
      await expect(errorOf(page, 'pickup-date').textContent()).resolves.toBe('Enter a date as DD/MM/YYYY');
    });
  });

  it('a typed slash moves on to the next part: 1/5/YYYY is 01/05/YYYY', async () => {
    await withPage(browser(), 'desktop', async (page) => {
      await page.goto(`${baseUrl}/`);
      const year = Number(daysFromToday(0).slice(0, 4)) + 1;
      await typeInto(page, 'Drop-off date', `1/5/${year}`);
      expect(await dateField(page, 'Drop-off date').inputValue()).toBe(`01/05/${year}`);
      await page.waitForFunction(() => document.activeElement?.id === 'dropoff-time');
      expect(await errorOf(page, 'dropoff-date').count()).toBe(0);
    });
  });

  it('a date in the past says so under the field, once, and never blames the time', async () => {
    await withPage(browser(), 'desktop', async (page) => {
      await page.goto(`${baseUrl}/`);
      await typeInto(page, 'Drop-off date', toDateInput(daysFromToday(-2)).replace(/\//g, ''));
      await typeDate(page, 'Pick-up date', daysFromToday(5), 'pickup-time');
      await expect(errorOf(page, 'dropoff-date').textContent()).resolves.toBe('That date is in the past');
      expect(await page.getByText('That date is in the past').count()).toBe(1);
      expect(await page.getByText(/Drop-off time must be/).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Get Quote' }).isDisabled()).toBe(true);
      await expect(page.locator('#quote-missing').textContent()).resolves.toBe('Choose a drop-off date');
    });
  });

  it('a pick-up before the drop-off stays on screen with its reason, and counts again once the drop-off moves back', async () => {
    await withPage(browser(), 'desktop', async (page) => {
      await page.goto(`${baseUrl}/`);
      const getQuote = page.getByRole('button', { name: 'Get Quote' });
      await typeDate(page, 'Drop-off date', daysFromToday(10), 'dropoff-time');
      await typeInto(page, 'Pick-up date', toDateInput(daysFromToday(5)).replace(/\//g, ''));
      await expect(errorOf(page, 'pickup-date').textContent()).resolves.toBe('Pick-up must be after drop-off');
      // Under the date, not the time select, and said once.
      expect(await errorOf(page, 'pickup-time').count()).toBe(0);
      expect(await page.getByText('Pick-up must be after drop-off').count()).toBe(1);
      expect(await getQuote.isDisabled()).toBe(true);
      await expect(page.locator('#quote-missing').textContent()).resolves.toBe('Choose a pick-up date');

      // Typed the other way round: a valid pick-up, then a drop-off after it. The pick-up is not silently kept or dropped.
      await dateField(page, 'Drop-off date').fill('');
      await typeDate(page, 'Drop-off date', daysFromToday(3), 'dropoff-time');
      expect(await errorOf(page, 'pickup-date').count()).toBe(0);
      expect(await getQuote.isEnabled()).toBe(true);
      await dateField(page, 'Drop-off date').fill('');
      await typeDate(page, 'Drop-off date', daysFromToday(12), 'dropoff-time');
      expect(await dateField(page, 'Pick-up date').inputValue()).toBe(toDateInput(daysFromToday(5)));
      await expect(errorOf(page, 'pickup-date').textContent()).resolves.toBe('Pick-up must be after drop-off');
      expect(await getQuote.isDisabled()).toBe(true);
    });
  });

  it('a disabled Get Quote looks disabled but stays legible, and says what is missing', async () => {
    await withPage(browser(), 'desktop', async (page) => {
      await page.goto(`${baseUrl}/`);
      const getQuote = page.getByRole('button', { name: 'Get Quote' });
      expect(await getQuote.isDisabled()).toBe(true);
      const look = await getQuote.evaluate((el) => {
        let opacity = 1;
        for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
        const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
        const lum = ([r, g, b]: number[]) => {
          const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
          return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
        };
        const s = getComputedStyle(el);
        const [a, b] = [lum(rgb(s.color)), lum(rgb(s.backgroundColor))].sort((x, y) => y - x);
        return { opacity, contrast: (a! + 0.05) / (b! + 0.05), describedBy: el.getAttribute('aria-describedby') };
      });
      expect(look.opacity).toBe(1);
      expect(look.contrast).toBeGreaterThanOrEqual(4.5);
      expect(look.describedBy).toBe('quote-missing');
      expect(await page.getByText('Choose drop-off and pick-up dates').isVisible()).toBe(true);
    });
  });
});

describe('an error never stretches the fields beside it (1280 px)', () => {
  it('keeps the date input, its calendar button and the time select at their own height', async () => {
    await withPage(browser(), 'desktop', async (page) => {
      await page.goto(`${baseUrl}/`);
      await typeInto(page, 'Drop-off date', '31022031');
      await errorOf(page, 'dropoff-date').waitFor();
      const heights = await page.evaluate(() =>
        ['#dropoff-date', '#dropoff-time', '#booking .calendar-button'].map((sel) => Math.round(document.querySelector(sel)!.getBoundingClientRect().height)),
      );
      for (const h of heights) expect(h).toBeLessThanOrEqual(48);
    });
  });
});

describe('Back keeps what was typed for the tab (desktop)', () => {
  it('browser Back from /payment keeps the details, Back again and Back to Quote keep the selection', async () => {
    // The pages restore the draft in an effect after their first paint: values are polled, not read once.
    await withPage(browser(), 'desktop', async (page) => {
      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 4, carWash: true });
      const customer = uniqueCustomer();
      await detailsToPayment(page, baseUrl, customer);

      await page.goBack();
      await page.waitForURL(`${baseUrl}/booking`);
      await page.getByRole('heading', { level: 1, name: 'Complete Your Booking' }).waitFor();
      for (const [field, label] of Object.entries(FIELD_LABELS) as [keyof typeof customer, string][]) {
        const expected = field === 'carRegistration' ? customer[field].toUpperCase() : customer[field];
        await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe(expected);
      }

      await page.goBack();
      await page.waitForURL(`${baseUrl}/`);
      await page.waitForFunction((v) => (document.getElementById('dropoff-date') as HTMLInputElement | null)?.value === v, toDateInput(quoted.dropOffDate));
      await expect.poll(() => dateField(page, 'Pick-up date').inputValue()).toBe(toDateInput(quoted.pickUpDate));
      await expect.poll(() => page.getByLabel(/Add a car wash/).isChecked()).toBe(true);
      expect(await page.getByRole('button', { name: 'Get Quote' }).isEnabled()).toBe(true);

      // Forward to /booking by the form again, then 'Back to Quote': the same selection, the details still there.
      await page.getByRole('button', { name: 'Get Quote' }).click();
      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await page.waitForURL(`${baseUrl}/booking`);
      await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(customer.email);
      await page.getByRole('button', { name: 'Back to Quote' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.waitForFunction((v) => (document.getElementById('pickup-date') as HTMLInputElement | null)?.value === v, toDateInput(quoted.pickUpDate));
      await expect.poll(() => dateField(page, 'Drop-off date').inputValue()).toBe(toDateInput(quoted.dropOffDate));
    });
  });
});
