/**
 * Journey: an account holder changes the dates of a paid booking more than 48 hours before drop-off, again inside
 * the 48 hours, then cancels, at phone width on the stack's own clock. At each step what the card gets back is what
 * the money policy (shared/money-policy.ts) decides for that moment: the dialog says it before saving, the e-mail
 * says it after, and the ledger holds it (the refund worker sends it to the Stripe stand-in).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { toDateInput } from '../../shared/date-input';
import { decideMoney, isPolicyError, keptReasonText, type MoneyChange, type MoneyDecision, type MoneyState } from '../../shared/money-policy';
import { formatMoney } from '../../shared/money';
import { chargeableDays } from '../../shared/nz-time';
import { priceFor } from '../../shared/pricing';
import type { Booking } from '../../shared/records';
import { useBrowser } from './support/browser';
import { closeRoles, emailsTitled, nz, openRole, signIn, step, useJourneyStack, waitForEmail, type Role } from './support/journey';

const { browser } = useBrowser();
// Sunday 2 March 2031, 10:00: eight days before the drop-off.
const journey = useJourneyStack('runway-journey-changes-', { date: '2031-03-02', time: '10:00' });
const DROP_OFF = { date: '2031-03-10', time: '09:00' };
const PICK_UPS = ['2031-03-20', '2031-03-16', '2031-03-14'];
const total = (pickUp: string) => priceFor(chargeableDays(DROP_OFF, { date: pickUp, time: '09:00' }), false).total;

let traveller: Role | undefined;
afterAll(() => closeRoles(traveller));

/** The policy's decision for the booking as stored, at the stack's time now. */
async function policySays(b: Booking, change: MoneyChange): Promise<MoneyDecision> {
  const refunded = (b.ledger ?? []).filter((l) => l.kind === 'refund').reduce((sum, l) => sum - l.amountCents, 0);
  const dropOffAt = new Date(nz(b.dropOffDate, b.dropOffTime));
  const state: MoneyState = { totalCents: b.totalCents, heldCents: b.payment!.amountPaidCents, refundedCents: refunded, termsDropOffAt: dropOffAt, dropOffAt };
  const decision = decideMoney(state, change, { actor: 'customer' }, await journey.now());
  if (isPolicyError(decision)) throw new Error(`the policy refused: ${decision.error}`);
  return decision;
}

const refundsOf = (b: Booking) => (b.ledger ?? []).filter((l) => l.kind === 'refund');

describe('journey: changing dates outside and inside 48 hours, then cancelling', () => {
  it('gives back what the policy says, on the screen, in the e-mail and in the ledger', async () => {
    traveller = await openRole(browser(), 'phone');
    const roles = { traveller };
    const t = traveller.page;
    const user = await journey.user({ email: 'hemi.walker@example.com' });
    const rego = 'HWK310';

    // Booked and paid in full through the API, signed in: the booking is not what this journey tests.
    const started = await journey.api<{ sessionId: string; bookingId: string }>(
      'POST',
      '/api/checkout',
      {
        quote: { dropOffDate: DROP_OFF.date, dropOffTime: DROP_OFF.time, pickUpDate: PICK_UPS[0], pickUpTime: '09:00', carWash: false },
        customer: { firstName: 'Hemi', lastName: 'Walker', email: user.email, contactNumber: '021 555 0202', carRegistration: rego },
        paymentType: 'full',
      },
      { authorization: `Bearer ${user.idToken}` },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await fetch(`${journey.baseUrl}/_local/stripe/checkout/${started.body.sessionId}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const id = started.body.bookingId;
    const booked = await journey.booking(id);
    const reference = booked.bookingReference!;
    expect(booked.payment).toMatchObject({ amountPaidCents: total(PICK_UPS[0]!), balanceDueCents: 0 });

    await signIn(traveller, journey, user, '/customer-dashboard');
    const card = t.getByRole('listitem').filter({ hasText: rego });

    /** Opens Edit, moves the pick-up to `pickUp` and answers the dialog. */
    async function editPickUp(pickUp: string) {
      await card.getByRole('button', { name: /^Edit booking/ }).click();
      const dialog = t.getByRole('dialog');
      await dialog.getByRole('heading', { name: `Edit booking ${reference}` }).waitFor();
      await dialog.getByLabel('Pick-up date', { exact: true }).clear();
      await dialog.getByLabel('Pick-up date', { exact: true }).pressSequentially(toDateInput(pickUp).replace(/\//g, ''));
      await t.waitForFunction(() => document.activeElement?.id === 'edit-pickup-time');
      await dialog.getByText(`New total: ${formatMoney(total(pickUp))}`).waitFor();
      return dialog;
    }

    await step('eight days ahead, a shorter stay refunds the difference to the card', roles, async () => {
      const policy = await policySays(await journey.booking(id), { kind: 'reprice', newTotalCents: total(PICK_UPS[1]!) });
      // Worked out by hand from the terms: $60 paid, now $40, all of the $20 difference back (within what cancelling would give).
      expect([policy.refundCents, policy.keptCents]).toEqual([2000, 0]);
      const dialog = await editPickUp(PICK_UPS[1]!);
      await dialog.getByText(`We will refund ${formatMoney(policy.refundCents)} to your card. Nothing is left to pay at pick-up.`).waitFor();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await t.locator('.toast', { hasText: 'Booking updated successfully' }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      const email = await waitForEmail(journey, user.email, `Booking updated: ${reference}`);
      expect(email.text).toContain(`New total: ${formatMoney(total(PICK_UPS[1]!))} (was ${formatMoney(total(PICK_UPS[0]!))})`);
      expect(email.text).toContain(`Refund to your card: ${formatMoney(policy.refundCents)}`);
      await expect.poll(async () => refundsOf(await journey.booking(id)).map((l) => [l.amountCents, l.status]), { timeout: 20_000 }).toEqual([[-policy.refundCents, 'succeeded']]);
    });

    await step('inside 48 hours, a shorter stay refunds nothing: the difference is kept', roles, async () => {
      await journey.at('2031-03-09', '10:00');
      await t.reload();
      await card.waitFor();
      const policy = await policySays(await journey.booking(id), { kind: 'reprice', newTotalCents: total(PICK_UPS[2]!) });
      expect([policy.refundCents, policy.keptCents, policy.keptReason]).toEqual([0, 1000, 'late']);
      const dialog = await editPickUp(PICK_UPS[2]!);
      await dialog.getByText(`The ${formatMoney(policy.keptCents)} paid beyond the new total is kept: ${keptReasonText.late}.`).waitFor();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await t.locator('.toast', { hasText: 'Booking updated successfully' }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      const updates = async () => emailsTitled(await journey.outbox(user.email), `Booking updated: ${reference}`);
      await expect.poll(async () => (await updates()).length).toBe(2);
      const email = (await updates()).at(-1)!;
      expect(email.text).toContain(`New total: ${formatMoney(total(PICK_UPS[2]!))} (was ${formatMoney(total(PICK_UPS[1]!))})`);
      expect(email.text).not.toContain('Refund to your card');
      expect(email.text).toContain(`Not refunded: ${formatMoney(policy.keptCents)} (${keptReasonText.late})`);
      expect(refundsOf(await journey.booking(id)).map((l) => l.amountCents)).toEqual([-2000]);
    });

    await step('cancelling inside 48 hours gives nothing more back', roles, async () => {
      const before = await journey.booking(id);
      const policy = await policySays(before, { kind: 'cancel' });
      expect([policy.refundCents, policy.keptCents, policy.keptReason]).toEqual([0, 4000, 'late']);
      await card.getByRole('button', { name: /^Cancel booking RP-/ }).click();
      const dialog = t.getByRole('dialog');
      await dialog.getByRole('heading', { name: `Cancel booking ${reference}` }).waitFor();
      const terms = dialog.getByRole('status');
      await terms.getByText('Refund to your card').waitFor();
      expect((await terms.textContent()) ?? '').toContain(`Refund to your card${formatMoney(policy.refundCents)}`);
      expect((await terms.textContent()) ?? '').toContain(`Kept${formatMoney(policy.keptCents)} (${keptReasonText.late})`);
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await t.locator('.toast', { hasText: 'Booking cancelled' }).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await card.locator('.badge', { hasText: 'Cancelled' }).waitFor();
      expect(await card.textContent()).toContain(`Cancelled${formatMoney(2000)} refunded, ${formatMoney(policy.keptCents)} kept`);

      const email = await waitForEmail(journey, user.email, `Booking cancelled: ${reference}`);
      for (const line of [
        `Amount paid: ${formatMoney(total(PICK_UPS[0]!))}`,
        `Refunded earlier: ${formatMoney(2000)}`,
        `Refund to your card: ${formatMoney(policy.refundCents)}`,
        `Kept: ${formatMoney(policy.keptCents)} (${keptReasonText.late})`,
      ])
        expect(email.text).toContain(line);
      const after = await journey.booking(id);
      expect(after.status).toBe('cancelled');
      // The card got back $20 in all: the one refund of the first change.
      expect(refundsOf(after).map((l) => [l.amountCents, l.status])).toEqual([[-2000, 'succeeded']]);
      expect(after.payment!.amountPaidCents).toBe(total(PICK_UPS[0]!) - 2000);
    });
  });
});
