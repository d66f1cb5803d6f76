/**
 * The rules that keep a booking's refund lines true to Stripe's refunds (functions/use-cases/booking/refund-ledger.ts):
 * the headroom a pending line may still send, and applying Stripe's list by refund id.
 */
import { describe, expect, it } from 'vitest';
import type { Booking, LedgerLine } from '../../shared/records';
import { headroomCents, syncLedger, type StripeRefund } from '../../functions/use-cases/booking/refund-ledger';

const line = (id: string, cents: number, extra: Partial<LedgerLine> = {}): LedgerLine => ({ id, at: '2026-01-01T00:00:00.000Z', by: 'customer', kind: 'refund', amountCents: -cents, note: 'Booking cancelled', status: 'pending', ...extra });
/** $110 charged; `held` is what is left after the lines. */
const booking = (ledger: LedgerLine[], held: number): Booking => ({ id: 'b1', status: 'cancelled', ledger, payment: { amountPaidCents: held, paymentIntent: 'pi_1' } as Booking['payment'], updatedAt: '2026-01-01T00:00:00.000Z' }) as Booking;
const outside = (id: string, amount: number, status = 'succeeded'): StripeRefund => ({ id, amount, status, metadata: {}, created: 2 });
const ours = (id: string, lineId: string, amount: number, status = 'succeeded'): StripeRefund => ({ id, amount, status, metadata: { ledgerLine: lineId }, created: 1 });

describe('the headroom a pending line may send', () => {
  it('a dashboard refund after the decision lowers it: $90 decided, $50 refunded in the dashboard, $40 left to send', () => {
    expect(headroomCents(booking([line('a', 9000)], 2000), 0, [outside('re_d', 5000)])).toBe(4000);
  });

  it('all of it refunded in the dashboard: nothing to send', () => {
    expect(headroomCents(booking([line('a', 9000)], 2000), 0, [outside('re_d', 11000)])).toBe(0);
  });

  it('a dashboard refund the decision already counted does not lower it again', () => {
    const known = line('o', 5000, { by: 'system', outside: true, status: 'succeeded', refundId: 're_d' });
    expect(headroomCents(booking([known, line('a', 4000)], 2000), 1, [outside('re_d', 5000)])).toBe(4000);
  });

  it('an earlier line that gave way to a dashboard refund leaves the rest to the next: $30 + $10 decided, $35 outside, $5 left', () => {
    const gaveWay = line('a', 0, { status: 'succeeded', askedCents: 3000 });
    expect(headroomCents(booking([gaveWay, line('b', 1000)], 7000), 1, [outside('re_d', 3500)])).toBe(500);
  });
});

describe("applying Stripe's refunds by id", () => {
  it('settles our pending line, records an outside refund once, and a second pass changes nothing', () => {
    const b = booking([line('a', 4000)], 7000);
    const refunds = [ours('re_a', 'a', 4000), outside('re_d', 5000)];
    const first = syncLedger(b, refunds, '2026-01-02T00:00:00.000Z');
    expect(first.booking.ledger).toEqual([expect.objectContaining({ id: 'a', status: 'succeeded', refundId: 're_a' }), expect.objectContaining({ refundId: 're_d', outside: true, amountCents: -5000, note: 'Refunded in Stripe' })]);
    expect(first.booking.payment!.amountPaidCents).toBe(2000);
    expect(first.settledLineIds).toEqual(['a']);
    const again = syncLedger(first.booking, [...refunds].reverse(), '2026-01-03T00:00:00.000Z');
    expect(again.changed).toBe(false);
    expect(again.booking).toEqual(first.booking);
  });

  it('an outside refund that fails later is held again; our own that fails is still owed', () => {
    const b = booking([line('a', 4000, { status: 'succeeded', refundId: 're_a' }), line('o', 5000, { by: 'system', outside: true, status: 'succeeded', refundId: 're_d' })], 2000);
    const after = syncLedger(b, [ours('re_a', 'a', 4000, 'failed'), outside('re_d', 5000, 'failed')], '2026-01-02T00:00:00.000Z');
    expect(after.booking.ledger!.map((l) => l.status)).toEqual(['failed', 'failed']);
    expect(after.booking.payment!.amountPaidCents).toBe(7000);
    expect(after.revenueDeltaCents).toBe(5000);
  });
});
