/**
 * The admin dashboard end to end, at desktop and phone widths: staff sign in, read the summary, find bookings
 * by name, registration and reference, filter by status and drop-off dates (kept in the address across a
 * reload), page and sort; edit a booking's dates, status and bay (price and balance follow; a bay another
 * booking holds is refused), edit the customer (a duplicate e-mail is refused with its message), read
 * the history; and book for a customer through the hosted checkout.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { toDateInput } from '../../shared/date-input';
import { addDays, nzToday } from '../../shared/nz-time';
import { testBay } from '../support/bays';
import { createUser, type TestUser } from '../support/users';
import { bookingRows, column, letterTag, seedMany, seedPaidBooking, showing, signInAsAdmin } from './support/admin';
import { standInPayButton, typeDate } from './support/flow';
import { useBrowser, viewportNames, withPage, type ViewportName } from './support/browser';
import { axeBuilder } from './support/axe';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor();
const PAGED = 30;
const pagedTag = letterTag();
const PAGED_TAG = pagedTag.toUpperCase();
const nzDate = (iso: string) => toDateInput(iso);

let admin: TestUser;
/** Dates count from the day the bookings were made, so a test that runs across NZ midnight still agrees with them. */
let seededOn: string;
const day = (n: number) => addDays(seededOn, n);

beforeAll(async () => {
  admin = await createUser(env, { admin: true, email: `staff-${pagedTag}@example.com` });
  seededOn = nzToday(new Date());
  // Thirty bookings of one family name: drop-off i + 1 days from today (the first is tomorrow), two-day stays;
  // and one more, so the whole list never reads the same as the search even in an empty yard.
  await seedMany([
    ...Array.from({ length: PAGED }, (_, i) => ({
      firstName: 'Pager',
      lastName: PAGED_TAG,
      email: `pager-${pagedTag}-${i}@example.com`,
      carRegistration: `PG${PAGED_TAG}${i}`,
      dropOffDate: day(i + 1),
      pickUpDate: day(i + 3),
    })),
    { firstName: 'Someone', lastName: 'Else', email: `else-${pagedTag}@example.com`, carRegistration: `SE${PAGED_TAG}`, dropOffDate: day(40), pickUpDate: day(41) },
  ]);
});

async function sortByDropOff(page: Page, viewport: ViewportName, order: 'dropoff_asc' | 'dropoff_desc') {
  if (viewport === 'phone') {
    await page.getByLabel('Sort by').selectOption(order);
    return;
  }
  const header = page.getByRole('columnheader', { name: /Drop-off/ });
  await header.getByRole('button').click();
  await page.waitForFunction((want) => document.querySelector('th[aria-sort] button')?.closest('th')?.getAttribute('aria-sort') === want, order === 'dropoff_asc' ? 'ascending' : 'descending');
}

/** Types into the All tab's search and waits for the address to carry it (the box waits for a pause in typing). */
async function search(page: Page, text: string) {
  await page.getByLabel('Search bookings').fill(text);
  await page.waitForURL((u) => u.searchParams.get('q') === text);
}

describe.each(viewportNames)('admin dashboard at %s width', (viewport) => {
  it('summary; search by name, registration and reference; pages; sort; status and drop-off filters kept in the address', async () => {
    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);

      const card = (label: string) => page.locator('.admin-summary-card', { hasText: label }).locator('strong');
      await page.waitForFunction(() => !document.querySelector('.admin-summary[aria-busy]'));
      expect(Number(await card('Total Bookings').textContent())).toBeGreaterThanOrEqual(PAGED);
      expect(await card('Total Revenue').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
      expect(Number(await card('Unique Customers').textContent())).toBeGreaterThanOrEqual(PAGED);
      // Made today, unless NZ midnight passed since they were seeded.
      expect(Number(await card("Today's Bookings").textContent())).toBeGreaterThanOrEqual(nzToday(new Date()) === seededOn ? PAGED : 0);
      await page.getByRole('tab', { name: /^Upcoming Pickups \(\d+\)$/ }).waitFor();
      await page.getByRole('tab', { name: /^Upcoming Dropoffs \(\d+\)$/ }).waitFor();
      await page.getByRole('tab', { name: /^All Bookings \(\d+\)$/, selected: true }).waitFor();

      // By name: thirty bookings, 25 a page.
      await search(page, `Pager ${PAGED_TAG}`);
      await showing(page, `Showing 1 to 25 of ${PAGED} bookings`);
      expect(new URL(page.url()).searchParams.get('q')).toBe(`Pager ${PAGED_TAG}`);
      expect(await bookingRows(page).count()).toBe(25);
      const first = bookingRows(page).first();
      expect(await first.locator('td[data-label="Customer"]').textContent()).toContain(`Pager ${PAGED_TAG}`);
      expect(await first.locator('td[data-label="Duration"]').textContent()).toBe('2 days');
      expect(await first.locator('td[data-label="Cost"]').textContent()).toBe('$30.00');
      expect(await first.locator('td[data-label="Parking Bay"]').textContent()).toBe('Not set');
      expect(await first.locator('td[data-label="Status"]').textContent()).toBe('Status: Reservation');

      if (viewport === 'phone') {
        // Cards, not a sideways scroll.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        expect(await page.locator('.admin-table thead').isVisible()).toBe(false);
      }
      await page.waitForFunction(() => !document.querySelector('.admin-list[aria-busy]'));
      const axe = await axeBuilder(page).include('.admin-page').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

      // Pages: next, a page link, previous.
      await page.getByRole('button', { name: 'Next' }).click();
      await showing(page, `Showing 26 to ${PAGED} of ${PAGED} bookings`);
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      expect(await bookingRows(page).count()).toBe(PAGED - 25);
      await page.getByRole('button', { name: 'Page 1' }).click();
      await showing(page, `Showing 1 to 25 of ${PAGED} bookings`);

      // Sorted by drop-off over the whole search, both ways.
      await sortByDropOff(page, viewport, 'dropoff_asc');
      await page.waitForFunction((rego) => document.querySelector('.admin-table tbody tr td[data-label="Car Registration"]')?.textContent === rego, `PG${PAGED_TAG}0`);
      expect((await column(page, 'Drop-off'))[0]).toBe(`${nzDate(day(1))}9:00 AM`);
      await sortByDropOff(page, viewport, 'dropoff_desc');
      await page.waitForFunction((rego) => document.querySelector('.admin-table tbody tr td[data-label="Car Registration"]')?.textContent === rego, `PG${PAGED_TAG}${PAGED - 1}`);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('dropoff_desc');

      // A drop-off range: days 10 to 12 hold three of them; the address keeps the range across a reload.
      await typeDate(page, 'Drop-off from', day(10), 'admin-dropoff-to');
      await page.getByLabel('Drop-off to', { exact: true }).pressSequentially(toDateInput(day(12)).replace(/\//g, ''));
      await showing(page, 'Showing 1 to 3 of 3 bookings');
      const url = new URL(page.url());
      expect([url.searchParams.get('dropOffFrom'), url.searchParams.get('dropOffTo'), url.searchParams.get('page')]).toEqual([day(10), day(12), null]);
      await page.reload();
      await showing(page, 'Showing 1 to 3 of 3 bookings');
      expect(await page.getByLabel('Drop-off from', { exact: true }).inputValue()).toBe(nzDate(day(10)));
      expect(await page.getByLabel('Search bookings').inputValue()).toBe(`Pager ${PAGED_TAG}`);
      expect(await column(page, 'Car Registration')).toEqual([`PG${PAGED_TAG}11`, `PG${PAGED_TAG}10`, `PG${PAGED_TAG}9`]);

      // A status with none of them: the empty message; clearing the dates and the status brings all back.
      await page.getByLabel('Status').selectOption('checkout');
      await page.getByText('No bookings found for this category').waitFor();
      expect(new URL(page.url()).searchParams.get('status')).toBe('checkout');
      await page.getByLabel('Status').selectOption('all');
      await page.getByRole('button', { name: 'Clear drop-off from' }).click();
      await page.getByRole('button', { name: 'Clear drop-off to' }).click();
      await showing(page, `Showing 1 to 25 of ${PAGED} bookings`);
      expect(await page.getByLabel('Drop-off from', { exact: true }).inputValue()).toBe('');

      // By registration, then by the booking reference that row shows.
      await search(page, `PG${PAGED_TAG}7`);
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      const reference = (await column(page, 'Booking Ref'))[0]!;
      expect(reference).toMatch(/^RP-[A-Z2-9]{6}$/);
      await search(page, reference);
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      expect(await column(page, 'Car Registration')).toEqual([`PG${PAGED_TAG}7`]);

      // The upcoming tabs: the card's quick search edits the same search; tomorrow's drop-off is listed.
      await page.getByRole('tab', { name: /^Upcoming Dropoffs/ }).click();
      await page.getByLabel('Quick search').fill(`Pager ${PAGED_TAG}`);
      await page.waitForURL((u) => u.searchParams.get('q') === `Pager ${PAGED_TAG}`);
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      expect(await column(page, 'Car Registration')).toEqual([`PG${PAGED_TAG}0`]);
      expect(new URL(page.url()).searchParams.get('tab')).toBe('dropoffs');
      expect(await page.getByLabel('Search bookings').count()).toBe(0);
    });
  });

  it('filters changed faster than the page re-renders are all kept (two dates, then a status and the search at once)', async () => {
    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await search(page, `Pager ${PAGED_TAG}`);
      await showing(page, `Showing 1 to 25 of ${PAGED} bookings`);

      // Both dates of the range in one task, as a fast typist or a paste can: the second change comes before the
      // address's re-render, and used to start from the address without the first (a list of 12, `dropOffTo` alone).
      const setFields = (fields: [string, string][]) =>
        page.evaluate((all) => {
          for (const [id, value] of all) {
            const el = document.getElementById(id) as HTMLInputElement | HTMLSelectElement;
            Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, value);
            el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
          }
        }, fields);
      await setFields([
        ['admin-dropoff-from', nzDate(day(10))],
        ['admin-dropoff-to', nzDate(day(12))],
      ]);
      await page.waitForURL((u) => u.searchParams.has('dropOffTo'));
      await showing(page, 'Showing 1 to 3 of 3 bookings');
      let url = new URL(page.url());
      expect([url.searchParams.get('q'), url.searchParams.get('dropOffFrom'), url.searchParams.get('dropOffTo')]).toEqual([`Pager ${PAGED_TAG}`, day(10), day(12)]);
      expect(await page.getByLabel('Drop-off from', { exact: true }).inputValue()).toBe(nzDate(day(10)));

      // A status and a pick-up date together keep the range and the search too.
      await setFields([
        ['admin-filter-status', 'reservation'],
        ['admin-pickup-to', nzDate(day(13))],
      ]);
      await page.waitForURL((u) => u.searchParams.has('pickUpTo'));
      await showing(page, 'Showing 1 to 2 of 2 bookings');
      url = new URL(page.url());
      expect(['q', 'status', 'dropOffFrom', 'dropOffTo', 'pickUpTo'].map((k) => url.searchParams.get(k))).toEqual([`Pager ${PAGED_TAG}`, 'reservation', day(10), day(12), day(13)]);
      expect(await column(page, 'Car Registration')).toEqual(expect.arrayContaining([`PG${PAGED_TAG}9`, `PG${PAGED_TAG}10`]));
    });
  });

  it('edits dates, status and bay (price and balance follow), refuses a taken bay, edits the customer, shows the history', async () => {
    const tag = letterTag();
    const TAG = tag.toUpperCase();
    const from = nzToday(new Date());
    const on = (n: number) => addDays(from, n);
    // Bays are shared by every booking in the yard: this test's own (the yard numbers them 1 to its capacity).
    const bay = testBay(env.dataDir);
    const nextBay = testBay(env.dataDir);
    const [editedId] = await seedMany([
      // Three days, $30.00, paid in full.
      { firstName: 'Edited', lastName: TAG, email: `edited-${tag}@example.com`, carRegistration: `ED${TAG}`, dropOffDate: on(5), pickUpDate: on(8) },
      { firstName: 'Other', lastName: TAG, email: `other-${tag}@example.com`, carRegistration: `OT${TAG}`, dropOffDate: on(6), pickUpDate: on(9) },
    ]);
    expect(editedId).toBeTruthy();
    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await search(page, `ED${TAG}`);
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      await bookingRows(page).first().getByRole('button', { name: /^Edit booking RP-/ }).click();

      const dialog = page.getByRole('dialog', { name: 'Edit Booking Details' });
      await dialog.getByLabel('Booking Status').waitFor();
      await dialog.getByText(`Edited ${TAG}`).waitFor();
      expect(await dialog.getByLabel('Total Cost').inputValue()).toBe('$30.00');
      expect(await dialog.getByLabel('Total Cost').getAttribute('readonly')).not.toBeNull();
      await dialog.getByText('Calculated automatically from the dates and services; it cannot be edited.').waitFor();
      await dialog.getByText('No changes recorded yet.').waitFor();
      const axe = await axeBuilder(page).include('[role="dialog"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      // Two more days: five days, $35.00, $5.00 left to pay at pick-up.
      await dialog.getByLabel('Pick-up date', { exact: true }).clear();
      await typeDate(page, 'Pick-up date', on(10), 'admin-edit-pickup-time');
      await page.waitForFunction(() => (document.getElementById('admin-edit-total') as HTMLInputElement | null)?.value === '$35.00');
      await dialog.getByText('Balance due at pick-up: $5.00').waitFor();
      await dialog.getByLabel('Booking Status').selectOption('checkin');
      await dialog.getByLabel('Parking Bay Number').fill(`0${bay}`);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      // Five days before its drop-off: checking in is an admin's exception, confirmed with a reason.
      await dialog.getByText(`This booking can be checked in from its drop-off day, ${on(5)}. An admin can check it in early with a reason.`).first().waitFor();
      await dialog.getByLabel('I confirm this status change (admins)').check();
      await dialog.getByLabel('Reason for the status change').fill('Owner dropped the car off early');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Booking updated successfully');
      await dialog.waitFor({ state: 'detached' });
      const row = bookingRows(page).first();
      await page.waitForFunction((want) => document.querySelector('.admin-table td[data-label="Parking Bay"]')?.textContent === want, bay);
      expect(await row.locator('td[data-label="Cost"]').textContent()).toBe('$35.00Balance due $5.00');
      expect(await row.locator('td[data-label="Status"]').textContent()).toBe('Status: Check-in');
      expect(await row.locator('td[data-label="Duration"]').textContent()).toBe('5 days');
      expect(await row.locator('td[data-label="Pick-up"]').textContent()).toBe(`${nzDate(on(10))}9:00 AM`);

      // The status filter finds it among this test's bookings, and the address keeps it across a reload.
      await page.getByLabel('Status').selectOption('checkin');
      await search(page, TAG);
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      await page.reload();
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      expect(await page.getByLabel('Status').inputValue()).toBe('checkin');
      expect(await column(page, 'Car Registration')).toEqual([`ED${TAG}`]);
      await page.getByLabel('Status').selectOption('all');
      await showing(page, 'Showing 1 to 2 of 2 bookings');

      // The other booking overlaps those dates: the same bay is refused with the reason under the field.
      const other = bookingRows(page).filter({ hasText: `OT${TAG}` });
      await other.getByRole('button', { name: /^Edit booking/ }).click();
      await dialog.getByLabel('Parking Bay Number').fill(bay);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.locator('.field-error', { hasText: 'That parking bay is taken by another booking on these dates' }).waitFor();
      await toast(page, 'Failed to update booking');
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // History, then the customer: a duplicate e-mail is refused; a new name is saved and shown.
      await bookingRows(page).filter({ hasText: `ED${TAG}` }).getByRole('button', { name: /^Edit booking/ }).click();
      const history = dialog.getByRole('region', { name: 'History' });
      await history.getByText('Status: Reservation → changed to Check-in').waitFor();
      await history.getByText(`Parking bay: Not set → changed to ${bay}`).waitFor();
      await history.getByText('Total cost: $30.00 → changed to $35.00').waitFor();
      expect(await history.textContent()).toContain(admin.email);

      await dialog.getByRole('button', { name: 'Edit Customer' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit Customer' });
      await editor.getByLabel('Email Address').waitFor();
      expect(await editor.getByLabel('Customer Name').inputValue()).toBe(`Edited ${TAG}`);
      await editor.getByLabel('Email Address').fill(`other-${tag}@example.com`);
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await editor.locator('.field-error', { hasText: 'A customer with this email already exists' }).waitFor();
      await toast(page, 'Failed to update customer');
      await editor.getByLabel('Email Address').fill(`edited-${tag}@example.com`);
      await editor.getByLabel('Customer Name').fill(`Renamed ${TAG}`);
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Customer updated successfully');
      await editor.waitFor({ state: 'detached' });
      await dialog.locator('.admin-edit-customer', { hasText: `Renamed ${TAG}` }).waitFor();
      // The customer's change gave the booking a new version; a save still goes through, and the list shows both.
      await dialog.getByLabel('Parking Bay Number').fill(nextBay);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Booking updated successfully');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        ([name, want]) => [...document.querySelectorAll('.admin-table tr')].some((tr) => tr.textContent?.includes(name!) && tr.querySelector('td[data-label="Parking Bay"]')?.textContent === want),
        [`Renamed ${TAG}`, nextBay],
      );
    });
  });

  it('books for an existing customer through the hosted checkout and lists the booking once paid', async () => {
    const tag = letterTag();
    const TAG = tag.toUpperCase();
    const from = nzToday(new Date());
    const on = (n: number) => addDays(from, n);
    await seedPaidBooking({ firstName: 'Tui', lastName: TAG, email: `tui-${tag}@example.com`, carRegistration: `TU${TAG}`, dropOffDate: on(3), pickUpDate: on(5) });
    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('button', { name: 'New Booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Booking' });
      await dialog.getByLabel('Find an existing customer').fill(`Tui ${TAG.slice(0, 3)}`);
      await dialog.getByRole('button', { name: new RegExp(`Tui ${TAG}`) }).click();
      expect(await dialog.getByLabel('Email Address').inputValue()).toBe(`tui-${tag}@example.com`);
      expect(await dialog.getByLabel('Customer Name').inputValue()).toBe(`Tui ${TAG}`);
      const submit = dialog.getByRole('button', { name: 'Continue to Payment' });
      expect(await submit.isDisabled()).toBe(true);

      await dialog.getByLabel('Car Registration').fill(`NB${TAG}`);
      await typeDate(page, 'Drop-off date', on(4), 'admin-new-dropoff-time');
      await typeDate(page, 'Pick-up date', on(6), 'admin-new-pickup-time');
      await dialog.getByText('Total: $30.00').waitFor();
      await submit.click();
      await page.waitForURL((u) => u.pathname.startsWith('/_local/stripe/checkout/'));
      await standInPayButton(page).click();
      await page.waitForURL((u) => u.pathname === '/admin');
      await toast(page, 'Booking confirmed successfully!');
      await page.waitForURL((u) => u.pathname === '/admin' && !u.searchParams.has('session_id'));

      await search(page, `NB${TAG}`);
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      const row = bookingRows(page).first();
      expect(await row.locator('td[data-label="Customer"]').textContent()).toContain(`Tui ${TAG}`);
      expect(await row.locator('td[data-label="Cost"]').textContent()).toBe('$30.00');
      expect(await row.locator('td[data-label="Drop-off"]').textContent()).toBe(`${nzDate(on(4))}9:00 AM`);
      // Both of the customer's bookings are found by their name.
      await search(page, `Tui ${TAG}`);
      await showing(page, 'Showing 1 to 2 of 2 bookings');
    });
  });
});
