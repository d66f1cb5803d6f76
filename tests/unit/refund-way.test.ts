/**
 * Money goes back the way it came (shared/refund-lines.ts): what a booking holds split by how it came in, a refund
 * split the same way (online first), and the words staff read for what a refund did (web/src/features/admin/refund-outcome.ts).
 */
import { describe, expect, it } from 'vitest';
import type { LedgerLine } from '../../shared/records';
import { heldByWay, refundSplitText, splitRefund, type RefundLine } from '../../shared/refund-lines';
import { lineState, refundOutcome } from '../../web/src/features/admin/refund-outcome';

const line = (l: Partial<LedgerLine>): LedgerLine => ({ id: 'l', at: '2030-01-01T00:00:00Z', by: 'admin', kind: 'payment', amountCents: 0, note: '', ...l });
const refund = (r: Partial<RefundLine>): RefundLine => ({ id: 'r', at: '2030-01-01T00:00:00Z', amount: 5, status: 'succeeded', note: '', outside: false, way: 'online', by: null, reason: null, ...r });

describe('what a booking holds, by the way it came', () => {
  it('a card checkout: all online', () => {
    expect(heldByWay([], 6000)).toEqual({ onlineCents: 6000, yardCents: 0, yardMethod: null });
  });

  it('a cash walk-in, less what was handed back: all in the yard, by its method', () => {
    const ledger = [line({ kind: 'payment', amountCents: 3000, method: 'cash' }), line({ kind: 'refund', amountCents: -500, method: 'cash', status: 'succeeded' })];
    expect(heldByWay(ledger, 2500)).toEqual({ onlineCents: 0, yardCents: 2500, yardMethod: 'cash' });
  });

  it('a deposit online and the balance by EFTPOS; an online balance payment counts as online', () => {
    expect(heldByWay([line({ kind: 'payment', amountCents: 5000, method: 'eftpos' })], 6000)).toEqual({ onlineCents: 1000, yardCents: 5000, yardMethod: 'eftpos' });
    expect(heldByWay([line({ kind: 'payment', amountCents: 5000, method: 'online' })], 6000)).toEqual({ onlineCents: 6000, yardCents: 0, yardMethod: null });
  });
});

describe('a refund split the same way', () => {
  it('online first, the rest in the yard', () => {
    const held = { onlineCents: 1000, yardCents: 5000, yardMethod: 'cash' as const };
    expect(splitRefund(800, held)).toEqual({ onlineCents: 800, yardCents: 0, yardMethod: null });
    expect(splitRefund(2500, held)).toEqual({ onlineCents: 1000, yardCents: 1500, yardMethod: 'cash' });
    expect(refundSplitText(splitRefund(2500, held))).toBe('$10.00 to the card and $15.00 in cash');
    expect(refundSplitText(splitRefund(500, { onlineCents: 0, yardCents: 3000, yardMethod: 'eftpos' }))).toBe('$5.00 by EFTPOS');
  });
});

describe('what staff read of a refund', () => {
  it('handed back in cash: made, recorded; never "to the card"', () => {
    const o = refundOutcome([refund({ way: 'cash', by: 'staff@example.com' })]);
    expect(o).toEqual({ title: 'Refund made', description: '$5.00 handed back in cash, recorded.', variant: 'success' });
  });

  it('a card refund Stripe refused: failed, with its reason, and still owed', () => {
    const o = refundOutcome([refund({ status: 'failed', reason: 'This charge has been disputed and cannot be refunded.' })]);
    expect(o.title).toBe('Refund failed');
    expect(o.variant).toBe('destructive');
    expect(o.description).toBe('$5.00 was not refunded to the card: This charge has been disputed and cannot be refunded. It is still owed to the customer: retry it from the booking.');
  });

  it('on its way, made, and still to hand back', () => {
    expect(refundOutcome([refund({ status: 'pending' })]).title).toBe('Refund on its way');
    expect(refundOutcome([refund({}), refund({ way: 'cash', amount: 3 })]).description).toBe('$5.00 back to the card; $3.00 handed back in cash, recorded.');
    expect(lineState(refund({ way: 'cash', status: 'pending' }))).toBe('To hand back in cash');
    expect(lineState(refund({ status: 'failed' }))).toBe('Refund failed');
  });
});
