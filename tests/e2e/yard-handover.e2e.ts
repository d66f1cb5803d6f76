/**
 * The handover on the yard screen at phone width (docs/yard.md, The handover): staff record the car's condition at
 * drop-off (odometer, fuel, a mark on the car outline, the traveller's name and drawn signature), check it in, record
 * it again at collection with a new mark, see what changed, and check it out; each form passes the accessibility check.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { Locator, Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { forgetPassSigningKey, passTokenFor, passUrl } from '../../functions/lib/pass-token';
import { keys } from '../../functions/store/keys';
import { ensurePassSigningKey } from '../../local/pass-key';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { booking, partition } from '../integration/payment-support';
import { axeBuilder } from './support/axe';
import { useBrowser, withPage } from './support/browser';
import { letterTag, seedPaidBooking } from './support/admin';

const { browser, baseUrl } = useBrowser();
const env = inject('env');
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

/** A finger's stroke across the signature box, as the pointer events a touch screen sends (a toast may cover the box's edge). */
async function sign(section: Locator) {
  const canvas = section.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  await canvas.evaluate((c) => {
    const r = c.getBoundingClientRect();
    const at = (type: string, i: number) => c.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 7, pointerType: 'touch', clientX: r.left + 20 + i * ((r.width - 40) / 10), clientY: r.top + r.height / 2 + (i % 2 ? 15 : -15) }));
    at('pointerdown', 0);
    for (let i = 1; i <= 10; i++) at('pointermove', i);
    at('pointerup', 10);
  });
}

async function axeClean(page: Page) {
  const axe = await axeBuilder(page).include('.yard-page').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

it('staff record the drop-off and the collection at phone width, and see what changed', async () => {
  const staff = await createUser(env, { staff: true, email: `handover-${randomUUID().slice(0, 6)}@example.com` });
  const tag = letterTag(7);
  const id = await seedPaidBooking({ firstName: 'Hand', lastName: tag, email: `${tag}@example.com`, carRegistration: `H${tag.slice(0, 5).toUpperCase()}`, dropOffDate: daysFromToday(1), pickUpDate: daysFromToday(3) });
  await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET dropOffDate = :d, dropOffTime = :t', ExpressionAttributeValues: { ':d': daysFromToday(0), ':t': '00:00' } }));
  process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
  forgetPassSigningKey();
  const qr = await QRCode.toBuffer(passUrl(baseUrl, await passTokenFor(id)), { type: 'png', width: 400, margin: 4 });

  await withPage(browser(), 'phone', async (page) => {
    await page.goto(`${baseUrl}/auth?next=%2Fyard`);
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password', { exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${baseUrl}/yard`);
    await page.getByLabel('Scan from a photo').setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: qr });
    const panel = page.getByRole('region', { name: /^RP-/ });
    const dropOff = panel.getByRole('region', { name: 'Condition at drop-off' });
    await dropOff.waitFor({ timeout: 60_000 });

    await dropOff.getByLabel('Odometer (km)').fill('45210');
    await dropOff.getByLabel('Fuel level').selectOption('6');
    // The outline's panels are buttons: chosen here with the keyboard.
    await dropOff.getByRole('button', { name: 'Left front door' }).focus();
    await page.keyboard.press('Enter');
    await dropOff.getByLabel('Kind').selectOption('scratch');
    await dropOff.getByRole('button', { name: 'Add mark' }).click();
    await dropOff.getByLabel("Traveller's name").fill('Ana Lee');
    await sign(dropOff);
    await axeClean(page);
    await dropOff.getByRole('button', { name: 'Record drop-off condition' }).click();
    await page.locator('.toast', { hasText: 'Condition recorded' }).first().waitFor();
    await dropOff.getByTestId('condition-drop-off').getByText('Drop-off: 45,210 km, fuel 6/8. Signed by Ana Lee.').waitFor();

    await panel.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.locator('.toast', { hasText: 'Checked in' }).first().waitFor();
    const collection = panel.getByRole('region', { name: 'Condition at collection' });
    await collection.waitFor();
    await collection.getByLabel('Odometer (km)').fill('45300');
    await collection.getByLabel('Fuel level').selectOption('3');
    await collection.getByRole('button', { name: 'Left front door' }).click();
    await collection.getByRole('button', { name: 'Add mark' }).click();
    await collection.getByRole('button', { name: 'Rear bumper' }).click();
    await collection.getByLabel('Kind').selectOption('dent');
    await collection.getByRole('button', { name: 'Add mark' }).click();
    await collection.getByLabel("Traveller's name").fill('Ana Lee');
    await sign(collection);
    await collection.getByRole('button', { name: 'Record collection condition' }).click();
    const compared = collection.getByTestId('condition-comparison');
    // The comparison, or what the screen said instead: a failure names the screen's own words rather than a timeout.
    const refused = page.locator('.toast-destructive');
    await compared.or(refused).first().waitFor();
    expect(await refused.allTextContents()).toEqual([]);
    expect(await compared.getByRole('list', { name: 'New marks' }).textContent()).toBe('New: Rear bumper, Dent');
    await compared.getByText('Driven 90 km; beyond the yard\'s own moves (5 km): 85 km. Fuel used: 3/8 of a tank.').waitFor();
    await axeClean(page);

    await panel.getByRole('button', { name: 'Check out', exact: true }).click();
    await page.locator('.toast', { hasText: 'Checked out' }).first().waitFor();
  });

  expect((await booking(id))!.status).toBe('checkout');
  const records = await partition(keys.booking(id).pk, 'CONDITION#');
  expect(records.map((r) => [r.stage, r.odometer_km, r.fuel.eighths, r.marks.length, r.ack.name])).toEqual([
    ['collection', 45300, 3, 2, 'Ana Lee'],
    ['drop-off', 45210, 6, 1, 'Ana Lee'],
  ]);
  // Each signature is one of the booking's checked photos.
  const photos = new Set((await partition(keys.booking(id).pk, 'PHOTO#')).map((p) => p.id));
  for (const r of records) expect(photos.has(r.ack.signature)).toBe(true);
});
