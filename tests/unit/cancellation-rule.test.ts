/**
 * The cancellation sentence on the payment page and in the FAQ says what the money policy does,
 * the 24 to 48 hours the terms leave silent included.
 */
import { describe, expect, it } from 'vitest';
import { customerCancellation } from '../../shared/cancellation';
import { CANCELLATION_DETAILS, CANCELLATION_RULE } from '../../shared/cancellation-rule';
import { nzInstant } from '../../shared/nz-time';
import { FAQ } from '../../web/src/features/info/content/faq';

const dropOff = { status: 'reservation', dropOffDate: '2030-06-10', dropOffTime: '09:00', totalCents: 11000, refundedCents: 0 };
const at = nzInstant({ date: '2030-06-10', time: '09:00' })!.getTime();
const hoursBefore = (h: number) => new Date(at - h * 3_600_000);

describe('the cancellation rule', () => {
  it('reads as one sentence with the terms figures and the gap between 24 and 48 hours filled', () => {
    expect(CANCELLATION_RULE).toBe(
      'Cancel 48 hours or more before your drop-off time and we refund what you paid less a $20 cancellation fee; cancel later than that (even 24 to 48 hours before), miss your drop-off or pick up early, and nothing is refunded.',
    );
    expect(CANCELLATION_RULE.match(/\./g)).toHaveLength(1);
  });

  it('is what the policy does: 48 hours or more, paid less $20; 24 to 48 hours and the same day, nothing', () => {
    expect(customerCancellation({ ...dropOff, paidCents: 11000 }, hoursBefore(72))).toMatchObject({ refundCents: 9000, keptCents: 2000 });
    expect(customerCancellation({ ...dropOff, paidCents: 11000 }, hoursBefore(48))).toMatchObject({ refundCents: 9000, keptCents: 2000 });
    for (const h of [47.5, 36, 24, 23, 2]) expect(customerCancellation({ ...dropOff, paidCents: 11000 }, hoursBefore(h)), `${h} h`).toMatchObject({ refundCents: 0, keptCents: 11000 });
    // The details: a $10 deposit is all kept as the fee; a drop-off moved later keeps the 48 hours of the first one.
    expect(customerCancellation({ ...dropOff, paidCents: 1000 }, hoursBefore(100))).toMatchObject({ refundCents: 0, feeCents: 1000 });
    const moved = { ...dropOff, dropOffDate: '2030-06-20', termsDropOffAt: new Date(at).toISOString(), paidCents: 11000 };
    expect(customerCancellation(moved, hoursBefore(30))).toMatchObject({ refundCents: 0 });
    expect(CANCELLATION_DETAILS[0]).toBe('A deposit smaller than the fee is kept as the fee. If you move your drop-off later, the 48 hours still count from the drop-off you first booked.');
  });

  it('is the FAQ answer about cancelling', () => {
    expect(FAQ.find((q) => q.id === 'cancel')!.answer).toEqual([CANCELLATION_RULE, ...CANCELLATION_DETAILS]);
  });
});
