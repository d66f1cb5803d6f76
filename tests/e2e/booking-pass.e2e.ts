/**
 * The booking pass without an account: a guest books and pays a deposit, asks for a link by reference
 * and e-mail on /manage-booking, opens it from the outbox, and lands on the pass: the reference, a QR code that
 * decodes (jsQR) to the pass's own address, the stay, the balance with Pay balance, directions and shuttle stops,
 * the calendar and invoice links; re-sends the confirmation and cancels by the terms through the same dialog the
 * dashboard uses. One walk per width.
 */
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { formatMoney } from '../../shared/money';
import { yardGuide } from '../../shared/site';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, expectNoAxeViolations, expectToast, payNowToCheckout, quoteAndBook, standInPayButton, uniqueCustomer, watchConsole } from './support/flow';

const { browser, baseUrl } = useBrowser();

/** Draws the QR image on a canvas in the page and decodes its pixels here. */
async function decodeQr(page: Page): Promise<string | null> {
  const image = await page.getByRole('img', { name: /^QR code for booking/ }).evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const size = 400;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.drawImage(img, 0, 0, size, size);
    return { width: size, height: size, data: Array.from(ctx.getImageData(0, 0, size, size).data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

async function manageLinkIn(email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/_local/outbox.json`);
  const mails = ((await res.json()) as StoredEmail[]).filter((m) => m.to.includes(email) && m.subject.startsWith('Your link to manage booking'));
  expect(mails).toHaveLength(1);
  const link = /https?:\/\/\S+\/manage-booking\/open#[A-Za-z0-9_-]+/.exec(mails[0]!.text)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

describe.each(viewportNames)('booking pass (%s)', (viewport) => {
  it('a guest finds the booking by reference and e-mail, opens the pass with its QR code, re-sends the confirmation and cancels', async () => {
    await withPage(browser(), viewport, async (page) => {
      const consoleErrors = watchConsole(page);
      const quoted = await quoteAndBook(page, baseUrl, { stayDays: 7 });
      const customer = uniqueCustomer();
      await detailsToPayment(page, baseUrl, customer);
      await page.getByRole('radio', { name: 'Pay Deposit' }).check();
      await payNowToCheckout(page, '$10.00');
      await standInPayButton(page).click();
      await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
      const reference = (await page.getByTestId('booking-reference').textContent())!;
      expect(await page.getByRole('link', { name: 'Open your booking pass' }).getAttribute('href')).toMatch(/^\/pass\/p1\./);

      // Later, on another device: the footer's Manage my booking, reference typed without its RP- and in lower case.
      await page.goto(`${baseUrl}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Manage my booking' }).click();
      await page.getByRole('heading', { level: 1, name: 'Manage my booking' }).waitFor();
      await page.getByLabel('Booking reference').fill(reference.replace('RP-', '').toLowerCase());
      await page.getByLabel('Email').fill(customer.email);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await page.getByText('If the reference and e-mail match a booking, we have e-mailed a link to it. The link works once, for 30 minutes.').waitFor();

      await page.goto(await manageLinkIn(customer.email));
      await page.waitForURL((url) => url.pathname.startsWith('/pass/p1.'));
      await page.getByRole('heading', { level: 1, name: 'Booking pass' }).waitFor();
      expect(await page.getByTestId('pass-reference').textContent()).toBe(reference);
      expect(await decodeQr(page)).toBe(page.url());
      // The address itself is a page of the site (its token's dots are no file name): the shell with 200, not 404.
      expect((await fetch(page.url())).status).toBe(200);

      // Opened from its link (the e-mail's, the QR code's): the pre-rendered skeleton paints first and the pass takes
      // its place without moving anything on screen (no layout shift at all).
      await page.addInitScript(() => {
        const shifts: number[] = ((window as unknown as { __shifts: number[] }).__shifts = []);
        new PerformanceObserver((list) => list.getEntries().forEach((e) => shifts.push((e as PerformanceEntry & { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(page.url());
      await page.getByTestId('pass-reference').waitFor();
      await page.getByRole('img', { name: /^QR code for booking/ }).evaluate((img: HTMLImageElement) => img.decode());
      await page.getByRole('link', { name: 'Download invoice' }).waitFor();
      // A frame after the pass painted, so a shift it caused has been reported.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);

      const balance = formatMoney(quoted.price.total - 1000);
      expect(await page.getByTestId('pass-balance').textContent()).toBe(balance);
      await page.getByRole('button', { name: `Pay balance ${balance}` }).waitFor();
      const main = (await page.locator('main').textContent()) ?? '';
      for (const text of ['Drop-off', 'Pick-up', yardGuide.shuttle.domestic, yardGuide.shuttle.international, yardGuide.onArrival[1]!, 'All times are New Zealand time.']) expect(main).toContain(text);
      expect(main).not.toContain(customer.email);
      expect(await page.getByRole('link', { name: 'Open in Maps' }).getAttribute('href')).toBe(yardGuide.mapsUrl);
      const token = new URL(page.url()).pathname.split('/').at(-1)!;
      expect(await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(`/api/pass/${token}/calendar.ics`);
      expect(await page.getByRole('link', { name: 'Download invoice' }).getAttribute('href')).toBe(`/api/pass/${token}/invoice.pdf`);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Resend confirmation' }).click();
      await expectToast(page, 'Confirmation sent', 'We have sent the confirmation again to the e-mail address on the booking.');

      await page.getByRole('button', { name: 'Cancel booking' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}` });
      await dialog.getByText('Refund to your card').waitFor();
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await expectToast(page, 'Booking cancelled', 'No refund is due under the cancellation terms.');
      await page.getByText('Cancelled', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);

      // The link worked once.
      await page.goto(await manageLinkIn(customer.email));
      await page.getByText('This link has expired or has already been used. Ask for a new one below.').waitFor();
      expect(consoleErrors().filter((e) => !e.includes('404'))).toEqual([]);
    });
  });
});
