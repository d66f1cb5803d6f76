/**
 * The yard's day on the phone screen /yard, at the phone's 390 px and at desktop width: a staff member
 * scans a pass's QR code from a photo (the camera's fallback), checks the car in with a photo, the suggested bay and
 * a key tag, then checks it out: refused while money is due, allowed once the cash is recorded. The QR image is made
 * here with `qrcode` from a real pass token signed with the stack's own key (read from its data folder, as the stack
 * reads it). With DOCS_SCREENSHOTS=1 the phone run writes the screenshots of docs/yard.md.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { forgetPassSigningKey, passTokenFor, passUrl } from '../../functions/lib/pass-token';
import { keys } from '../../functions/store/keys';
import { ensurePassSigningKey } from '../../local/pass-key';
import { projectRoot } from '../../project-paths';
import { cameraMessages } from '../../shared/yard';
import { formatShortDate, formatTime12 } from '../../shared/format';
import { daysFromToday } from '../support/dates';
import { createUser } from '../support/users';
import { booking, partition } from '../integration/payment-support';
import { axeBuilder } from './support/axe';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { letterTag, seedPaidBooking } from './support/admin';
import { openSignedIn } from './support/session';

const { browser, baseUrl } = useBrowser();
/** What the headless browser's getUserMedia meets: no camera device at all. */
const CAMERA_HERE = cameraMessages.noCamera;
const env = inject('env');
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

/** A 1x1 PNG: the car's photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function shot(page: Page, viewport: string, name: string) {
  if (viewport !== 'phone' || !process.env.DOCS_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(projectRoot, 'docs/yard', `${name}.png`), fullPage: false });
}

describe.each(viewportNames)('the yard screen at %s width', (viewport) => {
  it('scans a pass from a photo, checks the car in with a photo, bay and key tag, and checks it out once the cash is recorded', async () => {
    const staff = await createUser(env, { staff: true, email: `yard-staff-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const tag = letterTag(7);
    const rego = `Y${tag.slice(0, 5).toUpperCase()}`;
    // Paid by the $10 deposit: 3 days at $10 a day, $20 due at pick-up. The checkout needs a day's notice; the yard meets it today.
    const id = await seedPaidBooking({ firstName: 'Yard', lastName: tag, email: `${tag}@example.com`, carRegistration: rego, dropOffDate: daysFromToday(1), pickUpDate: daysFromToday(3), paymentType: 'deposit' });
    await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(id), UpdateExpression: 'SET dropOffDate = :d, dropOffTime = :t, departureFlight = :f', ExpressionAttributeValues: { ':d': daysFromToday(0), ':t': '00:00', ':f': 'NZ101' } }));
    const due = (await booking(id))!.payment.balanceDueCents / 100;
    expect(due).toBeGreaterThan(0);
    process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
    forgetPassSigningKey();
    const qr = await QRCode.toBuffer(passUrl(baseUrl, await passTokenFor(id)), { type: 'png', width: 400, margin: 4 });

    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/auth?next=%2Fyard`);
      await page.getByLabel('Email').fill(staff.email);
      await page.getByLabel('Password', { exact: true }).fill(staff.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}/yard`);
      await page.getByRole('heading', { level: 1, name: 'Yard' }).waitFor();
      await page.getByRole('heading', { name: 'Next two hours' }).waitFor();
      await shot(page, viewport, '1-yard');
      // Signed in on /auth (sent without the camera), the yard was loaded as its own page: its policy allows the camera.
      expect(await page.evaluate(() => (document as Document & { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy.allowsFeature('camera'))).toBe(true);
      // The browser here has no camera: the screen says so, not that the camera should be allowed.
      await page.getByRole('button', { name: 'Scan with the camera' }).click();
      await page.locator('.yard-scan [role="alert"]').waitFor();
      expect(await page.locator('.yard-scan [role="alert"]').textContent()).toBe(CAMERA_HERE);

      // Scan from a photo: the pass's QR code as the phone's camera app saved it.
      await page.getByLabel('Scan from a photo').setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: qr });
      const panel = page.getByRole('region', { name: /^RP-/ });
      // The booking's panel, or what the screen said instead (no code found, or the server refused the code): a failure
      // names the screen's own words rather than a timeout.
      const scanProblem = page.locator('.yard-scan [role="alert"], .toast-destructive');
      await panel.getByRole('heading', { name: 'Check in' }).or(scanProblem).first().waitFor({ timeout: 60_000 });
      expect(await scanProblem.allTextContents()).toEqual([]);
      expect(await panel.getByTestId('yard-status').textContent()).toBe('Reservation');
      // The stay as New Zealand writes it (the pass's and pickers' formats), not ISO dates.
      const stored = (await booking(id))!;
      expect(await panel.getByTestId('yard-stay').textContent()).toBe(`${formatShortDate(stored.dropOffDate)} at ${formatTime12(stored.dropOffTime)} to ${formatShortDate(stored.pickUpDate)} at ${formatTime12(stored.pickUpTime)}`);
      expect(await panel.getByTestId('yard-flights').textContent()).toBe('Departure NZ101 · Return not given');
      expect(await page.getByLabel('Car registration').inputValue()).toBe(rego);
      const bay = await page.getByLabel('Parking bay').inputValue();
      expect(bay).toMatch(/^\d+$/);
      await panel.getByText(`Suggested free bay: ${bay}`).waitFor();
      await page.getByLabel('Colour (optional)').fill('Blue');
      await page.getByLabel('Key tag').fill('12');
      await panel.locator('.yard-photos input[type="file"]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
      await panel.getByRole('button', { name: /^Upload/ }).click();
      await page.locator('.toast', { hasText: 'Photos uploaded successfully' }).first().waitFor();
      await panel.getByRole('heading', { name: 'Check in' }).evaluate((h) => h.scrollIntoView());
      await shot(page, viewport, '2-check-in');
      const axe = await axeBuilder(page).include('.yard-page').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await panel.getByRole('button', { name: 'Check in', exact: true }).click();
      await page.locator('.toast', { hasText: 'Checked in' }).first().waitFor();
      await panel.getByRole('heading', { name: 'Check out' }).waitFor();
      expect(await panel.getByTestId('yard-status').textContent()).toBe('Check-in');

      // Money is due: check-out is refused with the amount; cash recorded, it goes through.
      await panel.getByRole('button', { name: 'Check out', exact: true }).click();
      await panel.getByText(`$${due.toFixed(2)} is still due. Record the payment before check-out, or an admin can let the car go with a reason.`).waitFor();
      await shot(page, viewport, '3-check-out-refused');
      expect(await page.getByLabel('Amount paid ($)').inputValue()).toBe(due.toFixed(2));
      await page.getByLabel('Paid by').selectOption('cash');
      await panel.getByRole('button', { name: 'Record payment' }).click();
      await page.locator('.toast', { hasText: 'Payment recorded' }).first().waitFor();
      await panel.getByText('Nothing is due.').waitFor();
      await panel.getByRole('button', { name: 'Check out', exact: true }).click();
      await page.locator('.toast', { hasText: 'Checked out' }).first().waitFor();
      await panel.locator('[data-testid="yard-status"]', { hasText: 'Check-out' }).waitFor();
      // Checked out, the photos at pick-up stay on the card (docs/yard.md: take them as the car leaves).
      await panel.getByRole('heading', { name: 'Photos at pick-up' }).waitFor();
      await shot(page, viewport, '4-checked-out');
    });

    const saved = (await booking(id))!;
    expect(saved).toMatchObject({ status: 'checkout', keyTag: '12', carColour: 'Blue', carRegistration: rego });
    expect(saved.parkingBayNumber).toMatch(/^\d+$/);
    expect(saved.payment.balanceDueCents).toBe(0);
    expect(saved.ledger.filter((l: { kind: string; method?: string }) => l.kind === 'payment' && l.method === 'cash')).toHaveLength(1);
    expect(await partition(keys.booking(id).pk, 'PHOTO#')).toHaveLength(1);
  });

  it('scans a pass from a full-screen screenshot of it (a phone\'s, at its own pixel density), with no native file input in view', async () => {
    const staff = await createUser(env, { staff: true, email: `shot-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const tag = letterTag(7);
    const id = await seedPaidBooking({ firstName: 'Shot', lastName: tag, email: `${tag}@example.com`, carRegistration: `S${tag.slice(0, 5).toUpperCase()}`, dropOffDate: daysFromToday(1), pickUpDate: daysFromToday(3) });
    process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
    forgetPassSigningKey();
    const reference = (await booking(id))!.bookingReference as string;
    const passAddress = passUrl(baseUrl, await passTokenFor(id));
    // The traveller's phone: the pass as it fills a 390 x 844 screen at three pixels to the point, screenshotted: the
    // screen, the page captured whole, and the screen as a messaging app passes it on (1000 pixels tall).
    const phone = await browser().newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const screenshots: Record<string, Buffer> = {};
    try {
      const pass = await phone.newPage();
      await pass.goto(passAddress);
      await pass.getByRole('img', { name: /^QR code for booking/ }).evaluate((img: HTMLImageElement) => img.decode());
      screenshots.screen = await pass.screenshot();
      screenshots.page = await pass.screenshot({ fullPage: true });
      const blank = await phone.newPage();
      const passedOn = await blank.evaluate(async (png) => {
        const picture = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
        const canvas = new OffscreenCanvas(Math.round((picture.width * 1000) / picture.height), 1000);
        canvas.getContext('2d')!.drawImage(picture, 0, 0, canvas.width, canvas.height);
        const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
        return btoa(String.fromCharCode(...new Uint8Array(await jpeg.arrayBuffer())));
      }, screenshots.screen.toString('base64'));
      screenshots.passedOn = Buffer.from(passedOn, 'base64');
    } finally {
      await phone.close();
    }
    await withPage(browser(), viewport, async (page) => {
      await openSignedIn(page, baseUrl, staff, '/yard');
      await page.getByRole('heading', { level: 1, name: 'Yard' }).waitFor();
      // The button is the way in: the native file input behind it takes no room and shows nothing.
      const input = page.locator('.yard-scan input[type="file"]');
      const box = await input.boundingBox();
      expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
      const scanProblem = page.locator('.yard-scan [role="alert"], .toast-destructive');
      const read: Record<string, string> = {};
      for (const [name, buffer] of Object.entries(screenshots)) {
        const sent = page.waitForRequest((r) => r.url().endsWith('/api/yard/scan'), { timeout: 60_000 });
        await input.setInputFiles({ name: `${name}.${name === 'passedOn' ? 'jpg' : 'png'}`, mimeType: name === 'passedOn' ? 'image/jpeg' : 'image/png', buffer });
        read[name] = await Promise.race([
          sent.then((r) => ((JSON.parse(r.postData() ?? '{}') as { code?: string }).code === passAddress ? 'read' : `read as ${r.postData()}`)),
          scanProblem.first().waitFor({ timeout: 60_000 }).then(async () => (await scanProblem.allTextContents()).join(' ')),
        ]);
        if (read[name] !== 'read') continue;
        const panel = page.getByRole('region', { name: reference });
        await panel.or(scanProblem).first().waitFor({ timeout: 60_000 });
        expect(await scanProblem.allTextContents()).toEqual([]);
        await panel.getByRole('button', { name: 'Close' }).click();
      }
      expect(read).toEqual({ screen: 'read', page: 'read', passedOn: 'read' });
    });
  });
});
