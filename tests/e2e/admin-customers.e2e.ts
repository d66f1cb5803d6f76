/**
 * The admin's customer list at desktop and phone widths, in one walk per width: an admin opens Customers
 * from the dashboard, searches a family name 27 customers share (25 a page: pages forward and back), finds one
 * customer by name, opens them (details and bookings with reference, dates, status and total), and follows a booking's
 * reference to it in the bookings list. Paging rules, search forms and access are in the integration tests
 * (tests/integration/admin-customers.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { daysFromToday } from '../support/dates';
import { createUser, type TestUser } from '../support/users';
import { checkout, checkoutBody, payOnPage, uniquePhone } from '../integration/payment-support';
import { bookingRows, column, letterTag, seedPaidBooking, showing, signInAsAdmin } from './support/admin';
import { expectNoAxeViolations } from './support/flow';
import { useBrowser, viewportNames, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

const FAMILY = letterTag(7);
const Family = FAMILY[0]!.toUpperCase() + FAMILY.slice(1);
const SHARED = 26;
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(env, { admin: true, email: `customers-${FAMILY}@example.com` });
  // 26 customers of one family name (each from a paid checkout, as customers are made: a checkout never paid is
  // nobody's customer yet), and Kiri of the same family with two paid bookings: 27 customers the family name finds.
  for (let i = 0; i < SHARED; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, SHARED - i) }, async (_, j) => {
        const started = await checkout(checkoutBody({ customer: { firstName: 'Pager', lastName: Family, email: `cust-${FAMILY}-${i + j}@example.com`, contactNumber: uniquePhone() }, quote: { dropOffDate: daysFromToday(90), pickUpDate: daysFromToday(91), carWash: false } }));
        expect((await payOnPage(started.sessionId)).status).toBeLessThan(400);
      }),
    );
  }
  // One more of the family whose checkout was never paid: the list and its search leave it out.
  await checkout(checkoutBody({ customer: { firstName: 'Unpaid', lastName: Family, email: `cust-${FAMILY}-unpaid@example.com`, contactNumber: uniquePhone() }, quote: { dropOffDate: daysFromToday(92), pickUpDate: daysFromToday(93), carWash: false } }));
  const kiri = { firstName: 'Kiri', lastName: Family, email: `kiri-${FAMILY}-${randomUUID().slice(0, 4)}@example.com`, contactNumber: uniquePhone() };
  await seedPaidBooking({ ...kiri, carRegistration: 'KIRI1', dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(23) });
  await seedPaidBooking({ ...kiri, carRegistration: 'KIRI1', dropOffDate: daysFromToday(40), pickUpDate: daysFromToday(44) });
});

describe.each(viewportNames)('the customer list at %s width', (viewport) => {
  it("finds a family's customers over two pages, opens one, and follows their booking to the bookings list", async () => {
    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('link', { name: 'Customers', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/customers`);
      await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
      await page.getByText(/^Showing 1 to \d+ customers$/).waitFor();

      await page.getByLabel('Search customers').fill(FAMILY);
      await page.waitForURL((u) => u.searchParams.get('q') === FAMILY);
      await page.getByText('Showing 1 to 25 of 27 customers', { exact: true }).waitFor();
      expect(await bookingRows(page).count()).toBe(25);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Showing 26 to 27 of 27 customers', { exact: true }).waitFor();
      await page.waitForFunction(() => !document.querySelector('.admin-list[aria-busy]'));
      expect(await bookingRows(page).count()).toBe(2);
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByText('Showing 1 to 25 of 27 customers', { exact: true }).waitFor();

      await page.getByLabel('Search customers').fill(`kiri ${FAMILY}`);
      await page.getByText('Showing 1 to 1 of 1 customers', { exact: true }).waitFor();
      expect(await column(page, 'Name')).toEqual([`Kiri ${Family}`]);
      // The row opens by the customer's name (a link), as well as by its View button.
      expect(await page.getByRole('link', { name: `View customer Kiri ${Family}` }).getAttribute('href')).toMatch(/^\/admin\/customers\//);
      await page.getByRole('link', { name: `Kiri ${Family}`, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: `Kiri ${Family}` }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Bookings (2)' }).waitFor();
      const rows = page.getByRole('table', { name: `Bookings of Kiri ${Family}` }).locator('tbody tr');
      expect(await rows.count()).toBe(2);
      // The latest drop-off first, each with its reference, dates, status and total.
      const first = (await rows.first().innerText()).replace(/\s+/g, ' ');
      expect(first).toMatch(/RP-[A-Z0-9]{6}/);
      expect(first).toContain(toNz(daysFromToday(40)));
      expect(first).toContain(toNz(daysFromToday(44)));
      expect(first).toContain('Reservation');
      expect(first).toMatch(/\$\d+\.\d{2}/);
      expect((await rows.nth(1).innerText()).replace(/\s+/g, ' ')).toContain(toNz(daysFromToday(20)));
      await expectNoAxeViolations(page);

      const reference = (await rows.first().getByRole('link').textContent())!.trim();
      await rows.first().getByRole('link', { name: `Open booking ${reference}` }).click();
      await page.waitForURL((u) => u.pathname === '/admin' && u.searchParams.get('q') === reference);
      await showing(page, 'Showing 1 to 1 of 1 bookings');
      expect(await column(page, 'Booking Ref')).toEqual([reference]);
    });
  });
});

/** "24/12/2026" for "2026-12-24", as the admin pages write dates. */
function toNz(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
