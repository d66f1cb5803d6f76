/**
 * The customer's edit dialog for a booking whose drop-off date has passed (the car is due or in the yard): the
 * drop-off can no longer be changed, so the dialog shows no drop-off fields, only the pick-up and the rest
 * (docs/product-rules.md, Changing a booking; the server refuses such a change too: my-booking-edit.test.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { addDays, nzToday } from '../../shared/nz-time';
import { keys } from '../../functions/store/keys';
import { createUser } from '../support/users';
import { checkout, checkoutBody, payOnPage } from '../integration/payment-support';
import { useBrowser, withPage } from './support/browser';
import { signInToDashboard } from './support/flow';

const { browser, baseUrl } = useBrowser();
const env = inject('env');

describe('Edit booking after the drop-off date', () => {
  it('shows the pick-up but no drop-off date or time', async () => {
    const user = await createUser(env, { email: `dropped-${randomUUID().slice(0, 6)}@example.com` });
    const started = await checkout(checkoutBody({ customer: { email: user.email, carRegistration: 'GONE1' } }), { authorization: `Bearer ${user.idToken}` });
    await payOnPage(started.sessionId);
    // There is no clock to move: the booking's drop-off is put in the past in the data, as after the day came.
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
    await db.send(new UpdateCommand({ TableName: env.tableName, Key: keys.booking(started.bookingId), UpdateExpression: 'SET dropOffDate = :d', ExpressionAttributeValues: { ':d': addDays(nzToday(new Date()), -1) } }));
    db.destroy();

    await withPage(browser(), 'desktop', async (page) => {
      await signInToDashboard(page, baseUrl, user);
      const item = page.getByRole('listitem').filter({ hasText: 'GONE1' });
      await item.getByRole('button', { name: /^Edit booking/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Limited editing mode').waitFor();
      await dialog.getByLabel('Pick-up date', { exact: true }).waitFor();
      expect(await dialog.getByLabel('Drop-off date', { exact: true }).count()).toBe(0);
      expect(await dialog.getByLabel('Drop-off time', { exact: true }).count()).toBe(0);
    });
  });
});
