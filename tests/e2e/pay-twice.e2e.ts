/**
 * Paying twice for one trip, as the tester found it: after paying, Back twice came to the filled
 * payment page and Pay Now made a second paid booking. Now that page shows the paid booking; and booking the same
 * stay again warns 'You already have RP-... for these dates', with Book anyway to go on deliberately.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../shared/booking';
import { formatMoney } from '../../shared/money';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, payNowToCheckout, quoteAndBook, standInPayButton, uniqueCustomer, watchConsole } from './support/flow';

const { browser, baseUrl } = useBrowser();

/** Pays on the stand-in's page and returns the reference the success page shows. */
async function payOnStandIn(page: Page): Promise<string> {
  await standInPayButton(page).click();
  await page.waitForURL((url) => url.pathname === '/payment-success');
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
  const reference = (await page.getByTestId('booking-reference').textContent()) ?? '';
  expect(reference).toMatch(REFERENCE_PATTERN);
  return reference;
}

describe.each(viewportNames)('paying twice for one trip (%s)', (viewport) => {
  it('after paying, Back twice shows the paid booking instead of Pay Now', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl, { dropOffInDays: 12, stayDays: 4 });
      const customer = uniqueCustomer();
      await detailsToPayment(page, baseUrl, customer);
      await payNowToCheckout(page, formatMoney(quoted.price.total));
      const reference = await payOnStandIn(page);

      await page.goBack();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/payment');
      await page.getByRole('heading', { level: 1, name: 'This booking is paid' }).waitFor();
      expect(await page.getByTestId('booking-reference').textContent()).toBe(reference);
      expect(await page.getByText(`Car registration: ${customer.carRegistration.toUpperCase()}`).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /^Pay Now/ }).count()).toBe(0);
      // The draft is over: the quote card starts afresh.
      expect(await page.evaluate(() => window.sessionStorage.getItem('bookingDraft'))).toBeNull();
      expect(consoleErrors()).toEqual([]);
    });
  });

  it('booking the same stay again warns with the reference, and Book anyway goes on to pay', async () => {
    await withPage(browser(), viewport, async (page) => {
      const choice = { dropOffInDays: 14, stayDays: 3 };
      const quoted = await quoteAndBook(page, baseUrl, choice);
      const customer = uniqueCustomer();
      await detailsToPayment(page, baseUrl, customer);
      await payNowToCheckout(page, formatMoney(quoted.price.total));
      const first = await payOnStandIn(page);

      // Start over from the home page: the same stay, the same e-mail (other case) and car.
      await quoteAndBook(page, baseUrl, choice);
      await detailsToPayment(page, baseUrl, { ...customer, email: customer.email.toUpperCase() });
      await page.getByRole('button', { name: `Pay Now ${formatMoney(quoted.price.total)}` }).click();
      const warning = page.getByRole('alert').filter({ hasText: `You already have ${first} for these dates` });
      await warning.waitFor();
      expect(new URL(page.url()).pathname).toBe('/payment');

      await warning.getByRole('button', { name: 'Book anyway' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      const second = await payOnStandIn(page);
      expect(second).not.toBe(first);
    });
  });
});
