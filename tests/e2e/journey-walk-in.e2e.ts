/**
 * Journey: a walk-in paid in cash at the gate, part of it handed back in cash, and the day's paperwork, on the stack's
 * own clock. Yard staff book the walk-in on a phone (checked in at once, the confirmation and pass e-mailed); an admin
 * at a desk refunds $5 of it, which goes back the way it came (handed over in cash, recorded, never "to the card");
 * the day sheet lists the car in its bay with nothing due, and the CSV says what was paid and what was refunded.
 */
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import { bookingRows, showing } from './support/admin';
import { useBrowser } from './support/browser';
import { closeRoles, openRole, passLinkIn, signIn, step, useJourneyStack, waitForEmail, type Role } from './support/journey';

const { browser } = useBrowser();
// Monday 14 April 2031, 10:00.
const TODAY = '2031-04-14';
const journey = useJourneyStack('runway-journey-walk-in-', { date: TODAY, time: '10:00' });
const REFUND_CENTS = 500;

let staff: Role | undefined;
let admin: Role | undefined;
afterAll(() => closeRoles(staff, admin));

describe('journey: a cash walk-in, a part refund handed back in cash, the day sheet and the CSV', () => {
  it('books the walk-in on a phone, hands $5 back in cash at the desk, and the day sheet and CSV agree', async () => {
    [staff, admin] = await Promise.all([openRole(browser(), 'phone'), openRole(browser(), 'desktop')]);
    const roles = { staff, admin };
    const s = staff.page;
    const a = admin.page;
    const [staffUser, adminUser] = await Promise.all([journey.user({ staff: true }), journey.user({ admin: true })]);
    const walkIn = { name: 'Tama Rangi', phone: '027 555 0303', email: 'tama.rangi@example.com', rego: 'TRW414' };

    const { reference, totalCents } = await step('staff book a walk-in paid in cash on a phone', roles, async () => {
      await signIn(staff!, journey, staffUser, '/admin/walk-in');
      await s.getByRole('heading', { level: 1, name: 'Walk-in' }).waitFor();
      await s.getByLabel('Customer Name').fill(walkIn.name);
      await s.getByLabel('Contact Number').fill(walkIn.phone);
      await s.getByLabel('Email Address').fill(walkIn.email);
      await s.getByLabel('Car Registration').fill(walkIn.rego);
      const total = (await s.getByText(/^Total: \$\d+\.\d{2}$/).textContent())!.replace('Total: ', '');
      expect(await s.getByRole('radio', { name: 'Cash' }).isChecked()).toBe(true);
      await s.getByRole('button', { name: 'Book and record Cash payment' }).click();
      const done = s.getByRole('status').filter({ hasText: /^Walk-in RP-[2-9A-HJ-NP-Z]{6} booked, paid and checked in/ });
      await done.waitFor();
      expect(await done.textContent()).toContain(`The confirmation and the booking pass were e-mailed to ${walkIn.email}.`);
      // The pick-up in the pickers' 12-hour time, as everywhere else.
      expect(await done.textContent()).toMatch(/pick-up \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} (AM|PM)/);
      const ref = /RP-[2-9A-HJ-NP-Z]{6}/.exec((await done.textContent())!)![0];
      return { reference: ref, totalCents: Math.round(Number(total.slice(1)) * 100) };
    });

    const id = await step('the walk-in gets the confirmation, which is the receipt of the cash, with the pass', roles, async () => {
      const confirmation = await waitForEmail(journey, walkIn.email, `Booking confirmed: ${reference}`);
      expect(confirmation.text).toContain(`Amount paid: ${formatMoney(totalCents)}`);
      expect(confirmation.text).toContain(`Balance due at pick-up: ${formatMoney(0)}`);
      const bookingId = new URL(passLinkIn(confirmation)).pathname.split('/').pop()!.split('.')[1]!;
      const stored = await journey.booking(bookingId);
      expect(stored).toMatchObject({ status: 'checkin', totalCents, bookingReference: reference });
      expect(stored.ledger!.filter((l) => l.kind === 'payment').map((l) => [l.amountCents, l.method])).toEqual([[totalCents, 'cash']]);
      return bookingId;
    });

    await step('an admin refunds $5 of it: handed back in cash, and the screen says so', roles, async () => {
      await signIn(admin!, journey, adminUser, '/admin');
      await a.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      await a.getByRole('searchbox').first().fill(walkIn.rego);
      const row = bookingRows(a).filter({ hasText: reference });
      await row.first().waitFor();
      await row.getByRole('button', { name: /^Edit booking/ }).click();
      const edit = a.getByRole('dialog', { name: 'Edit Booking Details' });
      await edit.getByRole('button', { name: 'Refund part' }).click();
      const refund = a.getByRole('dialog', { name: `Refund part of ${reference}` });
      await refund.getByLabel('Refund amount ($)').fill(String(REFUND_CENTS / 100));
      await refund.getByLabel('Reason for the refund').fill('Shuttle was late');
      await refund.getByRole('button', { name: 'Review refund' }).click();
      expect(await refund.getByRole('status').textContent()).toBe(
        `Hand back ${formatMoney(REFUND_CENTS)} in cash? Give it to the traveller now: it is recorded as handed back by you. The total goes from ${formatMoney(totalCents)} to ${formatMoney(totalCents - REFUND_CENTS)}. At most ${formatMoney(totalCents)} can be refunded.`,
      );
      await refund.getByRole('button', { name: `Confirm refund of ${formatMoney(REFUND_CENTS)}` }).click();
      const toast = a.locator('.toast', { hasText: 'Refund made' }).first();
      await toast.waitFor();
      expect(await toast.textContent()).toContain(`${reference}: ${formatMoney(REFUND_CENTS)} handed back in cash, recorded. The total is now ${formatMoney(totalCents - REFUND_CENTS)}.`);
      expect(await a.locator('.toast-destructive').count()).toBe(0);
      const refunds = edit.getByRole('region', { name: 'Refunds' });
      await refunds.getByText(/Handed back in cash by /).waitFor();
      expect(await refunds.getByText('Refund failed').count()).toBe(0);
      await edit.getByRole('button', { name: 'Cancel', exact: true }).click();
      await edit.waitFor({ state: 'detached' });
    });
    const refunded = await journey.booking(id);
    expect(refunded.totalCents).toBe(totalCents - REFUND_CENTS);
    expect(refunded.ledger!.filter((l) => l.kind === 'refund').map((l) => [l.amountCents, l.method, l.status])).toEqual([[-REFUND_CENTS, 'cash', 'succeeded']]);
    expect(refunded.payment).toMatchObject({ balanceDueCents: 0 });

    await step("the day sheet lists the car among today's arrivals, in its bay, with nothing due", roles, async () => {
      await a.getByRole('link', { name: 'Day Sheet' }).click();
      await a.getByRole('heading', { level: 1, name: 'Day Sheet' }).waitFor();
      await a.getByLabel('Date', { exact: true }).fill(TODAY);
      const arrival = a.getByRole('region', { name: /^Arrivals/ }).getByRole('row').filter({ hasText: reference });
      await arrival.waitFor();
      const cell = async (label: string) => (await arrival.locator(`td[data-label="${label}"]`).textContent())?.trim();
      expect(await cell('Registration')).toBe(walkIn.rego);
      expect(await cell('Bay')).toBe(refunded.parkingBayNumber);
      expect(await cell('Balance due')).toBe('Paid');
      expect(await cell('Status')).toBe('Check-in');
    });

    await step('the CSV gives the total after the refund, what was paid, what was refunded and nothing due', roles, async () => {
      await a.goto(`${journey.baseUrl}/admin?q=${walkIn.rego}`);
      await showing(a, 'Showing 1 to 1 of 1 bookings');
      const [download] = await Promise.all([a.waitForEvent('download'), a.getByRole('button', { name: 'Export CSV' }).click()]);
      const [header, ...rows] = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
      expect(rows).toHaveLength(1);
      const cell = (name: string) => {
        expect(header, `the CSV's columns`).toContain(name);
        return rows[0]![header!.indexOf(name)];
      };
      expect([cell('Booking Ref'), cell('Status'), cell('Car Registration')]).toEqual([reference, expect.stringMatching(/^check-?in$/i), walkIn.rego]);
      expect(cell('Total')).toBe((totalCents - REFUND_CENTS) / 100 + '.00');
      expect(cell('Refunded')).toBe((REFUND_CENTS / 100).toFixed(2));
      expect(cell('Balance Due')).toBe('0.00');
      // What was paid: the cash taken, or what is still held after the refund; either reads true beside Refunded.
      expect([(totalCents / 100).toFixed(2), ((totalCents - REFUND_CENTS) / 100).toFixed(2)]).toContain(cell('Paid'));
    });
  });
});
