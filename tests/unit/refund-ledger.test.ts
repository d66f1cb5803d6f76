/**
 * The rules that keep a booking's refund lines true to Stripe's refunds (functions/use-cases/booking/refund-ledger.ts):
 * the headroom a pending line may still send, and applying Stripe's list by refund id.
 */
import { describe, expect, it } from 'vitest';
import type { Booking, LedgerLine } from '../../shared/records';
import { chargedCents, headroomCents, refundCounts, settleLine, syncLedger, type StripeRefund } from '../../functions/use-cases/booking/refund-ledger';

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

const AT = '2026-01-02T00:00:00.000Z';
/** -0 and 0 are the same money. */
const cents = (n: number) => n + 0;

describe('what counts as refunded, and what was charged', () => {
  it('a refund that succeeded or is on its way counts; a failed or canceled one gave nothing back', () => {
    expect(['succeeded', 'pending', 'requires_action', null].map((status) => refundCounts({ status }))).toEqual([true, true, true, true]);
    expect(['failed', 'canceled'].map((status) => refundCounts({ status }))).toEqual([false, false]);
  });

  it('what was charged is what is held plus every refund granted (a failed outside refund is not one)', () => {
    const b = booking([line('a', 4000, { status: 'succeeded' }), line('o', 1000, { outside: true, status: 'failed' })], 7000);
    expect(chargedCents(b)).toBe(11000);
    expect(chargedCents({ ...b, payment: undefined } as Booking)).toBe(4000);
  });
});

describe('settling a pending line with what Stripe refunded', () => {
  it('all of it: succeeded, with the refund id and time; nothing else changes', () => {
    const b = booking([line('a', 4000)], 7000);
    const { booking: after, revenueDeltaCents } = settleLine(b, 0, 4000, 're_a', AT);
    expect(after.ledger).toEqual([{ ...line('a', 4000), status: 'succeeded', settledAt: AT, refundId: 're_a' }]);
    expect(after.payment).toEqual(b.payment);
    expect(cents(revenueDeltaCents)).toBe(0);
  });

  it('less than decided (a dashboard refund paid the rest): the line says what was sent and asked, and the difference is held again', () => {
    const { booking: after, revenueDeltaCents } = settleLine(booking([line('a', 4000)], 7000), 0, 2500, 're_a', AT);
    expect(after.ledger![0]).toMatchObject({ status: 'succeeded', amountCents: -2500, askedCents: 4000, refundId: 're_a', note: 'Booking cancelled; $15.00 of it refunded in Stripe instead' });
    expect(after.payment!.amountPaidCents).toBe(8500);
    // A cancelled booking's revenue is what it holds.
    expect(revenueDeltaCents).toBe(1500);
  });

  it('nothing sent: settled at $0 without a refund id, and says why', () => {
    const { booking: after } = settleLine(booking([line('a', 4000)], 7000), 0, 0, null, AT);
    const settled = after.ledger![0]!;
    expect(cents(settled.amountCents)).toBe(0);
    expect(settled).toMatchObject({ status: 'succeeded', askedCents: 4000, note: 'Booking cancelled; not sent: refunded in Stripe instead' });
    expect(settled).not.toHaveProperty('refundId');
    expect(after.payment!.amountPaidCents).toBe(11000);
  });

  it('a line lowered before and sent again keeps what was first asked, and one note, not two', () => {
    const lowered = line('a', 250_000 - 100, { askedCents: 250_000, note: 'Booking cancelled; $1.00 of it refunded in Stripe instead' });
    const { booking: after } = settleLine(booking([lowered], 0), 0, 1000, 're_a', AT);
    expect(after.ledger![0]).toMatchObject({ amountCents: -1000, askedCents: 250_000, note: 'Booking cancelled; $2,490.00 of it refunded in Stripe instead' });
    const again = settleLine(after, 0, 0, null, AT).booking.ledger![0]!;
    expect(again.note).toBe('Booking cancelled; not sent: refunded in Stripe instead');
  });

  it('on a live booking the total takes back what the refund made in Stripe took instead (that refund lowered it), and a booking without a payment gets none', () => {
    const live = { ...booking([line('a', 4000)], 7000), status: 'reservation', totalCents: 5500 } as Booking;
    const settled = settleLine(live, 0, 2500, 're_a', AT);
    expect(settled.booking.payment!.amountPaidCents).toBe(8500);
    expect(settled.booking.totalCents).toBe(7000);
    expect(cents(settled.revenueDeltaCents)).toBe(1500);
    const unpaid = { ...booking([line('a', 4000)], 0), payment: undefined } as Booking;
    expect(settleLine(unpaid, 0, 2500, 're_a', AT).booking.payment).toBeUndefined();
  });
});

describe("applying Stripe's refunds: each case", () => {
  it('on a booking still on, a refund made in Stripe is a part refund made outside the app: the total falls with what is held, and rises again if it fails', () => {
    const live = { ...booking([], 3000), status: 'reservation', totalCents: 3000 } as Booking;
    const made = syncLedger(live, [outside('re_d', 750)], AT).booking;
    expect(made.payment!.amountPaidCents).toBe(2250);
    expect(made.totalCents).toBe(2250);
    const failed = syncLedger(made, [outside('re_d', 750, 'failed')], AT).booking;
    expect(failed.payment!.amountPaidCents).toBe(3000);
    expect(failed.totalCents).toBe(3000);
    const cancelled = { ...booking([], 3000), totalCents: 3000 } as Booking;
    expect(syncLedger(cancelled, [outside('re_d', 750)], AT).booking.totalCents).toBe(3000);
  });

  it('outside refunds go on the ledger oldest first, each as a line by the system with the amount held falling by it', () => {
    const b = booking([line('a', 1000, { status: 'succeeded', refundId: 're_a' })], 10_000);
    const listed = [{ ...outside('re_new', 2000), created: 5 }, { ...outside('re_old', 3000), created: 3 }, { ...ours('re_a', 'a', 1000), metadata: null }];
    const edit = syncLedger(b, listed, AT);
    expect(edit.booking.ledger!.slice(1)).toEqual([
      { id: 'stripe-re_old', at: AT, by: 'system', kind: 'refund', amountCents: -3000, note: 'Refunded in Stripe', status: 'succeeded', refundId: 're_old', settledAt: AT, outside: true },
      { id: 'stripe-re_new', at: AT, by: 'system', kind: 'refund', amountCents: -2000, note: 'Refunded in Stripe', status: 'succeeded', refundId: 're_new', settledAt: AT, outside: true },
    ]);
    expect(edit.booking.payment!.amountPaidCents).toBe(5000);
    expect(edit.revenueDeltaCents).toBe(-5000);
    expect(edit.recorded).toEqual([{ refundId: 're_old', amountCents: 3000 }, { refundId: 're_new', amountCents: 2000 }]);
    expect([edit.changed, edit.settledLineIds, edit.failed]).toEqual([true, [], []]);
  });

  it('an outside refund that had failed before it was heard of gave nothing: not recorded, nothing changed', () => {
    const b = booking([], 11_000);
    const edit = syncLedger(b, [outside('re_x', 5000, 'failed')], AT);
    expect([edit.changed, edit.booking.ledger, edit.booking.payment!.amountPaidCents, edit.recorded]).toEqual([false, [], 11_000, []]);
  });

  it('a refund naming a line that is not a refund of ours is made outside the app', () => {
    const payment: LedgerLine = { id: 'p1', at: AT, by: 'customer', kind: 'payment', amountCents: 11_000, note: 'Paid' } as LedgerLine;
    const edit = syncLedger(booking([payment], 11_000), [ours('re_x', 'p1', 2000)], AT);
    expect(edit.booking.ledger!.map((l) => [l.id, l.amountCents])).toEqual([['p1', 11_000], ['stripe-re_x', -2000]]);
  });

  it('our pending line settled lower through the list: the difference held again, and on a cancelled booking counted as revenue', () => {
    const edit = syncLedger(booking([line('a', 4000)], 7000), [ours('re_a', 'a', 2500)], AT);
    expect(edit.booking.ledger![0]).toMatchObject({ status: 'succeeded', amountCents: -2500, askedCents: 4000, refundId: 're_a' });
    expect(edit.booking.payment!.amountPaidCents).toBe(8500);
    expect(edit.revenueDeltaCents).toBe(1500);
    expect(edit.settledLineIds).toEqual(['a']);
  });

  it('our pending line that Stripe failed: failed and still owed (nothing held again), its request dropped, and reported', () => {
    const edit = syncLedger(booking([line('a', 4000)], 7000), [ours('re_a', 'a', 4000, 'failed')], AT);
    expect(edit.booking.ledger![0]).toMatchObject({ status: 'failed', refundId: 're_a', settledAt: AT, amountCents: -4000 });
    expect(edit.booking.payment!.amountPaidCents).toBe(7000);
    expect(cents(edit.revenueDeltaCents)).toBe(0);
    expect(edit.settledLineIds).toEqual(['a']);
    expect(edit.failed).toEqual([{ lineId: 'a', refundId: 're_a', amountCents: 4000, outside: false }]);
    expect(edit.changed).toBe(true);
  });

  it('an outside line that failed is reported as outside and has no request to drop; a line failed already is left alone', () => {
    const o = line('o', 5000, { by: 'system', outside: true, status: 'succeeded', refundId: 're_d' });
    const edit = syncLedger(booking([o], 2000), [outside('re_d', 5000, 'failed')], AT);
    expect(edit.failed).toEqual([{ lineId: 'o', refundId: 're_d', amountCents: 5000, outside: true }]);
    expect(edit.settledLineIds).toEqual([]);
    const again = syncLedger(edit.booking, [outside('re_d', 5000, 'failed')], AT);
    expect([again.changed, again.failed]).toEqual([false, []]);
    expect(again.booking).toEqual(edit.booking);
  });

  it('a booking without a payment still gets its outside lines, and no payment', () => {
    const unpaid = { ...booking([], 0), payment: undefined } as Booking;
    const edit = syncLedger(unpaid, [outside('re_x', 1000)], AT);
    expect(edit.booking.ledger!.map((l) => l.id)).toEqual(['stripe-re_x']);
    expect(edit.booking.payment).toBeUndefined();
  });
});

describe('the headroom: each refund at Stripe in its place', () => {
  it("a failed refund at Stripe lowers nothing; an earlier line that failed gave way to nothing", () => {
    expect(headroomCents(booking([line('a', 9000)], 2000), 0, [outside('re_d', 5000, 'failed')])).toBe(9000);
    const failedEarlier = line('f', 0, { status: 'failed', askedCents: 3000 });
    expect(headroomCents(booking([failedEarlier, line('b', 1000)], 10_000), 1, [outside('re_d', 3500)])).toBe(0);
  });

  it("an earlier line's own refund at Stripe is not a dashboard refund: it lowers nothing", () => {
    const b = booking([line('a', 3000), line('b', 4000)], 4000);
    expect(headroomCents(b, 1, [ours('re_a', 'a', 3000)])).toBe(4000);
  });

  it('an earlier line still waiting to be sent gives way to a dashboard refund first; once at Stripe it no longer can', () => {
    const b = booking([line('a', 3000), line('b', 1000)], 7000);
    // $35 refunded in the dashboard: line a, not sent yet, takes $30 of it, so b is lowered by the $5 left.
    expect(headroomCents(b, 1, [outside('re_d', 3500)])).toBe(500);
    // Line a's refund already made: b is lowered by all $35, to nothing.
    expect(headroomCents(b, 1, [outside('re_d', 3500), ours('re_a', 'a', 3000)])).toBe(0);
  });

  it('an earlier line that sent part of what it was asked gave way by the difference only', () => {
    const partly = line('a', 1000, { status: 'succeeded', refundId: 're_a', askedCents: 3000 });
    // It gave way by $20; a $35 dashboard refund lowers b by the other $15.
    expect(headroomCents(booking([partly, line('b', 2000)], 8000), 1, [outside('re_d', 3500), ours('re_a', 'a', 1000)])).toBe(500);
  });
});
