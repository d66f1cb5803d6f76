/**
 * The pickup queue on the driver's phone and at the desk: staff open /yard/queue once; a traveller
 * whose pick-up is today says "I've landed" by their pass (through the API, as the pass page sends it) and appears
 * in the open page without a reload; "Picked up" moves them to "Bring forward" with their car and bay; a traveller who
 * phoned is added by the reference they read out. The booking's dates are moved onto today by writing it (there is
 * no clock to move), as the integration tests do.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { forgetPassSigningKey, passTokenFor } from '../../functions/lib/pass-token';
import { keys } from '../../functions/store/keys';
import { addDays, nzToday } from '../../shared/nz-time';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser } from '../support/users';
import { booking, item } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { letterTag, seedPaidBooking } from './support/admin';
import { expectNoAxeViolations } from './support/flow';

const { browser, baseUrl } = useBrowser();
const env = inject('env');
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

beforeAll(() => {
  // The stack's pass key, so the test signs the pass link as the product does.
  process.env.PASS_SIGNING_KEY = readFileSync(path.join(env.dataDir, 'pass-signing-key'), 'utf8').trim();
  forgetPassSigningKey();
});

/** A paid booking moved to have dropped off two days ago and to be picked up today at 23:30, parked in `bay`. */
async function returningToday(tag: string, bay: string) {
  const registration = `Q${tag.slice(0, 5).toUpperCase()}`;
  const id = await seedPaidBooking({ firstName: 'Pickup', lastName: tag, email: `${tag}@example.com`, carRegistration: registration, dropOffDate: daysFromToday(3), pickUpDate: daysFromToday(6) });
  await db.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: keys.booking(id),
      UpdateExpression: 'SET dropOffDate = :d, pickUpDate = :p, pickUpTime = :t, parkingBayNumber = :bay, updatedAt = :v',
      ExpressionAttributeValues: { ':d': addDays(nzToday(new Date()), -2), ':p': nzToday(new Date()), ':t': '23:30', ':bay': bay, ':v': new Date().toISOString() },
    }),
  );
  return { id, registration, reference: (await booking(id))!.bookingReference as string, name: `Pickup ${tag}` };
}

describe.each(viewportNames)('the pickup queue at %s width', (viewport) => {
  it('a landing appears without a reload, "Picked up" moves it to Bring forward, and a phoned-in traveller is added', async () => {
    const staff = await createUser(env, { staff: true, email: `queue-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const traveller = await returningToday(letterTag(8), 'C7');
    const caller = await returningToday(letterTag(8), 'D2');

    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${baseUrl}/auth?next=%2Fyard%2Fqueue`);
      await page.getByLabel('Email').fill(staff.email);
      await page.getByLabel('Password', { exact: true }).fill(staff.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}/yard/queue`);
      await page.getByRole('heading', { level: 1, name: 'Pickup Queue' }).waitFor();
      const waiting = page.getByRole('region', { name: /^Waiting for the shuttle/ });
      await waiting.waitFor();
      expect(await waiting.getByText(traveller.name).count()).toBe(0);
      // A reload would lose this mark: the landing must arrive by the page's own polling.
      await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));

      const token = await passTokenFor(traveller.id);
      const landed = await request(baseUrl, 'POST', `/api/pass/${token}/landed`, { terminal: 'international', passengers: 3, flight: 'NZ 5' });
      expect(landed.status, JSON.stringify(landed.body)).toBe(201);

      const card = waiting.getByTestId('pickup-waiting').filter({ hasText: traveller.name });
      await card.waitFor();
      expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
      expect(await card.textContent()).toContain('International');
      expect(await card.textContent()).toContain('3 passengers · NZ 5');
      expect(await card.textContent()).toContain(`${traveller.registration} · bay C7`);
      if (viewport === 'phone') await expectNoAxeViolations(page);

      await card.getByRole('button', { name: `Picked up ${traveller.name}, ${traveller.reference}` }).click();
      const forward = page.getByRole('region', { name: /^Bring forward/ }).getByTestId('pickup-forward').filter({ hasText: traveller.name });
      await forward.waitFor();
      expect(await forward.textContent()).toContain(`${traveller.registration} Bay C7`);
      await card.waitFor({ state: 'detached' });

      // Someone phones: staff type the reference as read out, without RP- and in lower case.
      const add = page.getByRole('form', { name: 'Add a traveller who phoned' });
      await add.getByLabel('Booking reference').fill(caller.reference.slice(3).toLowerCase());
      await add.getByText('Domestic', { exact: true }).click();
      await add.getByLabel('Number of passengers').selectOption('2');
      await add.getByRole('button', { name: 'Add to the queue' }).click();
      const phoned = waiting.getByTestId('pickup-waiting').filter({ hasText: caller.name });
      await phoned.waitFor();
      expect(await phoned.textContent()).toContain('phoned in');
      expect(await add.getByLabel('Booking reference').inputValue()).toBe('');
    });

    expect(await item(keys.pickupQueueEntry(nzToday(new Date()), traveller.id))).toMatchObject({ state: 'picked_up', pickedUpBy: expect.any(String), terminal: 'international', passengers: 3 });
    expect(await item(keys.pickupQueueEntry(nzToday(new Date()), caller.id))).toMatchObject({ state: 'waiting', addedBy: 'staff', terminal: 'domestic', passengers: 2 });
  });
});
