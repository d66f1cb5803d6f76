/**
 * The desk and the gate, one flow per width: at 1280 px an admin finds a booking by its
 * reference typed without RP- and in lower case, and every row's Edit and Photos buttons sit inside the window (no
 * sideways scrolling to reach them); at 390 px a member of staff books a walk-in paid in cash and sees it booked.
 * The detail (each forgiving form, the ledger line, refusals) is in tests/integration/yard-desk.test.ts.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, nzToday } from '../../shared/nz-time';
import { createUser, type TestUser } from '../support/users';
import { booking } from '../integration/payment-support';
import { bookingRows, letterTag, seedPaidBooking, signInAsAdmin } from './support/admin';
import { VIEWPORTS, useBrowser, viewportNames, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

let admin: TestUser;
let staff: TestUser;
let reference: string;
const tag = letterTag(6);

beforeAll(async () => {
  [admin, staff] = await Promise.all([createUser(env, { admin: true }), createUser(env, { staff: true })]);
  // A long name and e-mail: the widest a row gets.
  const id = await seedPaidBooking({
    firstName: 'Wiremu-Alexander',
    lastName: `Desk${tag.toUpperCase()}`,
    email: `a-rather-long-address-for-the-desk-${tag}@example-travel-company.co.nz`,
    carRegistration: `DK${tag.slice(0, 4).toUpperCase()}`,
    dropOffDate: addDays(nzToday(new Date()), 2),
    pickUpDate: addDays(nzToday(new Date()), 6),
  });
  reference = (await booking(id))!.bookingReference as string;
});

/** Nothing on the page is wider than the window. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function deskTable(page: Page) {
  await signInAsAdmin(page, baseUrl, admin);
  const code = reference.slice(3).toLowerCase();
  await page.getByLabel('Search bookings').fill(code);
  await page.waitForURL((u) => u.searchParams.get('q') === code);
  await bookingRows(page).filter({ hasText: reference }).first().waitFor();
  // Clear the search: the whole first page, whatever rows other tests made.
  await page.getByLabel('Search bookings').fill('');
  await page.waitForURL((u) => !u.searchParams.get('q'));
  await bookingRows(page).first().waitFor();
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('.admin-table tbody tr')].map((row) => {
      const buttons = [...row.querySelectorAll('.admin-actions button')].map((b) => b.getBoundingClientRect());
      return buttons.map((r) => ({ left: r.left, right: r.right }));
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const row of boxes) {
    expect(row).toHaveLength(2);
    for (const box of row) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
    }
  }
  const wrap = await page.evaluate(() => {
    const el = document.querySelector('.admin-table-wrap')!;
    return { scroll: el.scrollWidth, client: el.clientWidth };
  });
  expect(wrap.scroll).toBeLessThanOrEqual(wrap.client);
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.getByRole('button', { name: `Edit booking ${reference}` }).waitFor({ state: 'visible' });
}

async function walkInPaidCash(page: Page) {
  await page.goto(`${baseUrl}/auth?next=%2Fadmin%2Fwalk-in`);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${baseUrl}/admin/walk-in`);
  await page.getByRole('heading', { level: 1, name: 'Walk-in' }).waitFor();
  await page.getByLabel('Customer Name').fill(`Tama Walkin${tag}`);
  await page.getByLabel('Contact Number').fill('027 555 0199');
  await page.getByLabel('Email Address').fill(`walkin-${tag}@example.com`);
  await page.getByLabel('Car Registration').fill(`WI${tag.slice(0, 4).toUpperCase()}`);
  await page.getByText(/^Total: \$\d+\.\d{2}$/).waitFor();
  expect(await page.getByRole('radio', { name: 'Cash' }).isChecked()).toBe(true);
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.getByRole('button', { name: 'Book and record Cash payment' }).click();
  const done = page.getByRole('status').filter({ hasText: /^Walk-in RP-[2-9A-HJ-NP-Z]{6} booked, paid and checked in/ });
  await done.waitFor();
  expect(await done.textContent()).toContain(`Tama Walkin${tag}`);
  expect(await done.textContent()).toContain(`The confirmation and the booking pass were e-mailed to walkin-${tag}@example.com.`);
  await page.getByRole('button', { name: 'Book another walk-in' }).waitFor();
  expect(await noSidewaysScroll(page)).toBe(true);
}

describe.each(viewportNames)('the desk and the gate at %s width', (viewport) => {
  it(viewport === 'desktop' ? 'the bookings table fits 1280 px with Edit and Photos in view; a reference found without RP-' : 'a walk-in paid in cash, booked by staff on a phone', async () => {
    await withPage(browser(), viewport, async (page) => {
      if (viewport === 'desktop') await deskTable(page);
      else await walkInPaidCash(page);
    });
  });
});
