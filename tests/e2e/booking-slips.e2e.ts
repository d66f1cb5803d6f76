/**
 * The booking flow's stalls and slips (issue 24 items 6 and 7), walked once per width: a checkout cancelled at the
 * hosted page is called cancelled and offers Retry; the stand-in's declined card comes back as 'Payment Failed' with
 * Retry; the retried payment goes through.
 */
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, expectNoAxeViolations, quoteAndBook, standInPayButton, uniqueCustomer, watchConsole } from './support/flow';

const { browser, baseUrl } = useBrowser();

describe.each(viewportNames)('booking slips (%s)', (viewport) => {
  it('a cancelled checkout says so and retries; a declined card says Payment Failed and retries; the retry pays', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 2 });
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      const amount = formatMoney(quoted.price.total);
      await page.getByRole('button', { name: `Pay Now ${amount}` }).click();

      // Cancel at the hosted checkout: the traveller's choice, not a failure.
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('canceled') === 'true');
      const cancelled = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment cancelled' }) });
      await cancelled.waitFor();
      expect(await cancelled.textContent()).toContain('nothing was charged');
      expect(await page.getByRole('heading', { name: 'Payment Failed' }).count()).toBe(0);
      await expectNoAxeViolations(page);

      // Retry from the banner: a new checkout, where the declined test card is chosen.
      await cancelled.getByRole('button', { name: 'Retry Payment' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      await page.getByLabel(/Card that is declined/).check();
      await standInPayButton(page).click();
      await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('failed') === 'true');
      const failed = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment Failed' }) });
      await failed.waitFor();
      expect(await failed.textContent()).toContain('you have not been charged');
      expect(await page.getByTestId('summary-total').textContent()).toBe(amount);
      await expectNoAxeViolations(page);

      // Retry again, with the card that pays.
      await failed.getByRole('button', { name: 'Retry Payment' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      await standInPayButton(page).click();
      await page.waitForURL((url) => url.pathname === '/payment-success');
      await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('amount-paid').textContent()).toBe(amount);
      expect(consoleErrors()).toEqual([]);
    });
  });
});
