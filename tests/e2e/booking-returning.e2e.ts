/**
 * Returning customers and the terms before paying, one walk per width: a customer with a
 * saved profile and a past booking signs in from the booking page and comes back to it with the quote kept and the
 * details filled; a hostile `next` goes to the dashboard; the payment page states the cancellation rule and links the
 * terms before Pay Now; 'My bookings' beside the avatar opens the dashboard, where "Book again" carries the car.
 * The rules in detail: tests/unit/returning-customer.test.ts, next-path.test.ts and cancellation-rule.test.ts.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { keys } from '../../functions/store/keys';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { createUser } from '../support/users';
import { checkout, checkoutBody, payOnPage, uniquePhone } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { quoteAndBook } from './support/flow';

const { browser, baseUrl } = useBrowser();
const env = inject('env');
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-southeast-2', endpoint: env.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));

/** The payment page's and the FAQ's sentence, written out: the text a customer reads. */
const RULE =
  'Cancel 48 hours or more before your drop-off time and we refund what you paid less a $20 cancellation fee; cancel later than that (even 24 to 48 hours before), miss your drop-off or pick up early, and nothing is refunded.';

describe.each(viewportNames)('returning customer at %s width', (viewport) => {
  it('signs in from the booking page, finds the details filled, reads the cancellation rule, and books again with the same car', async () => {
    const user = await createUser(env, { email: `returning-${viewport}-${randomUUID().slice(0, 6)}@example.com` });
    const auth = { authorization: `Bearer ${user.idToken}` };
    const phone = uniquePhone();
    expect((await request(baseUrl, 'PUT', '/api/me/profile', { first_name: 'Mere', last_name: 'Tane', phone, address: '' }, auth)).status).toBe(200);
    // A trip made under another name and number, a car wash, 6:30 AM to 8:30 PM; then the clock moves past it.
    const rego = `RTN${randomInt(1000, 9999)}`;
    const started = await checkout(
      checkoutBody({ customer: { email: user.email, firstName: 'Aroha', lastName: 'Ngata', carRegistration: rego }, quote: { dropOffTime: '06:30', pickUpTime: '20:30', carWash: true } }),
      { authorization: user.bearer },
    );
    await payOnPage(started.sessionId);
    await db.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: keys.booking(started.bookingId),
        UpdateExpression: 'SET dropOffDate = :d, pickUpDate = :p, #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': daysFromToday(-20), ':p': daysFromToday(-13), ':s': 'checkout' },
      }),
    );

    await withPage(browser(), viewport, async (page) => {
      // Signed out, a quote and the booking page: nothing is known yet.
      await quoteAndBook(page, baseUrl, { dropOffInDays: 5, stayDays: 2 });
      expect(await page.getByLabel('First Name', { exact: true }).inputValue()).toBe('');

      // Sign In from the header comes back to the booking page, the quote kept, the details filled.
      await page.getByRole('link', { name: 'Sign In', exact: true }).first().click();
      await page.waitForURL(`${baseUrl}/login`);
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}/booking`);
      await page.getByRole('heading', { level: 1, name: 'Complete Your Booking' }).waitFor();
      await page.getByText('We filled in your details from your profile and your last booking. Please check them.').waitFor();
      const filled = {
        'First Name': 'Mere',
        'Last Name': 'Tane',
        Email: user.email,
        'Contact Number': phone,
        'Car Registration': rego,
      };
      for (const [label, value] of Object.entries(filled)) expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(value);

      // 'My bookings' sits beside the avatar, inside a 390 px header too.
      const myBookings = page.getByRole('link', { name: 'My bookings', exact: true });
      await myBookings.waitFor();
      await page.getByRole('button', { name: `Account menu for ${user.email}` }).waitFor();
      const rightEdges = await page.locator('.header-actions > *').evaluateAll((els) => els.filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().right));
      const width = page.viewportSize()!.width;
      for (const right of rightEdges) expect(right).toBeLessThanOrEqual(width);

      // The payment page: the rule in one sentence and the terms, before Pay Now.
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.waitForURL(`${baseUrl}/payment`);
      const rule = page.getByTestId('cancellation-rule');
      expect(await rule.textContent()).toContain(RULE);
      const terms = rule.getByRole('link', { name: /^Read the terms and conditions/ });
      expect(await terms.getAttribute('href')).toBe('/terms#cancellations');
      expect(await terms.getAttribute('target')).toBe('_blank');
      const ruleBeforePay = await page.evaluate(() => {
        const note = document.querySelector('[data-testid="cancellation-rule"]')!;
        const pay = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Pay Now'))!;
        return (note.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      });
      expect(ruleBeforePay).toBe(true);

      // A hostile next is never followed: a signed-in visitor goes to the dashboard.
      await page.goto(`${baseUrl}/login?next=${encodeURIComponent('//evil.example/steal')}`);
      await page.waitForURL(`${baseUrl}/customer-dashboard`);

      // Book again on the past trip: same car, times of day and car wash; new dates to choose.
      await page.getByLabel('Show').selectOption('past');
      const card = page.getByRole('list', { name: 'Past bookings' }).getByRole('listitem').filter({ hasText: rego });
      await card.getByRole('button', { name: /^Book again with the car of booking RP-/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'New Booking' }).waitFor();
      expect(await dialog.getByLabel('Car Registration').inputValue()).toBe(rego);
      expect(await dialog.getByLabel('Drop-off time').inputValue()).toBe('06:30');
      expect(await dialog.getByLabel('Pick-up time').inputValue()).toBe('20:30');
      expect(await dialog.getByRole('checkbox', { name: /Car wash/ }).isChecked()).toBe(true);
      expect(await dialog.getByLabel('Drop-off date', { exact: true }).inputValue()).toBe('');
      expect(await dialog.getByLabel('Pick-up date', { exact: true }).inputValue()).toBe('');
      await dialog.getByText('Choose your dates to see the total.').waitFor();
    });
  });
});
