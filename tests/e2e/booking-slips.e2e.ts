/**
 * The booking flow's stalls and slips, walked once per width: the quote card's date fields
 * show all of their placeholder; on My Bookings the actions sit in their own row under the status chips, '+ New
 * booking' lines up with the filters and a time never breaks; a checkout cancelled at the hosted page is called
 * cancelled and offers Retry; the stand-in's declined card comes back as 'Payment Failed' with Retry; the retried
 * payment goes through.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { checkout, checkoutBody, payOnPage } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, expectNoAxeViolations, quoteAndBook, signInToDashboard, standInPayButton, uniqueCustomer, watchConsole } from './support/flow';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

/** Each placeholder's width in the input's own font against the room inside the input (what a clipped 'DD/MM/YYY' lacks). */
const placeholderFit = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')].map((el) => {
      const cs = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      return { id: el.id, need: Math.ceil(ctx.measureText(el.placeholder).width), room: el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
    }),
  );

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe.each(viewportNames)('booking slips (%s)', (viewport) => {
  it('date fields show their placeholder; My Bookings cards keep actions apart; a cancelled checkout says so and retries; a declined card says Payment Failed and retries; the retry pays', async () => {
    const user = await createUser(env, { email: `slips-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const paid = checkoutBody({ customer: { email: user.email, carRegistration: 'SLIPS1' }, quote: { dropOffDate: daysFromToday(5), pickUpDate: daysFromToday(8), carWash: true } });
    await payOnPage((await checkout(paid, { authorization: `Bearer ${user.idToken}` })).sessionId);

    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      await page.goto(`${baseUrl}/`);
      const fits = await placeholderFit(page);
      expect(fits.map((f) => f.id)).toEqual(['dropoff-date', 'pickup-date']);
      for (const f of fits) expect(f.need, f.id).toBeLessThanOrEqual(f.room);

      await signInToDashboard(page, baseUrl, user);
      const card = page.getByRole('list', { name: 'Current and future bookings' }).getByRole('listitem').first();
      await card.getByText('SLIPS1').waitFor();
      // The status chips hold no buttons; Edit and Cancel are in the actions row below them.
      expect(await card.locator('.my-booking-badges button').count()).toBe(0);
      const chips = (await card.locator('.my-booking-badges').boundingBox())!;
      for (const name of [/^Edit booking/, /^Cancel booking/]) {
        const button = (await card.getByRole('button', { name }).boundingBox())!;
        expect(button.y, String(name)).toBeGreaterThanOrEqual(chips.y + chips.height);
      }
      // '+ New booking' lines up with the filters: on their line (desktop) its bottom edge is theirs; above them (phone)
      // its left edge is theirs.
      const newBooking = (await page.getByRole('button', { name: 'New booking' }).boundingBox())!;
      const show = await box(page, '.my-bookings-controls select');
      if (viewport === 'desktop') expect(Math.abs(newBooking.y + newBooking.height - (show.y + show.height))).toBeLessThanOrEqual(1);
      else expect(Math.abs(newBooking.x - show.x)).toBeLessThanOrEqual(1);
      // '9:00 AM' is one line, never '9:00' over 'AM'.
      const times = await card.locator('.my-booking-times dd .nowrap').all();
      expect(times).toHaveLength(4);
      for (const time of times) expect(await time.evaluate((el) => el.getClientRects().length)).toBe(1);

      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 2 });
      await detailsToPayment(page, baseUrl, uniqueCustomer());
      const amount = formatMoney(quoted.price.total);
      await page.getByRole('button', { name: `Pay Now ${amount}` }).click();

      // Cancel at the hosted checkout: the traveller's choice, not a failure.
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('canceled') === 'true');
      const cancelled = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment cancelled' }) });
      await cancelled.waitFor();
      expect(await cancelled.textContent()).toContain('nothing was charged');
      expect(await page.getByRole('heading', { name: 'Payment Failed' }).count()).toBe(0);
      await expectNoAxeViolations(page);

      // Retry from the banner: a new checkout, where the declined test card is chosen.
      await cancelled.getByRole('button', { name: 'Retry Payment' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      await page.getByLabel(/Card that is declined/).check();
      await standInPayButton(page).click();
      await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.get('failed') === 'true');
      const failed = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment Failed' }) });
      await failed.waitFor();
      expect(await failed.textContent()).toContain('you have not been charged');
      expect(await page.getByTestId('summary-total').textContent()).toBe(amount);
      await expectNoAxeViolations(page);

      // Retry again, with the card that pays.
      await failed.getByRole('button', { name: 'Retry Payment' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      await standInPayButton(page).click();
      await page.waitForURL((url) => url.pathname === '/payment-success');
      await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('amount-paid').textContent()).toBe(amount);
      expect(consoleErrors()).toEqual([]);
    });
  });
});
