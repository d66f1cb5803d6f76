/**
 * Add to calendar in the browser: a guest books and pays, presses "Add to calendar" on the
 * payment-success page, and the file that downloads holds the drop-off and pick-up at the booked NZ times with the
 * yard's address and the booking pass link. The detail (access, updates, cancellation) is in
 * tests/integration/travel-day.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import { nzWallClock, parseCalendar } from '../support/ics';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, payNowToCheckout, quoteAndBook, standInPayButton, uniqueCustomer } from './support/flow';

const { browser, baseUrl } = useBrowser();

describe.each(viewportNames)('add to calendar (%s)', (viewport) => {
  it('downloads the booking as a calendar file from the payment-success page', async () => {
    await withPage(browser(), viewport, async (page) => {
      const quoted = await quoteAndBook(page, baseUrl, { dropOffInDays: 4, stayDays: 3, pickUpTime: '14:30' });
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      await payNowToCheckout(page, formatMoney(quoted.price.total));
      await standInPayButton(page).click();
      await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
      const reference = (await page.getByTestId('booking-reference').textContent()) ?? '';

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
      expect(download.suggestedFilename()).toBe(`${reference}-parking.ics`);
      const cal = parseCalendar(await readFile((await download.path())!, 'utf8'));
      expect(cal.events.map((e) => nzWallClock(e.start))).toEqual([`${quoted.dropOffDate} 09:00`, `${quoted.pickUpDate} 14:30`]);
      expect(cal.events.map((e) => e.summary)).toEqual([`Drop off your car at Runway Parking (${reference})`, `Pick up your car from Runway Parking (${reference})`]);
      expect(cal.events[0]!.location).toBe('Runway Parking, 10 Airport Park Drive, Mangere, Auckland 2022');
      expect(cal.events[0]!.url).toMatch(new RegExp(`^${baseUrl}/pass/p1\\.`));
    });
  });
});
