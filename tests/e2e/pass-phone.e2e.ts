/**
 * The pass opened on its own at phone width (390 px), as a traveller opens it from the e-mail or the manage link:
 * no other page of the app loaded before it. What it can open (the cancel dialog, the toast) is styled on that first
 * load, and the page is usable and scrollable after it closes. A cancelled pass offers only what a cancelled booking
 * can do.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { booking, checkout, checkoutBody, getCheckout, outboxFor, payOnPage } from '../integration/payment-support';
import { formatLongDate, formatTime12 } from '../../shared/format';
import { site } from '../../shared/site';
import { daysFromToday } from '../support/dates';
import { useBrowser, withPage } from './support/browser';
import { expectToast, standInPayButton } from './support/flow';

const { browser } = useBrowser();

/** A booking paid by deposit, a week ahead (cancellable by the terms); answers its pass's address and reference. */
async function paidBooking(): Promise<{ passUrl: string; reference: string; id: string; email: string }> {
  const body = checkoutBody({ paymentType: 'deposit', quote: { dropOffDate: daysFromToday(7), pickUpDate: daysFromToday(10) } });
  const started = await checkout(body);
  const paid = await payOnPage(started.sessionId);
  expect(paid.status).toBeLessThan(400);
  const success = (await getCheckout(started.sessionId)).body as { pass_url: string; booking_reference: string };
  return { passUrl: success.pass_url, reference: success.booking_reference, id: started.bookingId, email: (body.customer as { email: string }).email };
}

/** What the page's body and the element at a point say about whether the traveller can still use the page. */
async function pageState(page: Page) {
  return page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return { pointerEvents: body.pointerEvents, overflow: body.overflow, scrollHeight: document.documentElement.scrollHeight, innerHeight: window.innerHeight };
  });
}

/** The box of the first element matching `selector`, with its computed position. */
async function boxOf(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, position: getComputedStyle(el).position, background: getComputedStyle(el).backgroundColor };
  });
}

describe('the pass opened on its own at 390 px', () => {
  it('opens Cancel booking as a styled dialog in view, and the page scrolls again after it closes', async () => {
    const { passUrl, reference } = await paidBooking();
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(passUrl);
      await page.getByTestId('pass-reference').waitFor();
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}` });
      await dialog.getByText('Refund to your card').waitFor();

      // In the viewport, laid over the page (not in the flow below the footer), on its own white card.
      const box = await boxOf(page, '[role="dialog"]');
      expect(box.position).toBe('fixed');
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(844);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
      expect(box.background).toBe('rgb(255, 255, 255)');
      expect((await boxOf(page, '.dialog-overlay')).position).toBe('fixed');
      // The dialog's own buttons are what a tap at their place reaches.
      const keep = dialog.getByRole('button', { name: 'Keep booking' });
      const keepBox = (await keep.boundingBox())!;
      expect(keepBox.y + keepBox.height).toBeLessThanOrEqual(844);
      expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, { x: keepBox.x + keepBox.width / 2, y: keepBox.y + keepBox.height / 2 })).toBe('Keep booking');

      await keep.click();
      await dialog.waitFor({ state: 'detached' });
      const after = await pageState(page);
      expect(after.pointerEvents).not.toBe('none');
      expect(after.overflow).not.toBe('hidden');
      expect(after.scrollHeight).toBeGreaterThan(after.innerHeight);
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      // Cancelling for real: the toast shows in the viewport, styled, and the page is still usable.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      await dialog.getByText('Refund to your card').waitFor();
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await expectToast(page, 'Booking cancelled');
      const toast = await boxOf(page, '.toast');
      expect(toast.position).toBe('relative');
      expect((await boxOf(page, '.toast-viewport')).position).toBe('fixed');
      expect(toast.bottom).toBeLessThanOrEqual(844);
      expect(toast.top).toBeGreaterThanOrEqual(0);
      const cancelled = await pageState(page);
      expect([cancelled.pointerEvents, cancelled.overflow]).not.toContain('none');
      expect(cancelled.overflow).not.toBe('hidden');

      // A cancelled pass offers only what a cancelled booking can do: its invoice (with the credit note), no calendar file.
      await page.getByText('Cancelled', { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Add to calendar' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Pay balance|Cancel booking|Resend confirmation/ }).count()).toBe(0);
      const invoice = await page.getByRole('link', { name: 'Download invoice' }).getAttribute('href');
      const pdf = await fetch(new URL(invoice!, passUrl));
      expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    });
  });

  it('pays the balance from the pass and comes back to it: the payment received, nothing due, and its receipt e-mailed', async () => {
    const { passUrl, reference, id, email } = await paidBooking();
    const due = (await booking(id))!.payment.balanceDueCents / 100;
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(passUrl);
      await page.getByRole('button', { name: `Pay balance $${due.toFixed(2)}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      await standInPayButton(page).click();
      await page.waitForURL((url) => url.pathname === new URL(passUrl).pathname);
      expect(await page.getByTestId('pass-payment-note').textContent()).toBe(`Payment received for ${reference}. Thank you.`);
      await page.getByTestId('pass-balance').filter({ hasText: '$0.00' }).waitFor();
      expect(await page.getByRole('button', { name: /^Pay balance/ }).count()).toBe(0);
      // The check's parameter has left the address: a reload does not check again.
      expect(new URL(page.url()).search).toBe('');
    });
    const receipts = (await outboxFor(email)).filter((m) => m.subject === `Payment received: ${reference} | Runway Parking`);
    expect(receipts.map((m) => m.text.includes(`we have received your payment of $${due.toFixed(2)}, paid online by card`))).toEqual([true]);
  });

  it('shows on its first screen, as a boarding pass does, the reference, status and QR code with when and where: the drop-off date and time and the yard\'s address', async () => {
    const { passUrl, reference, id } = await paidBooking();
    const stored = (await booking(id))!;
    await withPage(browser(), 'phone', async (page) => {
      await page.goto(passUrl);
      await page.getByTestId('pass-reference').filter({ hasText: reference }).waitFor();
      await page.getByRole('img', { name: /^QR code for booking/ }).evaluate((img: HTMLImageElement) => img.decode());
      const boarding = page.getByTestId('pass-boarding');
      expect((await boarding.innerText()).replace(/\s+/g, ' ').trim()).toBe(
        `Drop-off ${formatLongDate(stored.dropOffDate)} ${formatTime12(stored.dropOffTime)} Where ${site.address.street} ${site.address.locality}, ${site.address.city}`,
      );
      const height = page.viewportSize()!.height;
      const bottoms: Record<string, number> = {};
      for (const [name, locator] of Object.entries({ reference: page.getByTestId('pass-reference'), status: page.locator('.pass-status'), qr: page.getByRole('img', { name: /^QR code for booking/ }), boarding })) {
        const box = (await locator.boundingBox())!;
        bottoms[name] = box.y + box.height <= height ? 0 : Math.round(box.y + box.height - height);
      }
      // How far below the first screen each ends: nothing.
      expect(bottoms).toEqual({ reference: 0, status: 0, qr: 0, boarding: 0 });
    });
  });
});
