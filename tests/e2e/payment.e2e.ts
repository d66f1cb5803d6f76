import type { Page } from 'playwright-core';
import { maskEmail } from '../../shared/mask';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../shared/booking';
import { formatMoney } from '../../shared/money';
import { messages } from '../../shared/messages';
import { daysFromToday } from '../support/dates';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, expectNoAxeViolations, expectToast, payNowToCheckout, quoteAndBook, standInPayButton, uniqueCustomer, watchConsole, type Customer } from './support/flow';

const { browser, baseUrl } = useBrowser();

/** Pays on the stand-in and waits for the success page's confirmation; returns the session id and reference. */
async function payAndConfirm(page: Page): Promise<{ sessionId: string; reference: string }> {
  await standInPayButton(page).click();
  await page.waitForURL((url) => url.pathname === '/payment-success');
  const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
  expect(sessionId).not.toBe('');
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
  const reference = (await page.getByTestId('booking-reference').textContent()) ?? '';
  expect(reference).toMatch(REFERENCE_PATTERN);
  await expectToast(page, 'Booking confirmed successfully!');
  expect(await page.evaluate(() => window.sessionStorage.getItem('pendingBooking'))).toBeNull();
  return { sessionId, reference };
}

/** The API's record of the booking the session made: the one the success page shows. */
async function bookingOf(sessionId: string) {
  const res = await fetch(`${baseUrl}/api/checkout/${encodeURIComponent(sessionId)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { booking_reference: string; customer: { email: string }; car_registration: string; amount_paid: number; balance_due: number; total_cost: number; payment_type: string };
}

function expectCustomerShown(text: string, customer: Customer) {
  expect(text).toContain(`Name: ${customer.firstName} ${customer.lastName}`);
  expect(text).toContain(`Email: ${customer.email}`);
  expect(text).toContain(`Contact number: ${customer.contactNumber}`);
}

describe.each(viewportNames)('payment (%s)', (viewport) => {
  it('pays in full through the hosted checkout and shows the confirmed booking', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 3 });
      const customer = uniqueCustomer();
      await detailsToPayment(page, baseUrl, customer);
      expect(await page.getByRole('radio', { name: 'Pay Full Amount' }).isChecked()).toBe(true);
      expect(await page.getByText('($10.00 now, remainder at pickup)').isVisible()).toBe(true);
      expect(await page.getByTestId('summary-total').textContent()).toBe(formatMoney(quoted.price.total));

      await payNowToCheckout(page, formatMoney(quoted.price.total));
      const { sessionId, reference } = await payAndConfirm(page);

      const booking = await bookingOf(sessionId);
      expect(booking.booking_reference).toBe(reference);
      // The API masks the e-mail for anyone holding the session id; the page shows it in full (below).
      expect(booking.customer.email).toBe(maskEmail(customer.email));
      expect(booking.payment_type).toBe('full');
      const body = (await page.locator('main').textContent()) ?? '';
      expectCustomerShown(body, customer);
      expect(body).toContain(`Car registration: ${customer.carRegistration.toUpperCase()}`);
      expect(body).toContain('Duration: 3 days');
      expect(await page.getByTestId('amount-paid').textContent()).toBe(formatMoney(quoted.price.total));
      expect(await page.getByText('Balance due at pick-up').count()).toBe(0);
      await page.getByRole('heading', { name: "What's Next" }).waitFor();
      await expectNoAxeViolations(page);
      expect(consoleErrors()).toEqual([]);
    });
  });

  it('pays a $10.00 deposit and shows the balance due at pick-up', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 7, pickUpTime: '11:00', carWash: true });
      const customer = uniqueCustomer();
      await detailsToPayment(page, baseUrl, customer);
      await page.getByRole('radio', { name: 'Pay Deposit' }).check();
      const balance = quoted.price.total - 1000;
      expect(await page.getByText(`Balance at pick-up: ${formatMoney(balance)}`).isVisible()).toBe(true);

      await payNowToCheckout(page, '$10.00');
      const { sessionId, reference } = await payAndConfirm(page);

      const booking = await bookingOf(sessionId);
      expect(booking.booking_reference).toBe(reference);
      expect(booking).toMatchObject({ payment_type: 'deposit', amount_paid: 10, balance_due: balance / 100, total_cost: quoted.price.total / 100 });
      expect(await page.getByTestId('amount-paid').textContent()).toBe('$10.00');
      expect(await page.getByTestId('balance-due').textContent()).toBe(formatMoney(balance));
      const body = (await page.locator('main').textContent()) ?? '';
      expect(body).toContain(`Booking total: ${formatMoney(quoted.price.total)}`);
      expect(body).toContain('Duration: 8 days');
      expect(body).toContain('Car wash: Included');
      expect(consoleErrors()).toEqual([]);
    });
  });

  it('comes back from a cancelled checkout to the payment page with a dismissible Payment cancelled banner', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 5 });
      const customer = uniqueCustomer();
      await detailsToPayment(page, baseUrl, customer);
      await page.getByRole('radio', { name: 'Pay Deposit' }).check();
      await payNowToCheckout(page, '$10.00');

      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('canceled') === 'true');
      await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
      // A fresh page load: the flow comes back from the stored pending booking, deposit still chosen.
      expectCustomerShown((await page.getByRole('region', { name: 'Customer Details' }).textContent()) ?? '', customer);
      expect(await page.getByTestId('summary-total').textContent()).toBe(formatMoney(quoted.price.total));
      expect(await page.getByRole('radio', { name: 'Pay Deposit' }).isChecked()).toBe(true);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Dismiss payment cancelled message' }).click();
      expect(await page.getByRole('heading', { name: 'Payment cancelled' }).count()).toBe(0);

      // A failed payment (failed=true) shows the failure banner; the flow is still there after the reload.
      await page.goto(`${baseUrl}/payment?failed=true`);
      await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
      expect(await page.getByTestId('summary-total').textContent()).toBe(formatMoney(quoted.price.total));

      // And paying again from here reaches the hosted checkout.
      await payNowToCheckout(page, '$10.00');
      expect(consoleErrors()).toEqual([]);
    });
  });

  it("shows the server's reason and stays on the page when checkout is refused", async () => {
    await withPage(browser(), viewport, async (page) => {
      await quoteAndBook(page, baseUrl);
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      // Age the selection: a drop-off at midnight today no longer meets the 4-hour lead time.
      await page.evaluate((today) => {
        const h = window.history.state as { usr: { quoteData: { dropOffDate: string; dropOffTime: string } } };
        h.usr.quoteData.dropOffDate = today;
        h.usr.quoteData.dropOffTime = '00:00';
        window.history.replaceState(h, '');
      }, daysFromToday(0));
      await page.reload();
      await page.getByRole('button', { name: /^Pay Now/ }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(messages.leadTime);
      expect(new URL(page.url()).pathname).toBe('/payment');
      expect(await page.getByRole('button', { name: /^Pay Now/ }).isEnabled()).toBe(true);
    });
  });

  it("says 'Failed to create checkout session' when the API answers without a checkout address", async () => {
    await withPage(browser(), viewport, async (page) => {
      await quoteAndBook(page, baseUrl);
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      await page.route('**/api/checkout', (route) => route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ sessionId: 'cs_x', bookingId: 'b_x' }) }));
      await page.getByRole('button', { name: /^Pay Now/ }).click();
      await page.getByRole('alert').filter({ hasText: 'Failed to create checkout session' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/payment');
    });
  });

  it('redirects direct visits without a booking, and explains a missing or unknown payment session', async () => {
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/payment`);
      await page.waitForURL(`${baseUrl}/`);
      await page.goto(`${baseUrl}/payment?canceled=true`);
      await page.waitForURL(`${baseUrl}/`);

      await page.goto(`${baseUrl}/payment-success`);
      await page.getByRole('heading', { level: 1, name: 'Booking Issue' }).waitFor();
      expect(await page.getByText('Invalid payment session').isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      expect(await page.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
      expect(await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');

      // Held back until the wait has been seen (not for a fixed time a busy machine may not honour); then the API
      // says it knows no such session.
      let release: () => void = () => undefined;
      const seen = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/checkout/cs_test_unknown', async (route) => {
        await seen;
        await route.continue();
      });
      await page.goto(`${baseUrl}/payment-success?session_id=cs_test_unknown`);
      await page.getByText('Creating your booking...').waitFor();
      release();
      await page.getByRole('heading', { level: 1, name: 'Booking Issue' }).waitFor();
      // An unknown session took no money, so the page does not say a payment went through: it says what happened
      // and what to do.
      expect(await page.getByText('We could not find this payment. The link may be mistyped or cut short: open it again from your confirmation e-mail, or book again from the home page.').isVisible()).toBe(true);
      expect(await page.getByText('Failed to create booking').count()).toBe(0);
    });
  });
});
