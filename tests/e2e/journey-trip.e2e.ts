/**
 * Journey: a whole trip with a deposit, across three people and five days on the stack's own clock. A guest books at
 * phone width with a deposit and both flights and gets the confirmation and the pass; the day-before reminder goes;
 * on the day, yard staff (phone) scan the pass and check the car in with a bay; on the return day the traveller
 * presses "I've landed", the queue shows it and staff pick them up; check-out is refused while the balance is due;
 * the traveller pays it on the pass and gets a receipt; the car is checked out; the invoice lists both payments.
 */
import QRCode from 'qrcode';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { balanceCheckoutMessages } from '../../shared/balance-checkout';
import { formatLongDate, formatTime12 } from '../../shared/format';
import { formatMoney } from '../../shared/money';
import { chargeableDays } from '../../shared/nz-time';
import { DEPOSIT_CENTS, priceFor } from '../../shared/pricing';
import { landedInstruction, site } from '../../shared/site';
import { pdfPages } from '../support/pdf-text';
import { useBrowser } from './support/browser';
import { fillCustomer, standInPayButton, typeDate } from './support/flow';
import { closeRoles, emailsTitled, openRole, passLinkIn, signIn, step, useJourneyStack, waitForEmail, type Role } from './support/journey';

const { browser } = useBrowser();
// Booked on Tuesday 4 February 2031 for Friday 7th 09:00 to Tuesday 11th 15:00 (NZ summer time).
const journey = useJourneyStack('runway-journey-trip-', { date: '2031-02-04', time: '10:00' });
const DROP_OFF = { date: '2031-02-07', time: '09:00' };
const PICK_UP = { date: '2031-02-11', time: '15:00' };
const price = priceFor(chargeableDays(DROP_OFF, PICK_UP), false);
const balance = price.total - DEPOSIT_CENTS;
const when = (at: { date: string; time: string }) => `${formatLongDate(at.date)} at ${formatTime12(at.time)}`;

let traveller: Role | undefined;
let staff: Role | undefined;
afterAll(() => closeRoles(traveller, staff));

describe('journey: a trip paid by deposit, from booking to the invoice', () => {
  it('books, is reminded, checks in, lands, is picked up, pays the balance on the pass and checks out', async () => {
    traveller = await openRole(browser(), 'phone');
    staff = await openRole(browser(), 'phone');
    const roles = { traveller, staff };
    const t = traveller.page;
    const s = staff.page;
    const base = journey.baseUrl;
    const customer = { firstName: 'Mere', lastName: 'Tipene', email: 'mere.tipene@example.com', contactNumber: '021 555 0101', carRegistration: 'MRT101' };

    const reference = await step('the guest books with a deposit and both flights', roles, async () => {
      await t.goto(`${base}/`);
      await typeDate(t, 'Drop-off date', DROP_OFF.date, 'dropoff-time');
      await typeDate(t, 'Pick-up date', PICK_UP.date, 'pickup-time');
      await t.getByLabel('Pick-up time').selectOption(PICK_UP.time);
      await t.getByRole('button', { name: 'Get Quote' }).click();
      expect(await t.getByTestId('quote-total').textContent()).toContain(formatMoney(price.total));
      await t.getByRole('button', { name: 'Book', exact: true }).click();
      await t.waitForURL(`${base}/booking`);
      await fillCustomer(t, customer);
      await t.getByLabel('Departure flight (optional)').fill('NZ101');
      await t.getByLabel('Return flight (optional)').fill('NZ102');
      await t.getByRole('button', { name: 'Continue to Payment' }).click();
      await t.waitForURL(`${base}/payment`);
      await t.getByText('Pay Deposit', { exact: true }).click();
      expect(await t.getByText(`Balance at pick-up: ${formatMoney(balance)}`).isVisible()).toBe(true);
      await t.getByRole('button', { name: `Pay Now ${formatMoney(DEPOSIT_CENTS)}` }).click();
      await t.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      expect(await standInPayButton(t).textContent()).toContain(formatMoney(DEPOSIT_CENTS));
      await standInPayButton(t).click();
      await t.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
      const success = (await t.locator('main').textContent()) ?? '';
      for (const shown of ['Departure flight: NZ101', 'Return flight: NZ102', landedInstruction]) expect(success).toContain(shown);
      return (await t.getByTestId('booking-reference').textContent())!.trim();
    });

    const passUrl = await step('the confirmation e-mail carries the booking, the money and the pass', roles, async () => {
      const confirmation = await waitForEmail(journey, customer.email, `Booking confirmed: ${reference}`);
      for (const line of [
        `Drop-off: ${formatLongDate(DROP_OFF.date)} at ${formatTime12(DROP_OFF.time).toLowerCase()}`,
        `Pick-up: ${formatLongDate(PICK_UP.date)} at ${formatTime12(PICK_UP.time).toLowerCase()}`,
        'Departure flight: NZ101',
        'Return flight: NZ102',
        `Amount paid (deposit): ${formatMoney(DEPOSIT_CENTS)}`,
        `Balance due at pick-up: ${formatMoney(balance)}`,
      ])
        expect(confirmation.text).toContain(line);
      const link = passLinkIn(confirmation);
      expect(confirmation.text).toContain(`Pay the balance of ${formatMoney(balance)} online before pick-up: ${link}`);
      // The pass from the e-mail: the reference, when and where, and what is due.
      await t.goto(link);
      await t.getByRole('heading', { level: 1, name: 'Booking pass' }).waitFor();
      await t.getByText(reference, { exact: true }).first().waitFor();
      const pass = (await t.locator('main').textContent()) ?? '';
      for (const shown of ['Departure flightNZ101', 'Return flightNZ102', formatMoney(balance)]) expect(pass).toContain(shown);
      return link;
    });

    await step('the day before, the reminder goes once, with the flight and the pass', roles, async () => {
      await journey.at('2031-02-05', '12:00');
      await journey.sendReminders();
      expect(emailsTitled(await journey.outbox(customer.email), 'Your parking tomorrow')).toEqual([]);
      await journey.at('2031-02-06', '10:00');
      await journey.sendReminders();
      await journey.sendReminders();
      const reminders = emailsTitled(await journey.outbox(customer.email), `Your parking tomorrow: ${reference}`);
      expect(reminders).toHaveLength(1);
      const text = reminders[0]!.text;
      expect(text).toContain(`A reminder that you drop your car off with us tomorrow, ${when(DROP_OFF)} (booking ${reference}).`);
      expect(text).toContain('Your flight details (NZ101)');
      expect(text).toContain(`Your booking pass: ${passUrl}`);
      const sms = (await journey.api<StoredEmail[]>('GET', '/_local/outbox.json')).body.filter((m) => m.channel === 'sms' && m.text.includes(reference));
      expect(sms.map((m) => m.text)).toEqual([expect.stringContaining(`drop-off tomorrow ${when(DROP_OFF)}`)]);
    });

    const staffUser = await journey.user({ staff: true });
    const qr = await QRCode.toBuffer(passUrl, { type: 'png', width: 400, margin: 4 });
    const panel = s.getByRole('region', { name: new RegExp(`^${reference}`) });

    const bay = await step('on the day, staff scan the pass and check the car in with the suggested bay', roles, async () => {
      await journey.at(DROP_OFF.date, '08:50');
      await signIn(staff!, journey, staffUser, '/yard');
      await s.getByRole('heading', { level: 1, name: 'Yard' }).waitFor();
      // Today's arrivals list the car.
      await s.getByRole('button', { name: new RegExp(`${reference} ${customer.firstName} ${customer.lastName}$`) }).first().waitFor();
      await s.getByLabel('Scan from a photo').setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: qr });
      await panel.getByRole('heading', { name: 'Check in' }).waitFor({ timeout: 60_000 });
      expect(await panel.getByTestId('yard-status').textContent()).toBe('Reservation');
      expect(await panel.getByTestId('yard-flights').textContent()).toBe('Departure NZ101 · Return NZ102');
      expect(await s.getByLabel('Car registration').inputValue()).toBe(customer.carRegistration);
      const suggested = await s.getByLabel('Parking bay').inputValue();
      expect(suggested).toMatch(/^\d+$/);
      await s.getByLabel('Key tag').fill('7');
      await panel.getByRole('button', { name: 'Check in', exact: true }).click();
      await s.locator('.toast', { hasText: 'Checked in' }).first().waitFor();
      await panel.getByRole('heading', { name: 'Check out' }).waitFor();
      return suggested;
    });
    expect(await journey.booking(bookingIdOf(passUrl))).toMatchObject({ status: 'checkin', parkingBayNumber: bay, keyTag: '7' });

    await step('on the return day the reminder tells the traveller to press "I\'ve landed"', roles, async () => {
      await journey.at(PICK_UP.date, '10:00');
      await journey.sendReminders();
      const back = await waitForEmail(journey, customer.email, `Welcome back: your car is ready today (${reference})`);
      expect(back.text).toContain(`Welcome back! Your pick-up is ${when(PICK_UP)} (booking ${reference}).`);
      expect(back.text).toContain(landedInstruction);
    });

    await step('the traveller presses "I\'ve landed" on the pass', roles, async () => {
      await journey.at(PICK_UP.date, '13:40');
      await t.goto(passUrl);
      const form = t.getByRole('form', { name: "I've landed" });
      await form.waitFor();
      await form.getByText('International', { exact: true }).click();
      await form.getByLabel('Number of passengers').selectOption('2');
      expect(await form.getByLabel('Flight number (optional)').inputValue()).toBe('NZ102');
      await form.getByRole('button', { name: "I've landed" }).click();
      const sent = t.getByRole('status').filter({ hasText: 'International terminal, 2 passengers, flight NZ102.' });
      await sent.waitFor();
    });

    await step('the queue shows the traveller; staff pick them up', roles, async () => {
      await s.goto(`${base}/yard/queue`);
      const card = s.getByRole('region', { name: /^Waiting for the shuttle/ }).getByTestId('pickup-waiting').filter({ hasText: `${customer.firstName} ${customer.lastName}` });
      await card.waitFor();
      const shown = (await card.textContent()) ?? '';
      expect(shown).toContain('International');
      expect(shown).toContain('2 passengers · NZ102');
      expect(shown).toContain(`${customer.carRegistration} · bay ${bay}`);
      await card.getByRole('button', { name: `Picked up ${customer.firstName} ${customer.lastName}, ${reference}` }).click();
      await s.getByRole('region', { name: /^Bring forward/ }).getByTestId('pickup-forward').filter({ hasText: `${customer.firstName} ${customer.lastName}` }).waitFor();
    });

    await step('check-out is refused while the balance is due', roles, async () => {
      await s.goto(`${base}/yard`);
      await s.getByLabel('Reference, phone, registration or name').fill(reference);
      await s.getByRole('button', { name: 'Search', exact: true }).click();
      await s.getByRole('button', { name: new RegExp(`^${reference}`) }).click();
      await panel.getByRole('button', { name: 'Check out', exact: true }).click();
      await panel.getByText(`${formatMoney(balance)} is still due. Record the payment before check-out, or an admin can let the car go with a reason.`).waitFor();
    });

    await step('the traveller pays the balance on the pass and sees it received', roles, async () => {
      await t.goto(passUrl);
      await t.getByRole('button', { name: `Pay balance ${formatMoney(balance)}` }).click();
      await t.waitForURL((url) => url.pathname.startsWith('/_local/stripe/checkout/'));
      expect(await standInPayButton(t).textContent()).toContain(formatMoney(balance));
      await standInPayButton(t).click();
      await t.waitForURL((url) => url.pathname.startsWith('/pass/'));
      await t.getByText(balanceCheckoutMessages.paid(reference)).first().waitFor();
      expect((await t.locator('main').textContent()) ?? '').toContain(`Balance due${formatMoney(0)}`);
    });

    await step('a receipt e-mail for the balance', roles, async () => {
      const receipt = await waitForEmail(journey, customer.email, `Payment received: ${reference}`);
      expect(receipt.text).toContain(`Thank you: we have received your payment of ${formatMoney(balance)}, paid online by card, on ${formatLongDate(PICK_UP.date)}.`);
      expect(receipt.text).toContain(`Amount paid (deposit and balance): ${formatMoney(price.total)}`);
      expect(receipt.text).toContain(`Balance due at pick-up: ${formatMoney(0)}`);
    });

    await step('check-out goes through once nothing is due', roles, async () => {
      await s.getByRole('button', { name: 'Search', exact: true }).click();
      await s.getByRole('button', { name: new RegExp(`^${reference}`) }).click();
      await panel.getByText('Nothing is due.').waitFor();
      await panel.getByRole('button', { name: 'Check out', exact: true }).click();
      await s.locator('.toast', { hasText: 'Checked out' }).first().waitFor();
      await panel.locator('[data-testid="yard-status"]', { hasText: 'Check-out' }).waitFor();
    });

    await step('the tax invoice lists the deposit and the balance', roles, async () => {
      await t.goto(passUrl);
      const [download] = await Promise.all([t.waitForEvent('download'), t.getByRole('link', { name: /Download invoice/ }).click()]);
      const [invoice] = await pdfPages(await readFile((await download.path())!));
      expect(invoice).toContain(`Invoice number ${reference}`);
      expect(invoice).toContain(`${formatLongDate('2031-02-04')} Deposit paid online by card ${formatMoney(DEPOSIT_CENTS)}`);
      expect(invoice).toContain(`${formatLongDate(PICK_UP.date)} Paid online by card ${formatMoney(balance)}`);
      expect(invoice).toContain(`Total (GST inclusive) ${formatMoney(price.total)}`);
      expect(invoice).not.toContain('Balance due at pick-up');
      expect(invoice).toContain(site.brand);
    });
  });
});

/** The booking's id, from its pass link (`p1.<bookingId>.<mac>`). */
const bookingIdOf = (passUrl: string): string => new URL(passUrl).pathname.split('/').pop()!.split('.')[1]!;
