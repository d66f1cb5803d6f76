/**
 * A service from the Services page booked with the parking: "Book This Service" for Car Detailing
 * arrives at the booking with it chosen, the quote adds its price from the price list, the stand-in checkout charges
 * it and the receipt lists it. The detail (every service, edits, refunds, invoice, CSV, day sheet) is in the
 * integration and unit tests.
 */
import { describe, expect, it } from 'vitest';
import { addOn } from '../../shared/add-ons';
import { formatMoney } from '../../shared/money';
import { priceFor } from '../../shared/pricing';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, expectNoAxeViolations, payNowToCheckout, standInPayButton, typeDate, uniqueCustomer, watchConsole } from './support/flow';
import { daysFromToday } from '../support/dates';

const { browser, baseUrl } = useBrowser();

describe.each(viewportNames)('booking a service from the Services page (%s)', (viewport) => {
  it('Book This Service for Car Detailing arrives chosen, is priced on the quote, charged and on the receipt', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      await page.goto(`${baseUrl}/services`);
      await page.locator('.service-card', { hasText: 'Car Detailing' }).getByRole('link', { name: /^Book This Service/ }).click();
      await page.waitForURL(`${baseUrl}/booking?service=carDetailing`);

      // The quote card comes with Car Detailing ticked (and nothing else), its price read from the price list.
      const detailing = page.getByRole('checkbox', { name: 'Car Detailing (+$250.00)' });
      await detailing.waitFor();
      expect(await detailing.isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Car Cleaning (+$75.00)' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Car Servicing (+$250.00)' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: /Add a car wash/ }).isChecked()).toBe(false);
      await expectNoAxeViolations(page);

      const dropOffDate = daysFromToday(3);
      const pickUpDate = daysFromToday(8);
      await typeDate(page, 'Drop-off date', dropOffDate, 'dropoff-time');
      await typeDate(page, 'Pick-up date', pickUpDate, 'pickup-time');
      await page.getByRole('button', { name: 'Get Quote', exact: true }).click();
      const total = priceFor(5, { carDetailing: true }).total;
      expect(total).toBe(3000 + 500 + 25000);
      await page.getByTestId('quote-total').waitFor();
      const quote = page.getByRole('region', { name: 'Your quote' });
      expect(await quote.textContent()).toContain('Car Detailing$250.00');
      expect(await page.getByTestId('quote-total').textContent()).toBe('$285.00');

      await page.getByRole('button', { name: 'Book', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Complete Your Booking' }).waitFor();
      expect(await page.getByRole('region', { name: 'Booking Summary' }).textContent()).toContain('Car Detailing: $250.00');
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      await payNowToCheckout(page, '$285.00');

      await standInPayButton(page).click();
      await page.waitForURL((url) => url.pathname === '/payment-success');
      await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
      const details = (await page.getByRole('region', { name: 'Booking Details' }).textContent()) ?? '';
      expect(details).toContain(`Car Detailing: ${formatMoney(addOn('carDetailing').cents)}`);
      expect(details).not.toContain('Car wash');
      expect(await page.getByTestId('amount-paid').textContent()).toBe('$285.00');
      expect(consoleErrors()).toEqual([]);
    });
  });
});
