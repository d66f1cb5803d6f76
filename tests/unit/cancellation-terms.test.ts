/** The cancellation terms (docs/product-rules.md, 'Money after payment'): 48 hours or more before drop-off, paid less $20; less, nothing; from drop-off, not online. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationMessages, customerCancellation } from '../../shared/cancellation';
import { nzInstant } from '../../shared/nz-time';

const dropOff = { dropOffDate: '2030-06-10', dropOffTime: '09:00', totalCents: 11000, refundedCents: 0 };
const at = nzInstant({ date: '2030-06-10', time: '09:00' })!.getTime();
const hoursBefore = (h: number) => new Date(at - h * 3_600_000);

describe('customerCancellation', () => {
  it('refunds what was paid less $20 from 48 hours before drop-off, nothing after, and refuses from the drop-off time', () => {
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 11000 }, hoursBefore(48))).toMatchObject({ cancellable: true, refundCents: 9000, feeCents: 2000 });
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 11000 }, hoursBefore(47.99))).toMatchObject({ cancellable: true, refundCents: 0, feeCents: 0 });
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 11000 }, hoursBefore(0))).toMatchObject({ cancellable: false, reason: cancellationMessages.tooLate });
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 1000 }, hoursBefore(100))).toMatchObject({ refundCents: 0, feeCents: 1000 });
  });

  it('never refunds more than was paid, and refund plus what is kept is what was paid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: -24 * 60, max: 24 * 60 * 400 }), (paidCents, minutes) => {
        const hours = minutes / 60;
        const t = customerCancellation({ ...dropOff, status: 'reservation', paidCents }, hoursBefore(hours));
        expect(t.refundCents).toBeGreaterThanOrEqual(0);
        expect(t.refundCents).toBeLessThanOrEqual(paidCents);
        if (t.cancellable && t.refundCents > 0) expect(t.refundCents + t.feeCents).toBe(paidCents);
        if (t.refundCents > 0) expect(paidCents - t.refundCents).toBe(Math.min(paidCents, 2000)) // the terms: $20;
        expect(t.cancellable).toBe(hours > 0);
      }),
    );
  });

  it('only a reservation can be cancelled by its customer', () => {
    for (const status of ['checkin', 'checkout', 'cancelled']) expect(customerCancellation({ ...dropOff, status, paidCents: 5000 }, hoursBefore(100)).cancellable).toBe(false);
  });
});

describe('customerCancellation after earlier changes (issue 26)', () => {
  it('counts refunds already made and the 48 hours from the earliest drop-off, and says why money is kept', () => {
    const moved = { ...dropOff, dropOffDate: '2030-06-20', termsDropOffAt: new Date(at).toISOString() };
    expect(customerCancellation({ ...moved, status: 'reservation', paidCents: 11000 }, hoursBefore(30))).toMatchObject({ refundCents: 0, keptCents: 11000, keptReason: 'late', feeCents: 0 });
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 3000, refundedCents: 8000 }, hoursBefore(100))).toMatchObject({ refundCents: 1000, keptCents: 2000, keptReason: 'fee' });
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 1000 }, hoursBefore(100))).toMatchObject({ refundCents: 0, keptCents: 1000, keptReason: 'fee', feeCents: 1000 });
  });
});
