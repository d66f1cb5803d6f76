/**
 * Staff from the dashboard's Actions: a booking's vehicle photos, cancelling with a chosen refund, the
 * day sheet, and a payment that did not match its booking, held for review until staff confirm it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { booking, checkout, checkoutBody, outboxFor, postWebhook, standIn, stripeEvent, stripeSession } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { bookingRows, letterTag, seedPaidBooking, signInAsAdmin } from './support/admin';
import { axeBuilder } from './support/axe';

const { browser, baseUrl } = useBrowser();
const env = inject('env');
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe.each(viewportNames)('staff actions at %s width', (viewport) => {
  it("uploads a photo from the booking's Actions, then cancels it with a $25.00 refund", async () => {
    const admin = await createUser(env, { admin: true, email: `yard-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const tag = letterTag(7);
    const rego = `Y${tag.slice(0, 6).toUpperCase()}`;
    const id = await seedPaidBooking({ firstName: 'Yard', lastName: tag, email: `${tag}@example.com`, carRegistration: rego, dropOffDate: daysFromToday(5), pickUpDate: daysFromToday(9) });

    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('searchbox').first().fill(tag);
      await bookingRows(page).filter({ hasText: rego }).first().waitFor();
      const row = bookingRows(page).filter({ hasText: rego });

      await row.getByRole('button', { name: /^Vehicle photos of booking RP-/ }).click();
      const photos = page.getByRole('dialog', { name: 'Vehicle Photos' });
      await photos.waitFor();
      await photos.locator('input[type="file"]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
      await photos.getByRole('button', { name: /^Upload/ }).click();
      await page.locator('.toast', { hasText: 'Photos uploaded successfully' }).first().waitFor();
      const axe = await axeBuilder(page).include('[role="dialog"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await photos.getByRole('button', { name: 'Close' }).last().click();
      await photos.waitFor({ state: 'detached' });

      await row.getByRole('button', { name: /^Edit booking/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Booking Details' });
      await edit.getByRole('button', { name: 'Cancel Booking' }).click();
      const cancel = page.getByRole('dialog', { name: /^Cancel booking RP-/ });
      await cancel.getByText('By the customer terms the refund would be $10.00 ($20.00 kept: The $20 cancellation fee, 48 hours or more before drop-off). A larger refund needs a reason.').waitFor();
      await cancel.getByLabel('Refund to the card ($)').fill('31');
      await cancel.getByText('The refund can be at most $30.00 (what was paid)').waitFor();
      expect(await cancel.getByRole('button', { name: 'Cancel booking' }).isDisabled()).toBe(true);
      await cancel.getByLabel('Refund to the card ($)').fill('25');
      // Above the terms' $10: staff must say why.
      await cancel.getByText('A refund above the terms ($10.00) needs a reason').waitFor();
      expect(await cancel.getByRole('button', { name: 'Cancel booking' }).isDisabled()).toBe(true);
      await cancel.getByLabel('Reason for refunding more than the terms').fill('Goodwill: shuttle was late');
      expect(await cancel.locator('.form-actions button').allTextContents()).toEqual(['Keep booking', 'Cancel booking']);
      await cancel.getByRole('button', { name: 'Cancel booking' }).click();
      await page.locator('.toast', { hasText: 'Booking cancelled' }).first().waitFor();
      await row.locator('td[data-label="Status"]', { hasText: 'Cancelled' }).waitFor();
    });
    const saved = (await booking(id))!;
    expect(saved.status).toBe('cancelled');
    expect(saved.payment.amountPaidCents).toBe(500);
  });

  it("shows a date's arrivals on the day sheet, checks a car in from it, and prints without the site's chrome", async () => {
    const admin = await createUser(env, { admin: true, email: `sheet-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const tag = letterTag(7);
    const rego = `D${tag.slice(0, 6).toUpperCase()}`;
    const date = daysFromToday(6);
    const id = await seedPaidBooking({ firstName: 'Sheet', lastName: tag, email: `${tag}@example.com`, carRegistration: rego, dropOffDate: date, pickUpDate: daysFromToday(8) });
    // A car is checked in from its drop-off day (shared/status-transitions.ts): the record says it arrived today, as a
    // checkout (which needs hours of notice) cannot book it.
    await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET dropOffDate = :d', ExpressionAttributeValues: { ':d': daysFromToday(0) } }));

    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('link', { name: 'Day Sheet' }).click();
      await page.getByRole('heading', { level: 1, name: 'Day Sheet' }).waitFor();
      await page.getByLabel('Date', { exact: true }).fill(date);
      expect(page.url()).toContain(`date=${date}`);
      const arrivals = page.getByRole('region', { name: /^Arrivals/ });
      const row = arrivals.getByRole('row').filter({ hasText: rego });
      await row.waitFor();
      expect(await row.textContent()).toContain(`Sheet ${tag}`);
      expect(await row.textContent()).toContain('9:00 AM');
      const axe = await axeBuilder(page).include('.day-sheet').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await row.getByRole('button', { name: /^Check in RP-/ }).click();
      await page.locator('.toast', { hasText: 'Checked in' }).first().waitFor();
      await row.getByText('Check-in').waitFor();
      expect(await row.getByRole('button').count()).toBe(0);

      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.site-header').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await row.isVisible()).toBe(true);
    });
    expect((await booking(id))!.status).toBe('checkin');
  });

  it('lists a payment that did not match its booking under Payment review, explains it, and confirms it', async () => {
    const admin = await createUser(env, { admin: true, email: `review-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const tag = letterTag(7);
    const rego = `R${tag.slice(0, 6).toUpperCase()}`;
    const body = checkoutBody({ customer: { firstName: 'Review', lastName: tag, email: `${tag}@example.com`, carRegistration: rego }, quote: { dropOffDate: daysFromToday(7), pickUpDate: daysFromToday(9) } });
    const started = await checkout(body);
    await standIn.pay(started.sessionId);
    const session = await stripeSession(started.sessionId);
    // Stripe reports less than the checkout asked for.
    expect((await postWebhook(stripeEvent('checkout.session.completed', { ...session, amount_total: 100 }))).status).toBe(200);
    expect((await booking(started.bookingId))!.status).toBe('payment_review');

    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByLabel('Status', { exact: true }).selectOption('payment_review');
      await page.getByRole('searchbox').first().fill(tag);
      const row = bookingRows(page).filter({ hasText: rego });
      await row.locator('td[data-label="Status"]', { hasText: 'Payment review' }).waitFor();
      await row.getByRole('button', { name: /^Edit booking/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Booking Details' });
      await edit.getByText(/did not match what its checkout asked, so it is held for review/).waitFor();
      await edit.getByLabel('Booking Status').selectOption('reservation');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'detached' });
    });
    expect((await booking(started.bookingId))!.status).toBe('reservation');
    expect((await outboxFor(body.customer.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking confirmed/)]);
  });
});
