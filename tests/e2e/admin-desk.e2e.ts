/**
 * The admin's desk at 1280 px where features meet: a cash walk-in refunded in part is handed back in cash (the dialog
 * asks that, the toast and the booking's refunds say it), never "refunded to the card".
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, nzToday } from '../../shared/nz-time';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { bookingRows, letterTag, signInAsAdmin } from './support/admin';
import { useBrowser, withPage } from './support/browser';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(env, { admin: true });
});

/** A walk-in paid in cash in the yard, booked by the admin through the API; answers its registration. */
async function cashWalkIn(): Promise<string> {
  const rego = `CW${letterTag(4).toUpperCase()}`;
  const res = await request<{ booking_id: string }>(
    baseUrl,
    'POST',
    '/api/admin/walk-ins',
    { name: `Cash ${letterTag(6)}`, email: `cash-${randomUUID().slice(0, 8)}@example.com`, contact_number: '027 555 0101', car_registration: rego, pick_up_date: addDays(nzToday(), 3), pick_up_time: '10:00', payment: 'cash' },
    { authorization: admin.bearer },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return rego;
}

describe('the admin desk at 1280 px', () => {
  it('a cash walk-in refunded in part: the dialog asks to hand it back in cash, and the screen says it was handed back', async () => {
    const rego = await cashWalkIn();
    await withPage(browser(), 'desktop', async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('searchbox').first().fill(rego);
      const row = bookingRows(page).filter({ hasText: rego });
      await row.first().waitFor();
      await row.getByRole('button', { name: /^Edit booking/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Booking Details' });
      await edit.getByRole('button', { name: 'Refund part' }).click();
      const refund = page.getByRole('dialog', { name: /^Refund part of RP-/ });
      await refund.getByLabel('Refund amount ($)').fill('5');
      await refund.getByLabel('Reason for the refund').fill('Shuttle was late');
      await refund.getByRole('button', { name: 'Review refund' }).click();
      const question = (await refund.getByRole('status').textContent()) ?? '';
      expect(question).toMatch(/^Hand back \$5\.00 in cash\? Give it to the traveller now: it is recorded as handed back by you\. The total goes from/);
      expect(question).not.toContain('card');
      await refund.getByRole('button', { name: 'Confirm refund of $5.00' }).click();
      const toast = page.locator('.toast', { hasText: 'Refund made' }).first();
      await toast.waitFor();
      expect(await toast.textContent()).toContain('$5.00 handed back in cash, recorded.');
      expect(await page.locator('.toast-destructive').count()).toBe(0);
      const refunds = edit.getByRole('region', { name: 'Refunds' });
      await refunds.getByText(/Handed back in cash by /).waitFor();
      expect(await refunds.getByText('Refund failed').count()).toBe(0);
    });
  });
});
