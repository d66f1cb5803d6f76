/**
 * Settling a booking's balance in the yard: staff record what the traveller pays at the
 * counter, check-out waits until nothing is due (an admin may let a car go with money due, with a reason), and
 * an unnotified late pick-up adds the terms' $5 a day at check-out. Pure, so the dialogs and the server agree.
 */
import * as z from 'zod';
import { formatMoney, type Cents } from './money';
import { refundReasonSchema } from './money-policy';
import { addDays, nzInstant, type WallClock } from './nz-time';
import { editVersion } from './text';

/** How a balance was paid in the yard. */
export const paymentMethods = ['cash', 'eftpos', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = { cash: 'Cash', eftpos: 'EFTPOS', card: 'Card' };

/** Terms: 'An extension you do not tell us about costs $5 per day, payable when you collect your vehicle.' */
export const LATE_FEE_PER_DAY_CENTS = 500;

export const balanceMessages = {
  amountInvalid: 'Enter the amount paid in dollars and cents, more than $0',
  amountTooLarge: (dueCents: Cents) => `The payment can be at most ${formatMoney(dueCents)} (the balance due)`,
  nothingDue: 'Nothing is due on this booking',
  notPayable: 'Only a booking that is still to come, in the yard or checked out can take a payment',
  methodInvalid: 'Choose cash, EFTPOS or card',
  checkoutRefused: (dueCents: Cents) => `${formatMoney(dueCents)} is still due. Record the payment before check-out, or an admin can let the car go with a reason.`,
  overrideAdminOnly: 'Only an admin can check a car out with money due',
  overrideReasonNeeded: 'Give the reason for checking out with money due',
  recorded: 'Payment recorded',
  refundInvalid: 'Enter the refund in dollars and cents, more than $0',
  refundReasonNeeded: 'Give the reason for the refund',
  refundTooLarge: (maxCents: Cents) => `The refund can be at most ${formatMoney(maxCents)} (what is held beyond what the booking still needs)`,
  refundNotAllowed: 'Only a booking that is still to come, in the yard or checked out can be refunded in part',
  failed: 'Failed to record the payment',
} as const;

/** Dollars and cents, more than $0 (at most the balance due is the server's check against the booking). */
const paymentDollars = z
  .number(balanceMessages.amountInvalid)
  .gt(0, balanceMessages.amountInvalid)
  .max(100_000, balanceMessages.amountInvalid)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, balanceMessages.amountInvalid);

/** POST /api/admin/bookings/{id}/payments: who took it comes from the token, when from the server's clock. */
export const recordPaymentSchema = z.strictObject({
  amount: paymentDollars,
  method: z.enum(paymentMethods, balanceMessages.methodInvalid),
  version: editVersion('Reload the booking and try again'),
});
export type RecordPayment = z.infer<typeof recordPaymentSchema>;

/**
 * POST /api/admin/bookings/{id}/refunds: an admin refunds part of a booking without cancelling it (a goodwill
 * discount): the total falls by the amount and the card gets it back, with the reason on the ledger and in the history.
 */
export const partialRefundSchema = z.strictObject({
  amount: z
    .number(balanceMessages.refundInvalid)
    .gt(0, balanceMessages.refundInvalid)
    .max(100_000, balanceMessages.refundInvalid)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, balanceMessages.refundInvalid),
  reason: refundReasonSchema.min(1, balanceMessages.refundReasonNeeded),
  version: editVersion('Reload the booking and try again'),
});
export type PartialRefund = z.infer<typeof partialRefundSchema>;

/** An admin's reason for letting a car go with money due (the PATCH's `checkout_override`). */
export const checkoutOverrideSchema = refundReasonSchema.min(1, balanceMessages.overrideReasonNeeded);

/**
 * Days of an unnotified late pick-up: day n ends at the booked pick-up's wall-clock time n calendar days later in New
 * Zealand (so a day is 23 or 25 real hours across a daylight-saving change, as a stay's days are counted), and each
 * started day counts. None when collected at or before the booked time. Never falls as time goes on.
 */
export function lateDays(bookedPickUp: WallClock, collectedAt: Date): number {
  const booked = dayEnd(bookedPickUp, 0);
  const t = collectedAt.getTime();
  if (t <= booked) return 0;
  // No day is longer than 25 hours, so this is never past the answer.
  let n = Math.max(1, Math.floor((t - booked) / (25 * 3_600_000)));
  while (dayEnd(bookedPickUp, n) < t) n++;
  return n;
}

/** The instant day n ends; a time the change to daylight saving skips that day is read an hour on (as the clocks are). */
function dayEnd(booked: WallClock, n: number): number {
  const date = addDays(booked.date, n);
  const exact = nzInstant({ date, time: booked.time });
  if (exact) return exact.getTime();
  const [h, m] = booked.time.split(':');
  return nzInstant({ date, time: `${String(Number(h) + 1).padStart(2, '0')}:${m}` })!.getTime();
}

/** The late fee at check-out: $5 for each late day. */
export const lateFeeCents = (bookedPickUp: WallClock, collectedAt: Date): Cents => lateDays(bookedPickUp, collectedAt) * LATE_FEE_PER_DAY_CENTS;

/** The ledger note of a late fee, e.g. 'Late pick-up: 2 days after the booked 10:00, 2026-05-04, at $5.00 a day'. */
export const lateFeeNote = (days: number, bookedPickUp: WallClock): string =>
  `Late pick-up: ${days} day${days === 1 ? '' : 's'} after the booked ${bookedPickUp.time}, ${bookedPickUp.date}, at ${formatMoney(LATE_FEE_PER_DAY_CENTS)} a day`;
