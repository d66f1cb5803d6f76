/**
 * Settling a balance at the desk: check-out is refused while money is due, staff record the cash
 * the traveller pays from the booking's dialog, the history shows it, and check-out then goes through.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { booking } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { bookingRows, letterTag, seedPaidBooking, signInAsAdmin } from './support/admin';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe.each(viewportNames)('settling a balance at %s width', (viewport) => {
  it('refuses check-out with $50.00 due, records $50.00 cash, then checks the car out', async () => {
    const admin = await createUser(env, { admin: true, email: `balance-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const tag = letterTag(7);
    const rego = `B${tag.slice(0, 6).toUpperCase()}`;
    // 10 days ($60) paid by the $10 deposit: $50 due at pick-up.
    const id = await seedPaidBooking({ firstName: 'Balance', lastName: tag, email: `${tag}@example.com`, carRegistration: rego, dropOffDate: daysFromToday(5), pickUpDate: daysFromToday(15), paymentType: 'deposit' });

    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('searchbox').first().fill(tag);
      const row = bookingRows(page).filter({ hasText: rego });
      await row.first().waitFor();
      await row.getByRole('button', { name: /^Edit booking/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Booking Details' });
      await edit.getByTestId('admin-balance-due').filter({ hasText: '$50.00' }).waitFor();

      await edit.getByLabel('Booking Status').selectOption('checkout');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      // Straight from Reservation to Check-out, days early, skips a step: an admin confirms it with a reason first.
      await edit.getByLabel('I confirm this status change (admins)').check();
      await edit.getByLabel('Reason for the status change').fill('Car collected early; checked in and out at the desk');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.getByRole('alert').filter({ hasText: '$50.00 is still due. Record the payment before check-out, or an admin can let the car go with a reason.' }).waitFor();
      await edit.getByLabel('Reason for checking out with money due (admins)').waitFor();
      expect((await booking(id))!.status).toBe('reservation');

      await edit.getByRole('button', { name: 'Record payment' }).click();
      const pay = page.getByRole('dialog', { name: /^Record payment for RP-/ });
      await pay.getByText('Balance due: $50.00.', { exact: false }).waitFor();
      expect(await pay.getByLabel('Amount paid ($)').inputValue()).toBe('50.00');
      await pay.getByLabel('Amount paid ($)').fill('60');
      await pay.getByText('The payment can be at most $50.00 (the balance due)').waitFor();
      expect(await pay.getByRole('button', { name: 'Record payment' }).isDisabled()).toBe(true);
      await pay.getByLabel('Amount paid ($)').fill('50');
      await pay.getByLabel('Paid by').selectOption('cash');
      await pay.getByRole('button', { name: 'Record payment' }).click();
      await page.locator('.toast', { hasText: 'Payment recorded' }).first().waitFor();
      await pay.waitFor({ state: 'detached' });

      await edit.getByTestId('admin-balance-due').filter({ hasText: '$0.00' }).waitFor();
      await edit.getByText('Payment recorded: Not set').filter({ hasText: '$50.00 Cash' }).waitFor();
      expect(await edit.getByRole('alert').filter({ hasText: 'is still due' }).count()).toBe(0);
      // The form kept Check-out: saving now lets the car go.
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await page.locator('.toast', { hasText: 'Booking updated successfully' }).first().waitFor();
      await row.locator('td[data-label="Status"]', { hasText: 'Check-out' }).waitFor();
    });
    const saved = (await booking(id))!;
    expect(saved.status).toBe('checkout');
    expect(saved.payment).toMatchObject({ amountPaidCents: 6000, balanceDueCents: 0 });
    expect(saved.ledger).toEqual([expect.objectContaining({ kind: 'payment', amountCents: 5000, method: 'cash' })]);
  });
});
