import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, expectNoAxeViolations, payNowToCheckout, quoteAndBook, standInPayButton, uniqueCustomer, watchConsole } from './support/flow';

const { browser, baseUrl } = useBrowser();

describe.each(viewportNames)('payment failure page (%s)', (viewport) => {
  it('retries with the stored booking and reaches the hosted checkout again', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 4 });
      const customer = uniqueCustomer();
      await detailsToPayment(page, baseUrl, customer);
      const firstSession = await payNowToCheckout(page, formatMoney(quoted.price.total));

      // Arriving from the provider is a fresh page load: no navigation state, only the stored booking.
      await page.goto(`${baseUrl}/payment-failure`);
      await page.getByRole('heading', { level: 1, name: 'Payment Failed' }).waitFor();
      const details = (await page.getByRole('region', { name: 'Customer Details' }).textContent()) ?? '';
      expect(details).toContain(`Email: ${customer.email}`);
      expect(await page.getByTestId('summary-total').textContent()).toBe(formatMoney(quoted.price.total));
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Retry Payment' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      await standInPayButton(page).waitFor();
      const secondSession = new URL(page.url()).pathname.split('/').pop();
      expect(secondSession).not.toBe(firstSession);
      expect(consoleErrors()).toEqual([]);
    });
  });

  it('cancels the booking: forgets it and shows the notice on /booking', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl);
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      await payNowToCheckout(page, formatMoney(quoted.price.total));
      await page.goto(`${baseUrl}/payment-failure`);
      await page.getByRole('button', { name: 'Cancel Booking' }).click();

      await page.waitForURL(`${baseUrl}/booking`);
      await page.getByText('Booking cancelled. You can start a new booking anytime.').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
      expect(await page.evaluate(() => window.sessionStorage.getItem('pendingBooking'))).toBeNull();

      // With the booking forgotten, the failure page has nothing to show.
      await page.goto(`${baseUrl}/payment-failure`);
      await page.waitForURL(`${baseUrl}/`);
      expect(consoleErrors()).toEqual([]);
    });
  });

  it('shows the retry failure when a new checkout cannot be created', async () => {
    await withPage(browser(), viewport, async (page) => {
      const quoted = await quoteAndBook(page, baseUrl);
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      await payNowToCheckout(page, formatMoney(quoted.price.total));
      await page.goto(`${baseUrl}/payment-failure`);
      await page.route('**/api/checkout', (route) =>
        route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'Failed to create checkout session' }) }),
      );
      await page.getByRole('button', { name: 'Retry Payment' }).click();
      await page.getByRole('alert').filter({ hasText: 'Failed to retry payment. Please try again.' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/payment-failure');
      expect(await page.getByRole('button', { name: 'Retry Payment' }).isEnabled()).toBe(true);
    });
  });

  it('redirects to / without navigation state or a stored booking', async () => {
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/payment-failure`);
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Get Quote' }).waitFor();
    });
  });
});
