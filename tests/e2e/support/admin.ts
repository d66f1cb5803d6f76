/**
 * For the admin dashboard's browser tests: paid bookings made through the public checkout and the Stripe
 * stand-in (as a customer would make them), signing in as staff, and reading the list as the page shows it.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { checkout, checkoutBody, payOnPage, uniquePhone } from '../../integration/payment-support';
import type { TestUser } from '../../support/users';
import { openSignedIn } from './session';

export interface SeedBooking {
  firstName: string;
  lastName: string;
  email: string;
  contactNumber?: string;
  carRegistration: string;
  /** NZ dates of the drop-off and the pick-up, both at 09:00 (at least a day ahead, clear of the lead time). */
  dropOffDate: string;
  pickUpDate: string;
  /** Paid in full unless 'deposit' ($10 now, the rest due at pick-up). */
  paymentType?: 'full' | 'deposit';
}

/** A paid, confirmed booking; answers its id. */
export async function seedPaidBooking(b: SeedBooking): Promise<string> {
  const body = checkoutBody({
    customer: { firstName: b.firstName, lastName: b.lastName, email: b.email, contactNumber: b.contactNumber ?? uniquePhone(), carRegistration: b.carRegistration },
    quote: { dropOffDate: b.dropOffDate, dropOffTime: '09:00', pickUpDate: b.pickUpDate, pickUpTime: '09:00', carWash: false },
    ...(b.paymentType ? { paymentType: b.paymentType } : {}),
  });
  const started = await checkout(body);
  const paid = await payOnPage(started.sessionId);
  if (paid.status >= 400) throw new Error(`the stand-in refused the payment: ${paid.status}`);
  return started.bookingId;
}

/** Seeds bookings a few at a time (the machine is small and shared). */
export async function seedMany(all: SeedBooking[], inParallel = 4): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < all.length; i += inParallel) ids.push(...(await Promise.all(all.slice(i, i + inParallel).map(seedPaidBooking))));
  return ids;
}

/** Letters only, so a tag is one search word (names, registrations) that no other test uses. */
export function letterTag(length = 5): string {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(0, 26))).join('');
}

/**
 * Opens the admin dashboard signed in as `user` (support/session.ts: the session handed over; staff signing in
 * through /auth is tested in accounts.e2e.ts, pickup-queue.e2e.ts and yard-desk.e2e.ts).
 */
export async function signInAsAdmin(page: Page, baseUrl: string, user: TestUser) {
  await openSignedIn(page, baseUrl, user, '/admin');
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
}

export const bookingRows = (page: Page) => page.locator('.admin-table tbody tr');

/** One column of every row on the page, as shown (the phone's cards carry the same cells). */
export async function column(page: Page, label: string): Promise<string[]> {
  return (await bookingRows(page).locator(`td[data-label="${label}"]`).allTextContents()).map((t) => t.trim());
}

/** Waits for the line under the table, e.g. 'Showing 1 to 25 of 30 bookings'. */
export async function showing(page: Page, line: string) {
  try {
    await page.getByText(line, { exact: true }).waitFor();
  } catch (error) {
    // Say what the page showed instead: the line, an alert, the address.
    const shown = await page.evaluate(() => ({
      line: [...document.querySelectorAll('.admin-list p, .admin-list div')].map((e) => e.textContent ?? '').find((t) => t.startsWith('Showing')) ?? null,
      alert: document.querySelector('[role="alert"]')?.textContent ?? null,
      busy: !!document.querySelector('.admin-list[aria-busy]'),
      url: location.href,
    }));
    throw new Error(`Expected '${line}'; the page showed ${JSON.stringify(shown)}`, { cause: error });
  }
}
