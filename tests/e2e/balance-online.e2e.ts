/**
 * Money after booking, in the browser: a traveller pays a deposit booking's balance from the dashboard
 * through the offline Stripe stand-in and sees nothing left to pay; then an admin refunds part of the booking through
 * the booking view's form, confirming against the headroom it shows, and sees the refund made.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { booking, checkout, checkoutBody, payOnPage } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { bookingRows, letterTag, signInAsAdmin } from './support/admin';
import { signInToDashboard, standInPayButton } from './support/flow';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe.each(viewportNames)('paying the balance online and a part refund at %s width', (viewport) => {
  it('pays the $50.00 balance from the dashboard, then an admin refunds $15.00 of it through the form', async () => {
    const suffix = `${viewport}-${randomUUID().slice(0, 6)}`;
    const [traveller, admin] = await Promise.all([createUser(env, { email: `balance-online-${suffix}@example.com` }), createUser(env, { admin: true, email: `refund-admin-${suffix}@example.com` })]);
    const tag = letterTag(7);
    const rego = `O${tag.slice(0, 6).toUpperCase()}`;
    // 10 days ($60) paid by the $10 deposit, booked signed in: $50 due, listed on the traveller's dashboard.
    const body = checkoutBody({ customer: { lastName: tag, email: traveller.email, carRegistration: rego }, quote: { dropOffDate: daysFromToday(20), dropOffTime: '09:00', pickUpDate: daysFromToday(30), pickUpTime: '09:00', carWash: false }, paymentType: 'deposit' });
    const started = await checkout(body, { authorization: `Bearer ${traveller.idToken}` });
    expect((await payOnPage(started.sessionId)).status).toBeLessThan(400);
    const id = started.bookingId;
    const reference = (await booking(id))!.bookingReference as string;

    await withPage(browser(), viewport, async (page) => {
      await signInToDashboard(page, baseUrl, traveller);
      const card = page.locator('.my-booking').filter({ hasText: rego });
      await card.getByText('$50.00').first().waitFor();
      await card.getByRole('button', { name: `Pay balance of $50.00 for booking ${reference}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      expect(await standInPayButton(page).textContent()).toContain('$50.00');
      await standInPayButton(page).click();
      await page.waitForURL(`${baseUrl}/customer-dashboard`);
      await page.getByText(`Payment received for ${reference}. Thank you. Balance due: $0.00.`, { exact: true }).first().waitFor();
      await card.getByText('Paid in full').waitFor();
      expect(await card.getByRole('button', { name: /^Pay balance/ }).count()).toBe(0);
    });
    expect((await booking(id))!.payment).toMatchObject({ amountPaidCents: 6000, balanceDueCents: 0 });

    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('searchbox').first().fill(tag);
      const row = bookingRows(page).filter({ hasText: rego });
      await row.first().waitFor();
      await row.getByRole('button', { name: /^Edit booking/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Booking Details' });
      await edit.getByTestId('admin-balance-due').filter({ hasText: '$0.00' }).waitFor();
      await edit.getByRole('button', { name: 'Refund part' }).click();
      const form = page.getByRole('dialog', { name: `Refund part of ${reference}` });
      await form.getByText('Up to $60.00 can be refunded', { exact: false }).waitFor();
      await form.getByLabel('Refund amount ($)').fill('70');
      await form.getByText('The refund can be at most $60.00 (what is held beyond what the booking still needs)').waitFor();
      await form.getByLabel('Refund amount ($)').fill('15');
      await form.getByLabel('Reason for the refund').fill('Shuttle was late');
      await form.getByRole('button', { name: 'Review refund' }).click();
      await form.getByText('Refund $15.00 to the card? The total goes from $60.00 to $45.00. At most $60.00 can be refunded.').waitFor();
      await form.getByRole('button', { name: 'Confirm refund of $15.00' }).click();
      // The toast says what happened to the money (web/src/features/admin/refund-outcome.ts): made, to the card.
      const made = page.locator('.toast', { hasText: 'Refund made' }).first();
      await made.waitFor();
      expect(await made.textContent()).toContain('$15.00 back to the card.');
      await form.waitFor({ state: 'detached' });
      await edit.getByRole('region', { name: 'Refunds' }).getByText('$15.00').waitFor();
      await edit.getByRole('region', { name: 'Refunds' }).getByText('Refunded', { exact: false }).waitFor();
    });
    const saved = (await booking(id))!;
    expect(saved.totalCents).toBe(4500);
    expect(saved.payment).toMatchObject({ amountPaidCents: 4500, balanceDueCents: 0 });
    expect(saved.ledger).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'payment', method: 'online', amountCents: 5000 }), expect.objectContaining({ kind: 'refund', amountCents: -1500, status: 'succeeded' })]),
    );
  });
});
