/** The cancellation terms (docs/product-rules.md, 'Money after payment'): 48 hours or more before drop-off, paid less $20; less, nothing; from drop-off, not online. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationMessages, customerCancellation, keptText } from '../../shared/cancellation';
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

describe('customerCancellation after earlier changes', () => {
  it('counts refunds already made and the 48 hours from the earliest drop-off, and says why money is kept', () => {
    const moved = { ...dropOff, dropOffDate: '2030-06-20', termsDropOffAt: new Date(at).toISOString() };
    expect(customerCancellation({ ...moved, status: 'reservation', paidCents: 11000 }, hoursBefore(30))).toMatchObject({ refundCents: 0, keptCents: 11000, keptReason: 'late', feeCents: 0 });
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 3000, refundedCents: 8000 }, hoursBefore(100))).toMatchObject({ refundCents: 1000, keptCents: 2000, keptReason: 'fee' });
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 1000 }, hoursBefore(100))).toMatchObject({ refundCents: 0, keptCents: 1000, keptReason: 'fee', feeCents: 1000 });
  });
});

describe('what a customer who cannot cancel is told, and is given', () => {
  const nothing = { cancellable: false, paidCents: 11000, refundCents: 0, feeCents: 0, keptCents: 0, keptReason: null };

  it('a booking cancelled already says so; one in the yard or picked up says only one to come can be; nothing comes back', () => {
    expect(customerCancellation({ ...dropOff, status: 'cancelled', paidCents: 11000 }, hoursBefore(100))).toEqual({ ...nothing, reason: 'This booking is already cancelled' });
    for (const status of ['checkin', 'checkout', 'pending_payment']) {
      expect(customerCancellation({ ...dropOff, status, paidCents: 11000 }, hoursBefore(100))).toEqual({ ...nothing, reason: 'Only a booking that is still to come or in the yard can be cancelled' });
    }
  });

  it('from the drop-off time, or for a drop-off time that does not exist (skipped by daylight saving), to call us', () => {
    const tooLate = { ...nothing, reason: 'This booking can no longer be cancelled online: its drop-off time has passed. Please call us on 09 000 0000.' };
    expect(customerCancellation({ ...dropOff, status: 'reservation', paidCents: 11000 }, hoursBefore(-1))).toEqual(tooLate);
    // 02:30 on 26 September 2027 does not happen in New Zealand (clocks go from 02:00 to 03:00).
    expect(customerCancellation({ ...dropOff, dropOffDate: '2027-09-26', dropOffTime: '02:30', status: 'reservation', paidCents: 11000 }, new Date('2027-01-01T00:00:00Z'))).toEqual(tooLate);
  });
});

describe('the 48 hours are counted from the earliest drop-off the booking has had', () => {
  it('a drop-off moved earlier than the one recorded counts from the new, earlier one', () => {
    // Recorded: 10 June 09:00; the booking now drops off on 8 June 09:00, 30 hours from now: too late for a refund.
    const movedEarlier = { ...dropOff, dropOffDate: '2030-06-08', termsDropOffAt: new Date(at).toISOString(), status: 'reservation', paidCents: 11000 };
    const now = new Date(at - (48 + 30) * 3_600_000);
    expect(customerCancellation(movedEarlier, now)).toMatchObject({ cancellable: true, refundCents: 0, keptCents: 11000, keptReason: 'late' });
    expect(customerCancellation({ ...movedEarlier, termsDropOffAt: null }, now)).toMatchObject({ refundCents: 0, keptReason: 'late' });
  });
});

describe('the texts the dialog and the e-mail print', () => {
  it('why money is kept, in the terms words, and nothing when nothing is kept', () => {
    expect(keptText('fee')).toBe('The $20 cancellation fee, 48 hours or more before drop-off');
    expect(keptText('late')).toBe('Less than 48 hours before drop-off: not refunded');
    expect(keptText(null)).toBeNull();
  });

  it('a refund above what was paid', () => {
    expect(cancellationMessages.refundTooLarge(11000)).toBe('The refund can be at most $110.00 (what was paid)');
  });
});
