/**
 * A first visit on a phone (390 x 844): the quote form on the first screen, the total before Pay Now, e-mails that
 * wrap only between their parts, aligned summary rows, a one-line brand, a menu that does not touch the edge,
 * no page wider than the screen (the local checkout included), and the copy points.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS, withPage } from './support/browser';
import { detailsToPayment, quoteAndBook, standInPayButton, uniqueCustomer } from './support/flow';

const { browser, baseUrl } = useBrowser();
const PHONE = VIEWPORTS.phone;

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Each summary row's label and value boxes: labels one line, labels and values each in one column. */
async function summaryGeometry(page: Page, region: string) {
  return page.getByRole('region', { name: region }).evaluate((el) =>
    [...el.querySelectorAll('dl > div')].map((row) => {
      const dt = row.querySelector('dt')!;
      const dd = row.querySelector('dd')!;
      const lineHeight = parseFloat(getComputedStyle(dt).lineHeight);
      return { label: dt.textContent, dtLines: Math.round(dt.getBoundingClientRect().height / lineHeight), dtLeft: Math.round(dt.getBoundingClientRect().left), ddLeft: Math.round(dd.getBoundingClientRect().left) };
    }),
  );
}

/** Where a text's lines break: the character before each break (the last of each line but the last). */
async function lineEndsOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((el) => {
    const text = el.textContent ?? '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const chars: { ch: string; top: number }[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.textContent!.length; i++) {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        chars.push({ ch: n.textContent![i]!, top: Math.round(r.getBoundingClientRect().top) });
      }
    }
    void text;
    const ends: string[] = [];
    for (let i = 1; i < chars.length; i++) if (chars[i]!.top > chars[i - 1]!.top + 2) ends.push(chars[i - 1]!.ch + chars[i]!.ch);
    return ends;
  });
}

describe('phone layout (390 px)', () => {
  it('home: the quote form and Get Quote are on the first screen, the brand on one line, nothing wider than the screen', async () => {
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(`${baseUrl}/`);
      const getQuote = page.getByRole('button', { name: 'Get Quote' });
      const box = await getQuote.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      const brand = await page.locator('.brand span').evaluate((el) => el.getClientRects().length);
      expect(brand).toBe(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  });

  it('the open menu keeps its links off the screen edge', async () => {
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await menu.waitFor();
      const lefts = await menu.getByRole('link').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
      expect(lefts.length).toBeGreaterThan(0);
      for (const left of lefts) expect(left).toBeGreaterThanOrEqual(12);
    });
  });

  it('/booking and /payment show the total before the button that moves on, rows aligned, a long e-mail whole', async () => {
    await withPage(browser(), 'phone', async (page) => {
      await quoteAndBook(page, baseUrl, { stayDays: 5, carWash: true });
      const totalTop = async () => (await page.getByTestId('summary-total').boundingBox())!.y;
      expect(await totalTop()).toBeLessThan((await page.getByRole('button', { name: 'Continue to Payment' }).boundingBox())!.y);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

      const rows = await summaryGeometry(page, 'Booking Summary');
      expect(rows.map((r) => r.label)).toContain('Drop-off:');
      for (const r of rows) expect(r.dtLines, `${r.label} on one line`).toBe(1);
      expect(new Set(rows.map((r) => r.dtLeft)).size).toBe(1);
      expect(new Set(rows.map((r) => r.ddLeft)).size).toBe(1);

      const n = Date.now() % 1_000_000;
      const customer = { ...uniqueCustomer(), email: `aroha.ngata-whanaunga.${n}@example-travel-company.co.nz` };
      await detailsToPayment(page, baseUrl, customer);
      const payNow = page.getByRole('button', { name: /^Pay Now/ });
      expect(await totalTop()).toBeLessThan((await payNow.boundingBox())!.y);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

      // The e-mail wraps only after the @, before a dot or after a hyphen, never inside a word.
      const emailDd = '[aria-labelledby="customer-summary-title"] dl > div:nth-child(2) dd';
      await expect(page.locator(emailDd).textContent()).resolves.toBe(customer.email);
      const ends = await lineEndsOf(page, emailDd);
      for (const pair of ends) expect(pair[0] === '@' || pair[0] === '-' || pair[1] === '.', `break between '${pair}'`).toBe(true);
      const customerRows = await summaryGeometry(page, 'Customer Details');
      for (const r of customerRows) expect(r.dtLines, `${r.label} on one line`).toBe(1);
      expect(new Set(customerRows.map((r) => r.ddLeft)).size).toBe(1);

      // The local checkout page fits the phone too.
      await payNow.click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      await standInPayButton(page).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  });
});

describe('copy', () => {
  it('the 30% saving says what it compares with, and our own texts spell pick-up one way', async () => {
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(`${baseUrl}/`);
      const claim = (await page.getByText(/save up to 30%/).first().textContent()) ?? '';
      expect(claim).toMatch(/at the gate/);

      await quoteAndBook(page, baseUrl);
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      await page.getByLabel(/Pay Deposit/).check();
      // The deposit option's product text keeps its spelling; everything else says pick-up.
      const text = (await page.locator('main').innerText()).replace('($10.00 now, remainder at pickup)', '');
      expect(text).not.toMatch(/pickup/i);
      expect(text).toMatch(/pick-up/);
    });
  });
});
