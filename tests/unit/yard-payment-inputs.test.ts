/**
 * What staff type when a traveller pays a balance in the yard, when an admin refunds part of a booking, and when an
 * admin lets a car go with money due (shared/balance.ts). And the late-pick-up day across the change to daylight
 * saving, when the booked pick-up time does not exist on a later day. Messages are the dialogs'.
 */
import { describe, expect, it } from 'vitest';
import { balanceMessages, checkoutOverrideSchema, lateDays, partialRefundSchema, paymentMethodLabels, recordPaymentSchema } from '../../shared/balance';
import { nzInstant } from '../../shared/nz-time';
import { firstMessage } from '../support/first-message';

const payment = { method: 'cash', version: 'v1' };

describe('a payment taken in the yard', () => {
  it('takes dollars and cents above $0 up to $100,000', () => {
    for (const amount of [0.01, 10, 12.5, 99.99, 100_000]) expect(recordPaymentSchema.safeParse({ ...payment, amount }).success, String(amount)).toBe(true);
    expect(recordPaymentSchema.parse({ ...payment, amount: 0.07 }).amount).toBe(0.07);
  });

  it('refuses $0, less, a fraction of a cent, more than $100,000 or no number', () => {
    for (const amount of [0, -5, 10.005, 0.001, 100_000.01, '10', null, undefined]) {
      expect(firstMessage(recordPaymentSchema.safeParse({ ...payment, amount })), String(amount)).toBe('Enter the amount paid in dollars and cents, more than $0');
    }
  });

  it('is cash, EFTPOS or card', () => {
    expect(paymentMethodLabels).toEqual({ cash: 'Cash', eftpos: 'EFTPOS', card: 'Card' });
    expect(firstMessage(recordPaymentSchema.safeParse({ ...payment, amount: 10, method: 'cheque' }))).toBe(balanceMessages.methodInvalid);
    expect(firstMessage(recordPaymentSchema.safeParse({ ...payment, amount: 10, version: '' }))).toBe('Reload the booking and try again');
  });

  it('says what is due in dollars when refused', () => {
    expect(balanceMessages.amountTooLarge(4550)).toBe('The payment can be at most $45.50 (the balance due)');
    expect(balanceMessages.checkoutRefused(500)).toBe('$5.00 is still due. Record the payment before check-out, or an admin can let the car go with a reason.');
    expect(balanceMessages.refundTooLarge(12000)).toBe('The refund can be at most $120.00 (what is held beyond what the booking still needs)');
  });
});

describe("an admin's part refund", () => {
  const refund = { reason: 'Goodwill: shuttle late', version: 'v1' };

  it('takes dollars and cents above $0 with a reason', () => {
    expect(partialRefundSchema.parse({ ...refund, amount: 15.25 })).toEqual({ ...refund, amount: 15.25 });
    for (const amount of [0, -1, 1.234, 100_000.5, '15']) expect(firstMessage(partialRefundSchema.safeParse({ ...refund, amount })), String(amount)).toBe(balanceMessages.refundInvalid);
  });

  it('needs the reason', () => {
    expect(firstMessage(partialRefundSchema.safeParse({ ...refund, amount: 10, reason: '' }))).toBe('Give the reason for the refund');
  });
});

describe('letting a car go with money due', () => {
  it('needs the reason', () => {
    expect(checkoutOverrideSchema.safeParse('Paid by invoice to the company').success).toBe(true);
    expect(firstMessage(checkoutOverrideSchema.safeParse(''))).toBe('Give the reason for checking out with money due');
  });
});

describe('late days across the change to daylight saving', () => {
  // NZ daylight saving starts 2026-09-27: 02:00 becomes 03:00, so 02:30 does not exist that day.
  it('ends a day whose booked time the change skips an hour on, as the clocks read', () => {
    const booked = { date: '2026-09-26', time: '02:30' };
    expect(nzInstant({ date: '2026-09-27', time: '02:30' })).toBeNull();
    const dayOneEnds = nzInstant({ date: '2026-09-27', time: '03:30' })!.getTime();
    expect(lateDays(booked, new Date(dayOneEnds))).toBe(1);
    expect(lateDays(booked, new Date(dayOneEnds + 60_000))).toBe(2);
    // The first day is 24 real hours long less the hour skipped, plus the hour read on: a minute before it ends is still day 1.
    expect(lateDays(booked, new Date(dayOneEnds - 60_000))).toBe(1);
  });

  it('counts a long stay past the booked time day by day', () => {
    const booked = { date: '2026-09-20', time: '10:00' };
    const tenDaysOn = nzInstant({ date: '2026-09-30', time: '10:00' })!.getTime();
    expect(lateDays(booked, new Date(tenDaysOn))).toBe(10);
    expect(lateDays(booked, new Date(tenDaysOn + 1))).toBe(11);
  });
});
