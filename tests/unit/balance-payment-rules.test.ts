/**
 * The rules of a balance paid online (pure): what a booking keeps of a balance payment (shared/money-policy.ts,
 * balancePaymentDecision) and which changes end its open balance checkout (shared/balance-checkout.ts,
 * balanceSessionSurvives).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceSessionSurvives } from '../../shared/balance-checkout';
import { balancePaymentDecision, lateBalanceText, type BalancePaymentStanding } from '../../shared/money-policy';
import type { BookingStatus } from '../../shared/records';

describe('what a booking keeps of a balance paid online', () => {
  it('the $20.00 asked on a $20.00 balance: all kept, nothing refunded', () => {
    expect(balancePaymentDecision('on', 2000, 2000)).toEqual({ keptCents: 2000, refundCents: 0, reason: null, heldForReview: false });
  });

  it('a second $20.00 session paid after the first: all refunded, as paid twice', () => {
    const d = balancePaymentDecision('on', 0, 2000);
    expect(d).toEqual({ keptCents: 0, refundCents: 2000, reason: 'paidTwice', heldForReview: false });
    expect(lateBalanceText[d.reason!]).toBe('Balance paid twice: refunded');
  });

  it('$20.00 paid after staff took $5.00 cash: $15.00 kept, $5.00 refunded as beyond what is due', () => {
    const d = balancePaymentDecision('on', 1500, 2000);
    expect(d).toEqual({ keptCents: 1500, refundCents: 500, reason: 'beyondDue', heldForReview: false });
    expect(lateBalanceText[d.reason!]).toBe('Paid beyond the balance due: refunded');
  });

  it('a session for less than is now due (the price went up since): all kept, the rest still due', () => {
    expect(balancePaymentDecision('on', 4000, 2000)).toEqual({ keptCents: 2000, refundCents: 0, reason: null, heldForReview: false });
  });

  it('a cancelled booking keeps none of it', () => {
    const d = balancePaymentDecision('cancelled', 0, 2000);
    expect(d).toEqual({ keptCents: 0, refundCents: 2000, reason: 'cancelled', heldForReview: false });
    expect(lateBalanceText[d.reason!]).toBe('Paid after the booking was cancelled: refunded');
  });

  it('a booking held for review keeps all of it for staff, refunding nothing', () => {
    expect(balancePaymentDecision('review', 0, 2000)).toEqual({ keptCents: 2000, refundCents: 0, reason: null, heldForReview: true });
  });

  it('whatever arrives: kept and refunded add up to the payment, a booking still on never keeps more than is due, a refund always says why', () => {
    fc.assert(
      fc.property(fc.constantFrom<BalancePaymentStanding>('on', 'cancelled', 'review'), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 50, max: 100_000 }), (standing, due, paid) => {
        const d = balancePaymentDecision(standing, due, paid);
        expect(d.keptCents + d.refundCents).toBe(paid);
        expect(d.keptCents).toBeGreaterThanOrEqual(0);
        expect(d.refundCents).toBeGreaterThanOrEqual(0);
        if (standing === 'on') expect(d.keptCents).toBe(Math.min(paid, due));
        if (standing === 'cancelled') expect(d.keptCents).toBe(0);
        expect(d.refundCents > 0).toBe(d.reason !== null);
      }),
    );
  });
});

describe('which changes end the open balance checkout', () => {
  const b = (status: BookingStatus, totalCents: number, balanceDueCents: number) => ({ status, totalCents, payment: { balanceDueCents } });

  it('a change that leaves what is due alone keeps it: a check-in, a note, a settled refund', () => {
    expect(balanceSessionSurvives(b('reservation', 3000, 2000), b('reservation', 3000, 2000))).toBe(true);
    expect(balanceSessionSurvives(b('reservation', 3000, 2000), b('checkin', 3000, 2000))).toBe(true);
  });

  it('a staff payment, a price change, a late fee, a part refund, a cancellation or a hold for review end it', () => {
    expect(balanceSessionSurvives(b('reservation', 3000, 2000), b('reservation', 3000, 1500))).toBe(false);
    expect(balanceSessionSurvives(b('reservation', 3000, 2000), b('reservation', 3500, 2500))).toBe(false);
    expect(balanceSessionSurvives(b('checkin', 3000, 2000), b('checkin', 3500, 2500))).toBe(false);
    expect(balanceSessionSurvives(b('checkout', 3000, 0), b('checkout', 2500, 0))).toBe(false);
    expect(balanceSessionSurvives(b('reservation', 3000, 2000), b('cancelled', 3000, 0))).toBe(false);
    expect(balanceSessionSurvives(b('reservation', 3000, 2000), b('payment_review', 3000, 2000))).toBe(false);
  });
});
