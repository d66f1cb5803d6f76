/**
 * Driving the booking flow as a user does: get a quote on the home page and press Book, fill in the
 * customer's details, continue to payment, and act on the offline Stripe stand-in's checkout page.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { toDateInput } from '../../../shared/date-input';
import { priceFor, type Price } from '../../../shared/pricing';
import { daysFromToday } from '../../support/dates';
import type { TestUser } from '../../support/users';
import { axeViolations } from './axe';
import { openSignedIn } from './session';

/** Types a date digit by digit; a complete date moves focus to the time field 100 ms later. */
export async function typeDate(page: Page, label: string, iso: string, nextId: string) {
  await page.getByLabel(label, { exact: true }).pressSequentially(toDateInput(iso).replace(/\//g, ''));
  await page.waitForFunction((id) => document.activeElement?.id === id, nextId);
}

export interface QuoteChoice {
  /** Days from today (NZ) of the drop-off; 3 keeps clear of the 4-hour lead time. */
  dropOffInDays?: number;
  /** Calendar days between drop-off and pick-up; both at 09:00 unless pickUpTime is given. */
  stayDays?: number;
  pickUpTime?: string;
  carWash?: boolean;
}

export interface Quoted {
  dropOffDate: string;
  pickUpDate: string;
  pickUpTime: string;
  carWash: boolean;
  /** The price the quote card shows (cents). */
  price: Price;
}

/** Gets a quote on the home page and presses Book; ends on /booking. */
export async function quoteAndBook(page: Page, baseUrl: string, choice: QuoteChoice = {}): Promise<Quoted> {
  const { dropOffInDays = 3, stayDays = 3, pickUpTime = '09:00', carWash = false } = choice;
  const dropOffDate = daysFromToday(dropOffInDays);
  const pickUpDate = daysFromToday(dropOffInDays + stayDays);
  await page.goto(`${baseUrl}/`);
  await typeDate(page, 'Drop-off date', dropOffDate, 'dropoff-time');
  await typeDate(page, 'Pick-up date', pickUpDate, 'pickup-time');
  if (pickUpTime !== '09:00') await page.getByLabel('Pick-up time').selectOption(pickUpTime);
  if (carWash) await page.getByLabel(/Add a car wash/).check();
  await page.getByRole('button', { name: 'Get Quote' }).click();
  await page.getByTestId('quote-total').waitFor();
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await page.waitForURL(`${baseUrl}/booking`);
  await page.getByRole('heading', { level: 1, name: 'Complete Your Booking' }).waitFor();
  const days = stayDays + (pickUpTime > '09:00' ? 1 : 0);
  return { dropOffDate, pickUpDate, pickUpTime, carWash, price: priceFor(days, carWash) };
}

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  carRegistration: string;
}

/** A customer no other test uses: e-mail and contact number are each unique to one customer. */
export function uniqueCustomer(): Customer {
  const n = randomInt(1_000_000, 9_999_999);
  return { firstName: 'Aroha', lastName: 'Ngata', email: `e2e-${n}@example.com`, contactNumber: `021 ${n}`, carRegistration: `e2e${n % 1000}` };
}

export const FIELD_LABELS: Record<keyof Customer, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  contactNumber: 'Contact Number',
  carRegistration: 'Car Registration',
};

export async function fillCustomer(page: Page, customer: Partial<Customer>) {
  for (const [field, value] of Object.entries(customer) as [keyof Customer, string][]) {
    await page.getByLabel(FIELD_LABELS[field], { exact: true }).fill(value);
  }
}

/** From /booking with a quote: fills the details and continues; ends on /payment. */
export async function detailsToPayment(page: Page, baseUrl: string, customer: Customer) {
  await fillCustomer(page, customer);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  try {
    await page.waitForURL(`${baseUrl}/payment`);
  } catch (error) {
    // Say what the page showed instead (a field's error, a toast, what the fields hold): it failed once in CI with a timeout alone.
    const said = await page.locator('[role="alert"], .toast, .field-error, [aria-invalid="true"]').allTextContents();
    const fields = await Promise.all(Object.values(FIELD_LABELS).map(async (label) => `${label}=${await page.getByLabel(label, { exact: true }).inputValue().catch(() => '?')}`));
    throw new Error(`Continue to Payment stayed on ${page.url()}: ${JSON.stringify(said)}; ${fields.join(', ')}`, { cause: error });
  }
  await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
}

/** The stand-in checkout's pay button; it names the amount ('Pay $10.00 NZD'). */
export const standInPayButton = (page: Page) => page.getByRole('button', { name: /^Pay\b/ });

/**
 * Presses Pay Now and waits for the stand-in's hosted checkout page, which must ask for the same amount
 * the button promised; returns the checkout session id.
 */
export async function payNowToCheckout(page: Page, amount: string): Promise<string> {
  const payNow = page.getByRole('button', { name: `Pay Now ${amount}` });
  await payNow.click();
  await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
  await standInPayButton(page).waitFor();
  expect(await standInPayButton(page).textContent()).toContain(amount);
  const stored = await page.evaluate(() => window.sessionStorage.getItem('pendingBooking'));
  expect(stored, 'the pending booking is stored before leaving for checkout').toBeTruthy();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/**
 * Collects the site's console errors (failed requests included); call before navigating. The offline
 * Stripe stand-in's page is a dev tool, not the product (its missing /favicon.ico is logged there), so
 * messages logged while it is showing are left out.
 */
export function watchConsole(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error' || new URL(page.url()).pathname.startsWith('/_local/')) return;
    errors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return () => errors;
}


/** Waits for a toast with this title (and description); the screen-reader announcement repeats it, so match exactly. */
export async function expectToast(page: Page, title: string, description?: string) {
  await page.getByText(title, { exact: true }).waitFor();
  if (description) expect(await page.getByText(description, { exact: true }).isVisible()).toBe(true);
}

/** axe (WCAG 2.x A/AA and best practices) on the page as it stands; violations as short lines that say what to fix. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * Opens the customer dashboard signed in as `user` (support/session.ts: the session handed over, not typed into the
 * sign-in form, which accounts.e2e.ts and new-booking.e2e.ts test).
 */
export async function signInToDashboard(page: Page, baseUrl: string, user: TestUser) {
  await openSignedIn(page, baseUrl, user, '/customer-dashboard');
  await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
}
