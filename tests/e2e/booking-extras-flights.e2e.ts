/**
 * Flight numbers and the late-night rule in the browser, one walk per width: the quote card
 * refuses a late-night drop-off inside 24 hours with the terms' message; a guest books with both flights (a malformed
 * one is refused under its field first), sees them on the payment summary and the booking pass; staff see them in
 * the admin list, on the day sheet and in the exported CSV.
 */
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { flightNumberMessage } from '../../shared/flight-number';
import { landedInstruction } from '../../shared/site';
import { isLateNight, lateNightMessage } from '../../shared/late-night';
import { addDays, nzInstant, nzToday } from '../../shared/nz-time';
import { ALL_SLOTS } from '../../shared/slots';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { bookingRows, letterTag, showing, signInAsAdmin } from './support/admin';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { fillCustomer, payNowToCheckout, quoteAndBook, standInPayButton, typeDate, uniqueCustomer, watchConsole } from './support/flow';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

/** A late-night drop-off past the 4-hour lead time but within 24 hours (the 20 hours between always reach into a night). */
function lateNightSoon() {
  const now = Date.now();
  for (const date of [nzToday(new Date()), daysFromToday(1), daysFromToday(2)]) {
    for (const time of ALL_SLOTS.filter(isLateNight)) {
      const at = nzInstant({ date, time })?.getTime();
      if (at && at >= now + 4.5 * 3_600_000 && at <= now + 22 * 3_600_000) return { date, time };
    }
  }
  throw new Error('no late-night slot within a day');
}

describe.each(viewportNames)('flights and the late-night rule (%s)', (viewport) => {
  it('refuses a late-night drop-off at short notice, books with both flights and finds them on the pass, the admin list, the day sheet and the CSV', async () => {
    const admin = await createUser(env, { admin: true, email: `flights-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      // The quote card: tonight's (or tomorrow night's) late slot is refused with the terms' rule.
      const soon = lateNightSoon();
      await page.goto(`${baseUrl}/`);
      await typeDate(page, 'Drop-off date', soon.date, 'dropoff-time');
      await page.getByLabel('Drop-off time').selectOption(soon.time);
      await typeDate(page, 'Pick-up date', addDays(soon.date, 3), 'pickup-time');
      await page.getByRole('button', { name: 'Get Quote' }).click();
      await page.getByText(lateNightMessage, { exact: true }).waitFor();
      expect(await page.getByTestId('quote-total').count()).toBe(0);

      // A day-time drop-off three days ahead books (the card keeps the tab's last choice: start afresh); the flights go in with the details.
      await page.evaluate(() => window.sessionStorage.clear());
      const quoted = await quoteAndBook(page, baseUrl, { dropOffInDays: 3, stayDays: 4 });
      const customer = { ...uniqueCustomer(), lastName: `Flyer${letterTag(6)}` };
      await fillCustomer(page, customer);
      await page.getByLabel('Departure flight (optional)').fill('nz 101');
      await page.getByLabel('Return flight (optional)').fill('flight 7');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByText(flightNumberMessage, { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/booking');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('booking-return-flight');
      await page.getByLabel('Return flight (optional)').fill('nz102');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.waitForURL(`${baseUrl}/payment`);
      await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
      const summary = (await page.locator('.booking-aside .summary-list').textContent()) ?? '';
      expect(summary).toContain('Departure flight: NZ101');
      expect(summary).toContain('Return flight: NZ102');
      await payNowToCheckout(page, `$${(quoted.price.total / 100).toFixed(2)}`);
      await standInPayButton(page).click();
      await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
      const reference = (await page.getByTestId('booking-reference').textContent())!;
      // The success page shows the flights too, and gives the one way back the pass and the e-mails give: "I've landed".
      const success = (await page.locator('main').textContent()) ?? '';
      expect(success).toContain('Departure flight: NZ101');
      expect(success).toContain('Return flight: NZ102');
      expect(success).toContain(landedInstruction);
      expect(success).not.toContain('call us on');

      await page.getByRole('link', { name: 'Open your booking pass' }).click();
      await page.getByRole('heading', { level: 1, name: 'Booking pass' }).waitFor();
      const pass = page.locator('main');
      await pass.getByText('NZ101', { exact: true }).waitFor();
      const passText = (await pass.textContent()) ?? '';
      expect(passText).toContain('Departure flightNZ101');
      expect(passText).toContain('Return flightNZ102');
      expect(consoleErrors()).toEqual([]);

      // Staff: the list shows each flight under its date; the day sheet's arrival and the CSV carry them.
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('searchbox').first().fill(customer.lastName);
      await page.waitForURL((url) => url.searchParams.get('q') === customer.lastName);
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      const row = bookingRows(page).filter({ hasText: reference });
      expect((await row.locator('td[data-label="Drop-off"]').textContent()) ?? '').toContain('Flight NZ101');
      expect((await row.locator('td[data-label="Pick-up"]').textContent()) ?? '').toContain('Flight NZ102');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const [header, ...rows] = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
      expect(rows).toHaveLength(1);
      const cell = (name: string) => rows[0]![header!.indexOf(name)];
      expect([cell('Booking Ref'), cell('Departure Flight'), cell('Return Flight')]).toEqual([reference, 'NZ101', 'NZ102']);

      await page.getByRole('link', { name: 'Day Sheet' }).click();
      await page.getByRole('heading', { level: 1, name: 'Day Sheet' }).waitFor();
      await page.getByLabel('Date', { exact: true }).fill(quoted.dropOffDate);
      const arrival = page.getByRole('region', { name: /^Arrivals/ }).getByRole('row').filter({ hasText: reference });
      expect((await arrival.locator('td[data-label="Flight"]').textContent())?.trim()).toBe('NZ101');
    });
  });
});
