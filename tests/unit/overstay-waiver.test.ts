import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lateDays, LATE_FEE_PER_DAY_CENTS } from '../../shared/balance';
import { decideOverstayFee, excusedOverstayMs } from '../../shared/money-policy';

const pickUp = { date: '2026-12-31', time: '15:00' };
const booked = Date.parse('2026-12-31T15:00:00+13:00');
const MIN = 60_000;
const fee = (collectedMin: number, lateMin: number, walkOut = 15, charged = 0) =>
  decideOverstayFee({
    lateDaysAt: (at) => lateDays(pickUp, at),
    collectedAt: new Date(booked + collectedMin * MIN),
    perDayCents: LATE_FEE_PER_DAY_CENTS,
    delay: { flight: 'NZ102', scheduledOn: new Date(booked - 30 * MIN).toISOString(), actualOn: new Date(booked - 30 * MIN + lateMin * MIN).toISOString(), walkOutMinutes: walkOut },
    alreadyChargedCents: charged,
  });

describe('the overstay fee and the airline delay waiver (shared/money-policy.ts)', () => {
  it('does not charge the day the airline made late, and says why', () => {
    // Landed 2 h 10 min late, collected 1 h 20 min after the booked pick-up: all of it the airline's.
    const f = fee(80, 130);
    expect(f).toMatchObject({ days: 1, waivedDays: 1, feeCents: 500, waivedCents: 500, chargeCents: 0, waiverText: 'Late fee waived: NZ102 landed 2 h 10 min late' });
    // The same collection with the flight on time: charged, nothing waived.
    expect(fee(80, 0)).toMatchObject({ days: 1, waivedDays: 0, chargeCents: 500, waiverText: null });
    // Collected an hour into the second late day, within the delay: the second day is waived, the first charged.
    expect(fee(24 * 60 + 60, 130)).toMatchObject({ days: 2, waivedDays: 1, chargeCents: 500 });
  });

  it('property: the waiver is never negative, never more than the fee, zero when on time, and the charge never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -600, max: 6 * 24 * 60 }), fc.integer({ min: -120, max: 3 * 24 * 60 }), fc.integer({ min: 0, max: 180 }), fc.integer({ min: 0, max: 3000 }), (collected, late, walkOut, charged) => {
        const f = fee(collected, late, walkOut, charged);
        expect(f.waivedCents).toBeGreaterThanOrEqual(0);
        expect(f.waivedCents).toBeLessThanOrEqual(f.feeCents);
        expect(f.chargeCents).toBeGreaterThanOrEqual(0);
        expect(f.chargeCents).toBeLessThanOrEqual(f.feeCents - f.waivedCents);
        if (late <= 0) {
          expect(f.waivedCents).toBe(0);
          expect(f.waiverText).toBeNull();
        }
      }),
    );
  });

  it('excuses the delay plus the walk-out, nothing without a flight or when it was early', () => {
    expect(excusedOverstayMs(null)).toBe(0);
    expect(excusedOverstayMs({ flight: 'NZ1', scheduledOn: '2026-12-31T01:00:00Z', actualOn: '2026-12-31T00:50:00Z', walkOutMinutes: 30 })).toBe(0);
    expect(excusedOverstayMs({ flight: 'NZ1', scheduledOn: '2026-12-31T01:00:00Z', actualOn: '2026-12-31T01:40:00Z', walkOutMinutes: 15 })).toBe(55 * MIN);
  });
});
