import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import { formatLongDate } from '../../shared/format';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { expectNoAxeViolations, expectToast, FIELD_LABELS, fillCustomer, quoteAndBook, uniqueCustomer, watchConsole } from './support/flow';

const { browser, baseUrl } = useBrowser();

describe.each(viewportNames)('booking page (%s)', (viewport) => {
  it('without a quote shows Customer Details and sends the user to get a quote first', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      await page.goto(`${baseUrl}/booking`);
      await page.getByRole('heading', { level: 1, name: 'Customer Details' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Complete Your Booking' }).count()).toBe(0);
      expect(await page.getByText('Booking Summary').count()).toBe(0);
      // No dates chosen yet (a Book Now from an article lands here): step 1 is current, nothing is ticked.
      const steps = page.getByRole('list', { name: 'Booking progress' });
      expect(await steps.locator('[aria-current="step"]').innerText()).toContain('Select dates');
      expect(await steps.getByText('✓').count()).toBe(0);
      for (const label of Object.values(FIELD_LABELS)) expect(await page.getByLabel(label, { exact: true }).isVisible()).toBe(true);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Get Quote First' }).click();
      await expectToast(page, 'Quote Required', 'Please get a quote first to proceed with booking.');
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Get Quote' }).waitFor();
      expect(consoleErrors()).toEqual([]);
    });
  });

  it('with a quote shows the summary, requires every field and continues to payment', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 7, pickUpTime: '11:00', carWash: true });
      const summary = page.getByRole('region', { name: 'Booking Summary' });
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain(`Drop-off: ${formatLongDate(quoted.dropOffDate)}, 9:00 AM`);
      expect(text).toContain(`Pick-up: ${formatLongDate(quoted.pickUpDate)}, 11:00 AM`);
      expect(text).toContain('Duration: 8 days');
      expect(text).toContain('Shuttle: Included');
      expect(text).toContain(`Car wash: ${formatMoney(quoted.price.carWashCost)}`);
      expect(text).toContain(`Total: ${formatMoney(quoted.price.total)} incl. GST`);

      const customer = uniqueCustomer();
      await fillCustomer(page, { ...customer, lastName: '' });
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expectToast(page, 'Please complete all fields', 'All fields are required to proceed.');
      expect(page.url()).toBe(`${baseUrl}/booking`);
      // The blank field is marked, described by its error, and has the focus.
      const lastName = page.getByLabel('Last Name', { exact: true });
      expect(await lastName.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await lastName.getAttribute('aria-describedby')) ?? '';
      await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe('Enter your last name');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('last-name');
      await expectNoAxeViolations(page);

      // A malformed e-mail is caught before leaving the page.
      await fillCustomer(page, { lastName: customer.lastName, email: 'aroha@' });
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByText('Please enter a valid email address').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('email');

      await fillCustomer(page, { email: customer.email });
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.waitForURL(`${baseUrl}/payment`);
      const customerCard = (await page.getByRole('region', { name: 'Customer Details' }).textContent()) ?? '';
      expect(customerCard).toContain(`Name: ${customer.firstName} ${customer.lastName}`);
      expect(customerCard).toContain(`Email: ${customer.email}`);
      expect(customerCard).toContain(`Car registration: ${customer.carRegistration.toUpperCase()}`);

      // Back to Details keeps the quote and what was typed.
      await page.getByRole('button', { name: 'Back to Details' }).click();
      await page.waitForURL(`${baseUrl}/booking`);
      await page.getByRole('heading', { level: 1, name: 'Complete Your Booking' }).waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(customer.email);
      expect(await page.getByTestId('summary-total').textContent()).toBe(formatMoney(quoted.price.total));
      expect(consoleErrors()).toEqual([]);
    });
  });

  it('upper-cases the registration as it is typed, and Back to Quote returns home', async () => {
    await withPage(browser(), viewport, async (page) => {
      await quoteAndBook(page, baseUrl);
      const registration = page.getByLabel('Car Registration', { exact: true });
      await registration.pressSequentially('abc');
      expect(await registration.inputValue()).toBe('ABC');
      await registration.pressSequentially('12d');
      expect(await registration.inputValue()).toBe('ABC12D');
      // Typing in the middle keeps the caret where it was.
      await registration.press('Home');
      await registration.press('ArrowRight');
      await registration.pressSequentially('x');
      expect(await registration.inputValue()).toBe('AXBC12D');
      expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
      expect(await page.getByLabel('Contact Number', { exact: true }).getAttribute('type')).toBe('tel');
      expect(await page.getByLabel('First Name', { exact: true }).getAttribute('autocomplete')).toBe('given-name');

      await page.getByRole('button', { name: 'Back to Quote' }).click();
      await page.waitForURL(`${baseUrl}/`);
    });
  });
});
