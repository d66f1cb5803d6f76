/**
 * The tax invoice from the customer dashboard: Download invoice on a paid booking saves the PDF,
 * whose text is the tax invoice for that booking: its reference as the number, the seller's GST number, the $60
 * charged and the GST in it.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { daysFromToday } from '../support/dates';
import { pdfPages } from '../support/pdf-text';
import { createUser } from '../support/users';
import { booking, checkout, checkoutBody, payOnPage } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { signInToDashboard } from './support/flow';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe.each(viewportNames)('the tax invoice at %s width', (viewport) => {
  it('Download invoice on a paid booking saves its tax invoice PDF', async () => {
    const user = await createUser(env, { email: `invoice-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const rego = `INV${viewport === 'phone' ? 'P' : 'D'}${randomUUID().slice(0, 3).toUpperCase()}`;
    // 10 days, no car wash: $60.00 paid in full.
    const started = await checkout(checkoutBody({ customer: { email: user.email, carRegistration: rego }, quote: { dropOffDate: daysFromToday(20), pickUpDate: daysFromToday(29), carWash: false } }), { authorization: `Bearer ${user.idToken}` });
    await payOnPage(started.sessionId);
    const reference = (await booking(started.bookingId))!.bookingReference!;

    await withPage(browser(), viewport, async (page) => {
      await signInToDashboard(page, baseUrl, user);
      const card = page.getByRole('listitem').filter({ hasText: rego });
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download invoice for booking ${reference}` }).click()]);
      expect(download.suggestedFilename()).toBe(`${reference}-tax-invoice.pdf`);
      const [invoice] = await pdfPages(await readFile((await download.path())!));
      for (const text of ['Tax invoice', 'GST number 123-456-789', `Invoice number ${reference}`, `Vehicle: ${rego}`, 'Total (GST inclusive) $60.00', 'GST included (15%) $7.83']) expect(invoice).toContain(text);
    });
  });
});
