/**
 * Journey: a late pick-up, on the stack's own clock. A booking paid in full is checked in (seeded through the API:
 * neither is what this journey tests); the traveller comes back two days after the booked pick-up without telling
 * anyone. At check-out yard staff (phone) see the overstay fee ($5 for each started day late) due, check-out is
 * refused until it is paid, the fee is taken in cash and recorded; the traveller's pass shows it owed meanwhile and
 * the receipt e-mail says what was paid, and the car leaves.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LATE_FEE_PER_DAY_CENTS, lateDays } from '../../shared/balance';
import { formatLongDate } from '../../shared/format';
import { formatMoney } from '../../shared/money';
import { chargeableDays } from '../../shared/nz-time';
import { priceFor } from '../../shared/pricing';
import { useBrowser } from './support/browser';
import { closeRoles, nz, openRole, passLinkIn, signIn, step, useJourneyStack, waitForEmail, type Role } from './support/journey';

const { browser } = useBrowser();
// Monday 5 May 2031, 10:00 (NZ standard time).
const journey = useJourneyStack('runway-journey-late-', { date: '2031-05-05', time: '10:00' });
const DROP_OFF = { date: '2031-05-07', time: '09:00' };
const PICK_UP = { date: '2031-05-10', time: '11:00' };
/** Back on Monday 12 May at 10:30: two started days after the booked 11:00 on Saturday. */
const BACK = { date: '2031-05-12', time: '10:30' };
const total = priceFor(chargeableDays(DROP_OFF, PICK_UP), false).total;
const late = lateDays(PICK_UP, new Date(nz(BACK.date, BACK.time)));
const feeCents = late * LATE_FEE_PER_DAY_CENTS;

let traveller: Role | undefined;
let staff: Role | undefined;
afterAll(() => closeRoles(traveller, staff));

describe('journey: a late pick-up pays the overstay fee at check-out', () => {
  it('refuses check-out until the late fee is paid, takes it in cash, sends the receipt and lets the car go', async () => {
    expect(late).toBe(2);
    [traveller, staff] = await Promise.all([openRole(browser(), 'phone'), openRole(browser(), 'phone')]);
    const roles = { traveller, staff };
    const t = traveller.page;
    const s = staff.page;
    const [staffUser, yardApi] = await Promise.all([journey.user({ staff: true }), journey.user({ staff: true })]);
    const email = 'ana.late@example.com';

    // Paid in full and checked in into bay 4, through the API.
    const started = await journey.api<{ sessionId: string; bookingId: string }>('POST', '/api/checkout', {
      quote: { dropOffDate: DROP_OFF.date, dropOffTime: DROP_OFF.time, pickUpDate: PICK_UP.date, pickUpTime: PICK_UP.time, carWash: false },
      customer: { firstName: 'Ana', lastName: 'Late', email, contactNumber: '021 555 0404', carRegistration: 'LTE512' },
      paymentType: 'full',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await fetch(`${journey.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const id = started.body.bookingId;
    await journey.at(DROP_OFF.date, '08:55');
    const yard = (method: string, path: string, body?: unknown) => journey.api(method, `/api/yard/bookings/${id}${path}`, body, { authorization: yardApi.bearer });
    const view = await yard('GET', '');
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const checkedIn = await yard('POST', '/check-in', { car_registration: 'LTE512', parking_bay_number: '4', version: view.body.booking.updated_at });
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
    const reference = (await journey.booking(id)).bookingReference!;
    const passUrl = passLinkIn(await waitForEmail(journey, email, `Booking confirmed: ${reference}`));

    await journey.at(BACK.date, BACK.time);
    const panel = s.getByRole('region', { name: new RegExp(`^${reference}`) });

    await step('two days late, staff see the overstay fee due and check-out is refused', roles, async () => {
      await signIn(staff!, journey, staffUser, '/yard');
      await s.getByRole('heading', { level: 1, name: 'Yard' }).waitFor();
      await s.getByLabel('Reference, phone, registration or name').fill(reference);
      await s.getByRole('button', { name: 'Search', exact: true }).click();
      await s.getByRole('button', { name: new RegExp(`^${reference}`) }).click();
      await panel.getByTestId('yard-due').filter({ hasText: `${formatMoney(feeCents)} (includes ${late} late days: ${formatMoney(feeCents)})` }).waitFor();
      await panel.getByRole('button', { name: 'Check out', exact: true }).click();
      await panel.getByText(`${formatMoney(feeCents)} is still due. Record the payment before check-out, or an admin can let the car go with a reason.`).waitFor();
    });
    const charged = await journey.booking(id);
    expect(charged.payment).toMatchObject({ balanceDueCents: feeCents });
    expect(charged.lateFeeCents).toBe(feeCents);

    await step("the traveller's pass shows the fee owed", roles, async () => {
      await t.goto(passUrl);
      await t.getByRole('heading', { level: 1, name: 'Booking pass' }).waitFor();
      await t.getByRole('button', { name: `Pay balance ${formatMoney(feeCents)}` }).waitFor();
      const pass = (await t.locator('main').textContent()) ?? '';
      expect(pass).toContain(`Total (GST inclusive)${formatMoney(total + feeCents)}`);
      expect(pass).toContain(`Balance due${formatMoney(feeCents)}`);
    });

    await step('staff take the fee in cash; the receipt says so; the car leaves', roles, async () => {
      expect(await s.getByLabel('Amount paid ($)').inputValue()).toBe((feeCents / 100).toFixed(2));
      await s.getByLabel('Paid by').selectOption('cash');
      await panel.getByRole('button', { name: 'Record payment' }).click();
      await s.locator('.toast', { hasText: 'Payment recorded' }).first().waitFor();
      await panel.getByText('Nothing is due.').waitFor();
      await panel.getByRole('button', { name: 'Check out', exact: true }).click();
      await s.locator('.toast', { hasText: 'Checked out' }).first().waitFor();
      await panel.locator('[data-testid="yard-status"]', { hasText: 'Check-out' }).waitFor();

      const receipt = await waitForEmail(journey, email, `Payment received: ${reference}`);
      expect(receipt.text).toContain(`Thank you: we have received your payment of ${formatMoney(feeCents)}, paid in the yard by Cash, on ${formatLongDate(BACK.date)}.`);
      expect(receipt.text).toContain(`Total (GST inclusive): ${formatMoney(total + feeCents)}`);
      expect(receipt.text).toContain(`Balance due at pick-up: ${formatMoney(0)}`);
    });
    const done = await journey.booking(id);
    expect(done.status).toBe('checkout');
    expect(done.payment).toMatchObject({ amountPaidCents: total + feeCents, balanceDueCents: 0 });
    expect(done.ledger!.filter((l) => l.kind === 'payment').map((l) => [l.amountCents, l.method])).toEqual([[feeCents, 'cash']]);
  });
});
