/**
 * Staff see the yard's occupancy and export the list, at desktop and phone widths: the chart with its
 * bars, held places and the day at capacity, the same numbers in the table, the capacity changed (and a bad number
 * refused) from the dashboard, and Export CSV downloading exactly the filtered list.
 *
 * The counters are not yet kept by the booking flow on this branch: each test seeds its own month far ahead with the
 * store's recount (`recountedMonths`) and opens the panel there (`?occupancyFrom=`), so no other test's bookings
 * count in it. The capacity is only ever raised and then put back, so other tests always have room.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'csv-parse/sync';
import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { recountedMonths } from '../../functions/store/occupancy';
import { capacityMessages } from '../../shared/capacity';
import { toDateInput } from '../../shared/date-input';
import { addDays, nzToday } from '../../shared/nz-time';
import { occupancySchema } from '../../shared/occupancy';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser, type TestUser } from '../support/users';
import { bookingRows, letterTag, seedPaidBooking, showing, signInAsAdmin } from './support/admin';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { axeBuilder } from './support/axe';

const { browser, baseUrl } = useBrowser();
const env = inject('env');
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
);

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor();

async function capacityNow(admin: TestUser) {
  const res = await request(baseUrl, 'GET', '/api/admin/occupancy?days=1', undefined, { authorization: `Bearer ${admin.idToken}` });
  return occupancySchema.parse(res.body);
}

/**
 * A period of its own: the 1st of a month in the 2090s. Its 5th is full (as many stays as the capacity), its 12th
 * has 4 bookings and 3 open checkouts.
 */
async function seedPeriod(capacity: number) {
  const from = `${2090 + randomInt(0, 10)}-${String(randomInt(1, 13)).padStart(2, '0')}-01`;
  const fullDay = addDays(from, 4);
  const busyDay = addDays(from, 11);
  const one = (date: string, held: boolean) => ({ stay: { dropOffDate: date, pickUpDate: date }, held });
  const stays = [...Array.from({ length: capacity }, () => one(fullDay, false)), ...Array.from({ length: 4 }, () => one(busyDay, false)), ...Array.from({ length: 3 }, () => one(busyDay, true))];
  for (const item of recountedMonths(stays, new Date().toISOString())) await db.send(new PutCommand({ TableName: env.tableName, Item: item }));
  return { from, fullDay, busyDay };
}

describe.each(viewportNames)('yard occupancy and export at %s width', (viewport) => {
  it('shows the chart with its table, highlights the full day, and changes the capacity', async () => {
    const admin = await createUser(env, { admin: true, email: `occupancy-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const before = await capacityNow(admin);
    const { from, fullDay, busyDay } = await seedPeriod(before.capacity);

    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.goto(`${baseUrl}/admin?occupancyFrom=${from}`);
      const panel = page.getByRole('region', { name: 'Yard Occupancy' });
      const chart = panel.getByRole('img', { name: 'Places used per day' });
      await chart.waitFor();
      expect(await panel.locator('.occupancy-bar').count()).toBe(30);
      // The full day is the one red bar; the busy day's open checkouts are drawn apart from its bookings.
      expect(await panel.locator('.occupancy-bar-full').getAttribute('data-date')).toBe(fullDay);
      expect(await panel.locator(`.occupancy-bar[data-date="${busyDay}"] rect[fill="url(#occupancy-held)"]`).count()).toBe(1);
      await panel.getByText(`1 day at capacity: ${toDateInput(fullDay)}`).waitFor();
      expect(await panel.getByText(`Capacity ${before.capacity}`, { exact: true }).count()).toBe(1);

      // The table: read by screen readers all along, shown on request.
      const table = panel.getByRole('table', { name: /^Places used per day against a capacity of/ });
      expect(await table.count()).toBe(1);
      const tableBox = panel.locator('#admin-occupancy-table');
      expect(await tableBox.getAttribute('class')).toBe('sr-only');
      expect((await tableBox.boundingBox())!.width).toBeLessThanOrEqual(1);
      await panel.getByRole('button', { name: 'Show as table' }).click();
      await table.waitFor({ state: 'visible' });
      expect((await tableBox.boundingBox())!.width).toBeGreaterThan(200);
      expect(await panel.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
      expect(await table.getByRole('row').count()).toBe(31);
      const rowOf = (iso: string) => table.getByRole('row', { name: new RegExp(toDateInput(iso)) });
      expect((await rowOf(fullDay).getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual([String(before.capacity), '0', '0', 'Full']);
      expect((await rowOf(busyDay).getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual(['7', '3', String(before.capacity - 7), 'No']);
      expect((await rowOf(addDays(from, 20)).getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual(['0', '0', String(before.capacity), 'No']);

      const axe = await axeBuilder(page).include('.admin-occupancy').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
      if (viewport === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      // The period moves 30 days at a time and back.
      await panel.getByRole('button', { name: 'Later 30 days' }).click();
      await page.waitForURL((url) => url.searchParams.get('occupancyFrom') === addDays(from, 30));
      await panel.locator('.admin-occupancy-summary', { hasText: `From ${toDateInput(addDays(from, 30))} to` }).waitFor();
      await panel.getByRole('button', { name: 'Earlier 30 days' }).click();
      await panel.getByText(`1 day at capacity: ${toDateInput(fullDay)}`).waitFor();

      // Change the capacity: a bad number is refused with the server's message, a good one is saved and drawn.
      await panel.getByRole('button', { name: /^Change capacity/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Capacity' });
      const input = dialog.getByLabel('Capacity (places)');
      expect(await input.inputValue()).toBe(String(before.capacity));
      for (const bad of ['-3', '2.5', '']) {
        await input.fill(bad);
        await dialog.getByRole('button', { name: 'Save Capacity' }).click();
        await dialog.getByText(capacityMessages.capacityInvalid).waitFor();
      }
      const raised = before.capacity + 100;
      await input.fill(String(raised));
      await dialog.getByRole('button', { name: 'Save Capacity' }).click();
      if (before.capacitySource === 'environment') {
        // A run with YARD_CAPACITY set: the server refuses, and the dialog says why.
        await dialog.getByRole('alert').filter({ hasText: capacityMessages.capacityFixed }).waitFor();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        return;
      }
      await toast(page, 'Capacity updated');
      await dialog.waitFor({ state: 'detached' });
      await panel.getByText(`Capacity ${raised}`, { exact: true }).waitFor();
      await panel.getByText('(set by staff)').waitFor();
      expect(await panel.locator('.occupancy-bar-full').count()).toBe(0);
      expect((await rowOf(fullDay).getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual([String(before.capacity), '0', '100', 'No']);

      // Put it back for the other tests.
      await panel.getByRole('button', { name: /^Change capacity/ }).click();
      await dialog.getByLabel('Capacity (places)').fill(String(before.capacity));
      await dialog.getByRole('button', { name: 'Save Capacity' }).click();
      await panel.getByText(`Capacity ${before.capacity}`, { exact: true }).waitFor();
    });
    expect((await capacityNow(admin)).capacity).toBe(before.capacity);
  });

  it('exports the filtered list as a CSV file', async () => {
    const admin = await createUser(env, { admin: true, email: `export-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const tag = letterTag(7);
    const rego = (n: number) => `X${tag.slice(0, 5).toUpperCase()}${n}`;
    for (const [n, dropIn] of [
      [1, 4],
      [2, 6],
    ] as const) {
      await seedPaidBooking({ firstName: n === 1 ? '=Export' : 'Export', lastName: tag, email: `${tag}-${n}@example.com`, carRegistration: rego(n), dropOffDate: daysFromToday(dropIn), pickUpDate: daysFromToday(dropIn + 2) });
    }

    await withPage(browser(), viewport, async (page) => {
      await signInAsAdmin(page, baseUrl, admin);
      await page.getByRole('searchbox').first().fill(tag);
      await page.waitForURL((url) => url.searchParams.get('q') === tag);
      // The list keeps the last page on screen until the search's answer arrives: wait for the answer's own line.
      await showing(page, 'Showing 1 to 2 of 2 bookings');
      expect(await bookingRows(page).count()).toBe(2);
      await bookingRows(page).filter({ hasText: rego(2) }).waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`bookings-${nzToday(new Date())}.csv`);
      await toast(page, '2 bookings exported');
      const text = await readFile((await download.path())!, 'utf8');
      const [header, ...rows] = parse(text, { bom: true }) as string[][];
      expect(header).toContain('Booking Ref');
      const col = (name: string) => header!.indexOf(name);
      // Newest booked first, as the search lists them; the formula in a name is written as text.
      expect(rows.map((r) => r[col('Car Registration')])).toEqual([rego(2), rego(1)]);
      expect(rows.map((r) => r[col('Customer Name')])).toEqual([`Export ${tag}`, `'=Export ${tag}`]);
      expect(rows[1]![col('Drop-off')]).toBe(`${toDateInput(daysFromToday(4))} 09:00`);
      expect(rows[1]![col('Total')]).toBe('30.00');
    });
  });
});
