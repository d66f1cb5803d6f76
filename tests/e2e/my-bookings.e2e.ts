/** The customer dashboard's My Bookings tab: the person's paid bookings as cards, filtered and sorted. */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { formatShortDate } from '../../shared/format';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { checkout, checkoutBody, payOnPage } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe.each(viewportNames)('My Bookings at %s width', (viewport) => {
  it("lists the person's paid bookings, filters Current & Future / Past and sorts by drop-off", async () => {
    const user = await createUser(env, { email: `mine-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const auth = { authorization: `Bearer ${user.idToken}` };
    const soon = checkoutBody({ customer: { email: user.email, carRegistration: 'SOON1' }, quote: { dropOffDate: daysFromToday(2), pickUpDate: daysFromToday(4), carWash: false } });
    const later = checkoutBody({ customer: { email: user.email, carRegistration: 'LATER2' }, quote: { dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(25) }, paymentType: 'deposit' });
    for (const body of [later, soon]) await payOnPage((await checkout(body, auth)).sessionId);

    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/login?next=%2Fcustomer-dashboard`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}/customer-dashboard`);

      const list = page.getByRole('list', { name: 'Current and future bookings' });
      await list.waitFor();
      const regos = () => list.locator('.my-booking-rego').allTextContents();
      expect(await regos()).toEqual(['SOON1', 'LATER2']);
      const first = list.getByRole('listitem').first();
      await first.getByText('Shuttle Service').waitFor();
      expect(await first.getByText(/^Booking Ref:/).textContent()).toMatch(/Booking Ref: RP-[A-Z2-9]{6}/);
      expect(await first.textContent()).toContain(`${formatShortDate(daysFromToday(2))} at 9:00 AM`);
      expect(await first.textContent()).toContain('Paid in full');
      expect(await list.getByRole('listitem').last().textContent()).toContain('$100.00');

      await page.getByLabel('Sort by drop-off').selectOption('latest');
      expect(await regos()).toEqual(['LATER2', 'SOON1']);
      await page.getByLabel('Show').selectOption('past');
      await page.getByRole('heading', { name: 'No past bookings found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Create New Booking' }).getAttribute('href')).toBe('/#booking');
    });
  });
});
