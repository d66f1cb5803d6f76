/**
 * Journey: a same-day stay (booked in the morning for 4:00 pm to 11:30 pm), on the stack's own clock. No reminder
 * goes before the car is dropped off: not the day-before one (its moment is past) and not "Welcome back" (the car is
 * not with us yet), however often the reminders job runs. Once yard staff (phone) check the car in, the return-day
 * reminder goes, once, and the traveller's pass (phone) offers "I've landed".
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredEmail } from '../../functions/lib/email';
import { formatLongDate, formatTime12 } from '../../shared/format';
import { landedInstruction } from '../../shared/site';
import { useBrowser } from './support/browser';
import { closeRoles, openRole, passLinkIn, signIn, step, useJourneyStack, waitForEmail, type Role } from './support/journey';

const { browser } = useBrowser();
// Monday 2 June 2031, 10:00 (NZ standard time).
const TODAY = '2031-06-02';
const journey = useJourneyStack('runway-journey-same-day-', { date: TODAY, time: '10:00' });
const STAY = { dropOffTime: '16:00', pickUpTime: '23:30' };

let traveller: Role | undefined;
let staff: Role | undefined;
afterAll(() => closeRoles(traveller, staff));

/** The reminders (e-mail and SMS) that went about this booking. */
async function remindersAbout(reference: string): Promise<StoredEmail[]> {
  const all = (await journey.api<StoredEmail[]>('GET', '/_local/outbox.json')).body;
  return all.filter((m) => (m.subject.startsWith('Your parking tomorrow') || m.subject.startsWith('Welcome back') || m.channel === 'sms') && `${m.subject} ${m.text}`.includes(reference));
}

describe('journey: a same-day stay', () => {
  it('sends no reminder before drop-off, and the return-day one once the car is checked in', async () => {
    [traveller, staff] = await Promise.all([openRole(browser(), 'phone'), openRole(browser(), 'phone')]);
    const roles = { traveller, staff };
    const t = traveller.page;
    const s = staff.page;
    const staffUser = await journey.user({ staff: true });
    const email = 'wiremu.sameday@example.com';

    // Booked and paid this morning through the API (the booking flow is not what this journey tests).
    const started = await journey.api<{ sessionId: string; bookingId: string }>('POST', '/api/checkout', {
      quote: { dropOffDate: TODAY, dropOffTime: STAY.dropOffTime, pickUpDate: TODAY, pickUpTime: STAY.pickUpTime, carWash: false },
      customer: { firstName: 'Wiremu', lastName: 'Sameday', email, contactNumber: '021 555 0505', carRegistration: 'SDY602' },
      paymentType: 'full',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await fetch(`${journey.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const reference = (await journey.booking(started.body.bookingId)).bookingReference!;
    const passUrl = passLinkIn(await waitForEmail(journey, email, `Booking confirmed: ${reference}`));

    await step('right after booking and through the afternoon, no reminder goes', roles, async () => {
      await journey.sendReminders();
      expect(await remindersAbout(reference)).toEqual([]);
      await journey.at(TODAY, '15:30');
      await journey.sendReminders();
      expect(await remindersAbout(reference)).toEqual([]);
    });

    await step('yard staff check the car in on arrival', roles, async () => {
      await journey.at(TODAY, '15:55');
      await signIn(staff!, journey, staffUser, '/yard');
      await s.getByRole('heading', { level: 1, name: 'Yard' }).waitFor();
      await s.getByRole('button', { name: new RegExp(`${reference} Wiremu Sameday$`) }).first().click();
      const panel = s.getByRole('region', { name: new RegExp(`^${reference}`) });
      await panel.getByRole('heading', { name: 'Check in' }).waitFor();
      await panel.getByRole('button', { name: 'Check in', exact: true }).click();
      await s.locator('.toast', { hasText: 'Checked in' }).first().waitFor();
      await panel.getByRole('heading', { name: 'Check out' }).waitFor();
    });

    await step('checked in, the return-day reminder goes once, and the pass offers "I\'ve landed"', roles, async () => {
      await journey.sendReminders();
      await journey.sendReminders();
      const sent = await remindersAbout(reference);
      const emails = sent.filter((m) => m.channel !== 'sms');
      expect(emails.map((m) => m.subject)).toEqual([`Welcome back: your car is ready today (${reference}) | Runway Parking`]);
      expect(emails[0]!.text).toContain(`Welcome back! Your pick-up is ${formatLongDate(TODAY)} at ${formatTime12(STAY.pickUpTime)} (booking ${reference}).`);
      expect(emails[0]!.text).toContain(landedInstruction);
      expect(sent.filter((m) => m.channel === 'sms').map((m) => m.text)).toEqual([expect.stringContaining(`welcome back! Booking ${reference}`)]);

      await t.goto(passUrl);
      await t.getByRole('form', { name: "I've landed" }).waitFor();
    });
  });
});
