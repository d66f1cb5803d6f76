/**
 * Our books against themselves (functions/use-cases/booking/books-rules.ts, pure): a healthy booking of each kind breaks
 * no rule, and each kind of inconsistency is found by its rule's name.
 */
import { describe, expect, it } from 'vitest';
import type { Booking, LedgerLine } from '../../shared/records';
import { checkBooks, recordedFirstCharge } from '../../functions/use-cases/booking/books-rules';

const line = (l: Partial<LedgerLine> & Pick<LedgerLine, 'kind' | 'amountCents'>): LedgerLine => ({ id: `l${Math.abs(l.amountCents)}${l.kind}`, at: '2026-01-02T00:00:00.000Z', by: 'customer', note: '', ...l });
/** A $30 booking paid by its $10 deposit, then `ledger`, holding `held` with `due` left. */
const booking = (over: Partial<Booking> & { held: number; due: number }, ledger: LedgerLine[] = []): Booking =>
  ({ id: 'b1', bookingReference: 'RP-BOOKS1', status: 'reservation', totalCents: 3000, amountDueNowCents: 1000, ledger, payment: { amountPaidCents: over.held, balanceDueCents: over.due, paymentIntent: 'pi_1', sessionId: 'cs_1' }, ...over }) as unknown as Booking;
const rules = (b: Booking, openSessions: string[] = []) => checkBooks(b, { firstChargeCents: recordedFirstCharge(b) ?? 0, openSessions }).map((f) => f.rule);

const online = line({ kind: 'payment', amountCents: 2000, method: 'online', sessionId: 'cs_b', paymentIntent: 'pi_b' });

describe('the books against themselves', () => {
  it('healthy: a deposit; its balance paid online; a second payment refunded as paid twice; cancelled with the fee kept; a lower price kept as credit', () => {
    expect(rules(booking({ held: 1000, due: 2000 }))).toEqual([]);
    expect(rules(booking({ held: 3000, due: 0 }, [online]))).toEqual([]);
    const twice = line({ kind: 'payment', amountCents: 2000, method: 'online', sessionId: 'cs_c', paymentIntent: 'pi_c' });
    const back = line({ kind: 'refund', amountCents: -2000, status: 'succeeded', paymentIntent: 'pi_c', note: 'Balance paid twice: refunded' });
    expect(rules(booking({ held: 3000, due: 0 }, [online, twice, back]))).toEqual([]);
    const at = '2026-01-05T00:00:00.000Z';
    const cancelled = booking({ held: 2000, due: 0, status: 'cancelled', cancelledAt: at, amountDueNowCents: 3000 }, [line({ kind: 'refund', amountCents: -1000, status: 'succeeded', at }), line({ kind: 'kept', amountCents: 2000, at })]);
    expect(rules(cancelled)).toEqual([]);
    const credit = booking({ held: 3000, due: 0, totalCents: 2500, amountDueNowCents: 3000 }, [line({ kind: 'balance', amountCents: 0 }), line({ kind: 'kept', amountCents: 500 })]);
    expect(rules(credit)).toEqual([]);
  });

  it('ledger-sums-to-paid: held money no line accounts for', () => {
    expect(rules(booking({ held: 1500, due: 1500 }))).toEqual(['ledger-sums-to-paid']);
  });

  it('paid-within-total: a balance paid twice and kept (the old hole), unless held for review', () => {
    const twice = line({ kind: 'payment', amountCents: 2000, method: 'online', sessionId: 'cs_c', paymentIntent: 'pi_c' });
    expect(rules(booking({ held: 5000, due: 0 }, [online, twice]))).toEqual(['paid-within-total']);
    expect(rules(booking({ held: 5000, due: 0, status: 'payment_review' }, [online, twice]))).toEqual([]);
  });

  it('cancelled-keeps-policy: a cancelled booking holding a payment that came after its cancellation', () => {
    const at = '2026-01-05T00:00:00.000Z';
    const late = line({ kind: 'payment', amountCents: 2000, method: 'online', sessionId: 'cs_b', paymentIntent: 'pi_b', at: '2026-01-06T00:00:00.000Z' });
    expect(rules(booking({ held: 3000, due: 0, status: 'cancelled', cancelledAt: at }, [line({ kind: 'kept', amountCents: 1000, at }), late]))).toEqual(['cancelled-keeps-policy']);
  });

  it('no-open-session: a checkout on a fully paid or cancelled booking, two open at Stripe, or one open that is not the booking\'s', () => {
    const claim = { claimId: 'c1', state: 'open' as const, claimedAt: '2026-01-02T00:00:00.000Z', amountCents: 2000, sessionId: 'cs_open' };
    expect(rules(booking({ held: 3000, due: 0, balanceCheckout: claim }, [online]))).toEqual(['no-open-session']);
    expect(rules(booking({ held: 1000, due: 2000, balanceCheckout: claim }), ['cs_open'])).toEqual([]);
    expect(rules(booking({ held: 1000, due: 2000, balanceCheckout: claim }), ['cs_open', 'cs_other'])).toEqual(['no-open-session']);
    expect(rules(booking({ held: 1000, due: 2000 }), ['cs_other'])).toEqual(['no-open-session']);
    expect(rules(booking({ held: 1000, due: 0, status: 'cancelled', cancelledAt: 'x' }, [line({ kind: 'kept', amountCents: 1000, at: 'x' })]), ['cs_open'])).toEqual(['no-open-session']);
  });

  it('refund-within-payment: refunds beyond what was charged, or beyond the payment they went back to', () => {
    expect(rules(booking({ held: -1000, due: 4000 }, [line({ kind: 'refund', amountCents: -2000, status: 'succeeded' })]))).toEqual(['refund-within-payment']);
    const tooMuch = line({ kind: 'refund', amountCents: -2500, status: 'succeeded', paymentIntent: 'pi_b' });
    expect(rules(booking({ held: 500, due: 0 }, [online, tooMuch]))).toEqual(['refund-within-payment']);
  });

  it("the first charge: what the checkout asked, or Stripe's figure when the payment was held for another amount", () => {
    expect(recordedFirstCharge(booking({ held: 1000, due: 2000 }))).toBe(1000);
    expect(recordedFirstCharge(booking({ held: 900, due: 2100, payment: { amountPaidCents: 900, balanceDueCents: 2100, reviewReason: 'amount' } as Booking['payment'] }))).toBeNull();
  });
});
