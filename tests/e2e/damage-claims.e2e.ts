/**
 * Damage claims in the browser (docs/yard.md, Damage claims): the traveller reports damage on the pass at phone width
 * (390 px) with a photo, after their car was checked out; an admin decides it at desktop width on the yard screen,
 * beside the handover records; the traveller reads the decision on the pass. Each form passes the accessibility check.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { forgetPassSigningKey, passTokenFor, passUrl } from '../../functions/lib/pass-token';
import { keys } from '../../functions/store/keys';
import { ensurePassSigningKey } from '../../local/pass-key';
import { daysFromToday } from '../support/dates';
import { png } from '../support/images';
import { createUser } from '../support/users';
import { outboxFor, partition } from '../integration/payment-support';
import { axeBuilder } from './support/axe';
import { useBrowser, withPage } from './support/browser';
import { letterTag, seedPaidBooking } from './support/admin';

const { browser, baseUrl } = useBrowser();
const env = inject('env');
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

async function axeClean(page: Page, selector: string) {
  const axe = await axeBuilder(page).include(selector).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

it('the traveller reports damage on the pass at 390 px; an admin declines it on the yard screen; the pass shows why', async () => {
  const tag = letterTag(7);
  const email = `${tag}@example.com`;
  const id = await seedPaidBooking({ firstName: 'Claim', lastName: tag, email, carRegistration: `C${tag.slice(0, 5).toUpperCase()}`, dropOffDate: daysFromToday(1), pickUpDate: daysFromToday(3) });
  // Collected an hour ago: the yard's check-out is tested elsewhere (yard.e2e.ts, yard-handover.e2e.ts).
  await db.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.booking(id),
      UpdateExpression: 'SET #s = :s, checkedOutAt = :at, updatedAt = :at',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': 'checkout', ':at': new Date(Date.now() - 3_600_000).toISOString() },
    }),
  );
  process.env.PASS_SIGNING_KEY = ensurePassSigningKey(env.dataDir);
  forgetPassSigningKey();
  const token = await passTokenFor(id);
  const pass = passUrl(baseUrl, token);

  await withPage(browser(), 'phone', async (page) => {
    await page.goto(pass);
    const section = page.getByRole('region', { name: 'Report damage' });
    await section.getByRole('button', { name: 'Report damage' }).click();
    const form = section.getByRole('form', { name: 'Report damage' });
    await form.getByLabel('Where is the damage?').selectOption('left-front-door');
    await form.getByLabel('What happened?').fill('A long scratch below the handle that was not there before.');
    await form.getByLabel(/^Photos/).setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: png(32, 24) });
    await axeClean(page, '.pass-section');
    await form.getByRole('button', { name: 'Send damage report' }).click();
    await section.getByRole('status').filter({ hasText: 'Thank you: we have your report' }).waitFor({ timeout: 60_000 });
    const card = section.getByRole('listitem', { name: 'Damage report: Left front door' });
    await card.getByText('Being reviewed').waitFor();
    await card.getByRole('img', { name: /Photo 1 of the damage/ }).waitFor();
    await axeClean(page, '.pass-section');
  });

  const [claim] = await partition(keys.booking(id).pk, 'CLAIM#');
  expect(claim).toMatchObject({ panel: 'left-front-door', status: 'open', submittedBy: 'Traveller (booking pass)' });
  expect(claim!.photoIds).toHaveLength(1);

  const admin = await createUser(env, { admin: true, email: `claims-${randomUUID().slice(0, 6)}@example.com` });
  const qr = await QRCode.toBuffer(pass, { type: 'png', width: 400, margin: 4 });
  await withPage(browser(), 'desktop', async (page) => {
    await page.goto(`${baseUrl}/auth?next=%2Fyard`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${baseUrl}/yard`);
    await page.getByLabel('Scan from a photo').setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: qr });
    const claims = page.locator('.yard-claims');
    await claims.getByRole('region', { name: 'Handover records' }).waitFor({ timeout: 60_000 });
    await claims.getByText('A long scratch below the handle').waitFor();
    const decide = claims.getByRole('group', { name: 'Decide the claim on the left front door' });
    await decide.getByLabel('Decline').check();
    await decide.getByLabel(/^Reason/).fill('The scratch is on the drop-off record you signed.');
    await axeClean(page, '.yard-claims');
    await decide.getByRole('button', { name: 'Record decision' }).click();
    await claims.getByRole('note', { name: 'Decision' }).getByText('The scratch is on the drop-off record you signed.').waitFor();
    await axeClean(page, '.yard-claims');
  });

  const mails = (await outboxFor(email)).filter((m) => m.subject.startsWith('Your damage report for booking'));
  expect(mails).toHaveLength(1);
  expect(mails[0]!.text).toContain('The scratch is on the drop-off record you signed.');

  await withPage(browser(), 'phone', async (page) => {
    await page.goto(pass);
    const card = page.getByRole('listitem', { name: 'Damage report: Left front door' });
    await card.getByRole('note', { name: 'Decision' }).getByText('The scratch is on the drop-off record you signed.').waitFor();
    await card.getByText('Declined').first().waitFor();
  });
});
