/**
 * A full yard, as a traveller meets it: the local stack run with YARD_CAPACITY=2 (a stack of this
 * file's own, so the shared one keeps its 300 places). Two bookings fill some dates; the calendars mark them
 * full, Get Quote says 'Sorry, we are full on DD/MM/YYYY. Please choose other dates.' instead of a price, and a
 * place taken while the traveller fills in their details is refused at Pay Now with the same message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacityMessages } from '../../shared/capacity';
import type { LocalStack } from '../../local/server';
import { startTestStack, type TestStack } from '../support/global-setup';
import { daysFromToday } from '../support/dates';
import { request } from '../support/http';
import { customer, quote } from '../integration/payment-support';
import { useBrowser, viewportNames, withPage } from './support/browser';
import { detailsToPayment, quoteAndBook, typeDate, uniqueCustomer } from './support/flow';

const { browser } = useBrowser();
let testStack: TestStack;
let stack: LocalStack;

beforeAll(async () => {
  testStack = await startTestStack('dist', 'runway-e2e-capacity-', { YARD_CAPACITY: '2' });
  stack = testStack.stack;
});

afterAll(() => testStack?.stop());

/** A checkout for drop-off `from` and pick-up `to` days ahead; paid when `pay` (else its places stay held). */
async function takePlace(from: number, to: number, pay: boolean): Promise<void> {
  const res = await request(stack.url, 'POST', '/api/checkout', { quote: quote({ dropOffDate: daysFromToday(from), pickUpDate: daysFromToday(to) }), customer: customer(), paymentType: 'full' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (pay) expect((await fetch(`${stack.url}/_local/stripe/checkout/${res.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBeLessThan(400);
}

describe.each(viewportNames)('a full yard at %s width', (viewport) => {
  // Each width has dates of its own.
  const at = viewport === 'desktop' ? 30 : 60;

  it('marks full days in the calendar and answers Get Quote with the message instead of a price', async () => {
    await takePlace(at, at + 3, true);
    await takePlace(at + 1, at + 4, true);
    await withPage(browser(), viewport, async (page) => {
      await page.goto(`${stack.url}/`);
      await typeDate(page, 'Drop-off date', daysFromToday(at + 2), 'dropoff-time');
      await typeDate(page, 'Pick-up date', daysFromToday(at + 6), 'pickup-time');
      await page.getByRole('button', { name: 'Get Quote' }).click();
      const message = capacityMessages.full(daysFromToday(at + 2));
      await page.getByText(message).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('dropoff-date');
      expect(await page.getByTestId('quote-total').count()).toBe(0);

      // The calendar shows why: the full days are struck through and cannot be chosen.
      await page.getByRole('button', { name: 'Choose drop-off date from a calendar' }).click();
      const full = page.getByRole('button', { name: /, full$/ });
      await full.first().waitFor();
      const names = await full.evaluateAll((days) => days.map((d) => (d as HTMLButtonElement).dataset.date));
      expect(names).toEqual(expect.arrayContaining([daysFromToday(at + 1), daysFromToday(at + 2), daysFromToday(at + 3)].filter((d) => d.slice(0, 7) === daysFromToday(at + 2).slice(0, 7))));
      expect(names).not.toContain(daysFromToday(at));
      for (const day of await full.all()) expect(await day.isDisabled()).toBe(true);
      await page.getByText('Days struck through in red are full.').waitFor();
      await page.keyboard.press('Escape');

      // Dates after the full ones still quote.
      await page.getByLabel('Drop-off date', { exact: true }).fill('');
      await typeDate(page, 'Drop-off date', daysFromToday(at + 5), 'dropoff-time');
      await page.getByRole('button', { name: 'Get Quote' }).click();
      await page.getByTestId('quote-total').waitFor();
      expect(await page.getByText(message).count()).toBe(0);
    });
  });

  it('refuses at Pay Now, with the message, a place taken while the details were being filled in', async () => {
    await withPage(browser(), viewport, async (page) => {
      await quoteAndBook(page, stack.url, { dropOffInDays: at + 10, stayDays: 1 });
      await detailsToPayment(page, stack.url, uniqueCustomer());
      // Two other travellers' checkouts hold the yard's two places on those dates.
      await takePlace(at + 10, at + 11, false);
      await takePlace(at + 11, at + 12, false);
      await page.getByRole('button', { name: /^Pay Now/ }).click();
      await page.getByText(capacityMessages.full(daysFromToday(at + 11))).waitFor();
      expect(new URL(page.url()).pathname).toBe('/payment');
    });
  });
});
