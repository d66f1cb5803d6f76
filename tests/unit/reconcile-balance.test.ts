/**
 * Reconcile with payments towards the balance (functions/use-cases/booking/reconcile.ts compareWithStripe): cash in
 * the yard and a balance paid online are held but were not charged on the booking's first payment; an online one is
 * checked against its own payment intent.
 */
import { describe, expect, it } from 'vitest';
import type { Booking, LedgerLine } from '../../shared/records';
import { compareWithStripe, type StripeBalancePayment } from '../../functions/use-cases/booking/reconcile';

const payment = (cents: number, extra: Partial<LedgerLine> = {}): LedgerLine => ({ id: `p${cents}`, at: '2026-01-02T00:00:00.000Z', by: 'customer', kind: 'payment', amountCents: cents, note: 'Paid online by card', method: 'online', sessionId: 'cs_b', paymentIntent: 'pi_b', ...extra });
/** A $60 booking paid by its $10 deposit on pi_1, then the lines. */
const booking = (ledger: LedgerLine[], held: number): Booking => ({ id: 'b1', bookingReference: 'RP-TEST01', status: 'reservation', totalCents: 6000, ledger, payment: { amountPaidCents: held, balanceDueCents: Math.max(0, 6000 - held), paymentIntent: 'pi_1' } as Booking['payment'] }) as Booking;
const atStripe = (entries: [string, StripeBalancePayment][]) => new Map(entries);

describe('reconcile and balance payments', () => {
  it('a $10 deposit and the $50 balance paid online agree with Stripe: no difference', () => {
    expect(compareWithStripe(booking([payment(5000)], 6000), { amountReceived: 1000 }, [], atStripe([['pi_b', { amountReceived: 5000, refunds: [] }]]))).toEqual([]);
  });

  it('$20 cash in the yard and $30 online agree too', () => {
    const cash = payment(2000, { id: 'cash', method: 'cash', note: 'Paid in the yard: Cash', sessionId: undefined, paymentIntent: undefined });
    expect(compareWithStripe(booking([cash, payment(3000)], 6000), { amountReceived: 1000 }, [], atStripe([['pi_b', { amountReceived: 3000, refunds: [] }]]))).toEqual([]);
  });

  it('Stripe received another amount for the balance than the line says', () => {
    expect(compareWithStripe(booking([payment(5000)], 6000), { amountReceived: 1000 }, [], atStripe([['pi_b', { amountReceived: 4000, refunds: [] }]]))).toEqual([{ ledger: 'balance paid online $50.00', stripe: 'received $40.00 (pi_b)' }]);
  });

  it('a refund of the balance payment made in Stripe is a difference; a failed one is not', () => {
    const refunds = [
      { id: 're_x', amount: 1500, status: 'succeeded', metadata: {}, created: 1 },
      { id: 're_y', amount: 500, status: 'failed', metadata: {}, created: 2 },
    ];
    expect(compareWithStripe(booking([payment(5000)], 6000), { amountReceived: 1000 }, [], atStripe([['pi_b', { amountReceived: 5000, refunds }]]))).toEqual([{ ledger: 'no line for this refund of a balance payment', stripe: 'refund re_x of $15.00' }]);
  });

  it('a part refund the app sent to the balance payment (the deposit had no room) agrees; its amount must match', () => {
    const refund: LedgerLine = { id: 'r1', at: '2026-01-03T00:00:00.000Z', by: 'admin', kind: 'refund', amountCents: -1500, note: 'Refund', status: 'succeeded', refundId: 're_b' };
    const atB = (amount: number) => atStripe([['pi_b', { amountReceived: 5000, refunds: [{ id: 're_b', amount, status: 'succeeded', metadata: { ledgerLine: 'r1' }, created: 3 }] }]]);
    expect(compareWithStripe(booking([payment(5000), refund], 4500), { amountReceived: 1000 }, [], atB(1500))).toEqual([]);
    expect(compareWithStripe(booking([payment(5000), refund], 4500), { amountReceived: 1000 }, [], atB(1000))).toContainEqual({ ledger: 'refund re_b of $15.00', stripe: 'refund re_b of $10.00' });
  });

  it('a refund of a balance paid twice, sent to that payment but not yet settled (its answer lost), is in flight, not a difference', () => {
    const pending: LedgerLine = { id: 'refund-checkout-cs_b', at: '2026-01-03T00:00:00.000Z', by: 'system', kind: 'refund', amountCents: -5000, note: 'Balance paid twice: refunded', status: 'pending', paymentIntent: 'pi_b' };
    const madeAtStripe = atStripe([['pi_b', { amountReceived: 5000, refunds: [{ id: 're_b', amount: 5000, status: 'succeeded', metadata: { ledgerLine: 'refund-checkout-cs_b' }, created: 3 }] }]]);
    expect(compareWithStripe(booking([payment(5000), pending], 1000), { amountReceived: 1000 }, [], madeAtStripe)).toEqual([]);
    // Settled, it agrees too; a refund there that no line of ours asked for does not.
    const settled = { ...pending, status: 'succeeded' as const, refundId: 're_b' };
    expect(compareWithStripe(booking([payment(5000), settled], 1000), { amountReceived: 1000 }, [], madeAtStripe)).toEqual([]);
    expect(compareWithStripe(booking([payment(5000), { ...pending, id: 'other' }], 1000), { amountReceived: 1000 }, [], madeAtStripe)).toContainEqual({ ledger: 'no line for this refund of a balance payment', stripe: 'refund re_b of $50.00' });
  });

  it('a balance payment Stripe does not know is a difference', () => {
    expect(compareWithStripe(booking([payment(5000)], 6000), { amountReceived: 1000 }, [], atStripe([]))).toEqual([{ ledger: 'balance paid online $50.00 (pi_b)', stripe: 'no such payment' }]);
  });

  it('held money that no payment accounts for is still reported', () => {
    expect(compareWithStripe(booking([payment(5000)], 6500), { amountReceived: 1000 }, [], atStripe([['pi_b', { amountReceived: 5000, refunds: [] }]]))).toHaveLength(2);
  });
});

describe("reconcile and the first payment's refunds", () => {
  /** A $60 booking paid in full on pi_1, $40 of it refunded by the ledger line r1 (so $20 held). */
  const cancelled = (line: Partial<LedgerLine>, held = 2000): Booking =>
    ({
      id: 'b2',
      bookingReference: 'RP-TEST02',
      status: 'cancelled',
      totalCents: 6000,
      ledger: [{ id: 'r1', at: '2026-01-03T00:00:00.000Z', by: 'customer', kind: 'refund', amountCents: -4000, note: 'Booking cancelled', ...line }],
      payment: { amountPaidCents: held, balanceDueCents: 0, paymentIntent: 'pi_1' } as Booking['payment'],
    }) as Booking;
  const madeFor = (ledgerLine: string) => ({ id: 're_1', amount: 4000, status: 'succeeded', metadata: { ledgerLine }, created: 1_767_398_400 });

  it('a refund Stripe made for a line still on its way agrees: the line is ours, it just has not heard back', () => {
    expect(compareWithStripe(cancelled({ status: 'pending' }), { amountReceived: 6000 }, [madeFor('r1')])).toEqual([]);
  });

  it('a refund Stripe made for no line of ours is a difference', () => {
    expect(compareWithStripe(cancelled({ status: 'pending' }), { amountReceived: 6000 }, [madeFor('someone-else')])).toContainEqual({ ledger: 'no line for this refund', stripe: 'refund re_1 of $40.00' });
  });

  it('a line not yet sent is owed: what is held is what Stripe received less it', () => {
    expect(compareWithStripe(cancelled({ status: 'pending' }), { amountReceived: 6000 }, [])).toEqual([]);
    // $10 held that nothing accounts for: it reads as charged more than received, and as held beyond what is owed.
    expect(compareWithStripe(cancelled({ status: 'pending' }, 3000), { amountReceived: 6000 }, [])).toEqual([
      { ledger: 'charged $70.00', stripe: 'received $60.00' },
      { ledger: 'paid $30.00', stripe: 'received less refunds less owed: $20.00' },
    ]);
  });

  it('a made refund is settled on its line; what is held must match Stripe after it', () => {
    const made = cancelled({ status: 'succeeded', refundId: 're_1' });
    expect(compareWithStripe(made, { amountReceived: 6000 }, [madeFor('r1')])).toEqual([]);
    expect(compareWithStripe(cancelled({ status: 'succeeded', refundId: 're_1' }, 2500), { amountReceived: 6000 }, [madeFor('r1')])).toEqual([
      { ledger: 'charged $65.00', stripe: 'received $60.00' },
      { ledger: 'paid $25.00', stripe: 'received less refunds: $20.00' },
    ]);
  });
});
