/**
 * The late pick-up rule (shared/balance.ts): terms 'An extension you do not tell us about costs $5 per day, payable
 * when you collect your vehicle.' A day is a started 24 hours on the New Zealand wall clock after the booked pick-up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lateDays, lateFeeCents, lateFeeNote } from '../../shared/balance';
import { addDays, nzInstant } from '../../shared/nz-time';

const at = (date: string, time: string) => nzInstant({ date, time })!;
const dateArb = fc.integer({ min: 0, max: 365 * 3 }).map((n) => addDays('2026-01-01', n));
const timeArb = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
/** Booked pick-ups that exist in NZ (not in the hour skipped when daylight saving starts). */
const pickUpArb = fc.tuple(dateArb, timeArb).filter(([d, t]) => nzInstant({ date: d, time: t }) !== null);

describe('lateDays', () => {
  it('examples: on time and early are free; a minute late is a day; 24 hours is a day; 24 hours and a minute is two', () => {
    const booked = { date: '2026-07-10', time: '10:00' };
    expect(lateDays(booked, at('2026-07-10', '09:00'))).toBe(0);
    expect(lateDays(booked, at('2026-07-10', '10:00'))).toBe(0);
    expect(lateDays(booked, new Date(at('2026-07-10', '10:00').getTime() + 60_000))).toBe(1);
    expect(lateDays(booked, at('2026-07-11', '10:00'))).toBe(1);
    expect(lateDays(booked, new Date(at('2026-07-11', '10:00').getTime() + 60_000))).toBe(2);
    expect(lateFeeCents(booked, at('2026-07-13', '09:00'))).toBe(1500);
  });

  it('across the daylight-saving changes a day is 10:00 to 10:00 on the wall clock (23 or 25 real hours)', () => {
    // NZ daylight saving starts on 27 September 2026 (02:00 -> 03:00) and ends on 5 April 2026 (03:00 -> 02:00).
    expect(lateDays({ date: '2026-09-26', time: '10:00' }, at('2026-09-27', '10:00'))).toBe(1);
    expect(at('2026-09-27', '10:00').getTime() - at('2026-09-26', '10:00').getTime()).toBe(23 * 3_600_000);
    expect(lateDays({ date: '2026-04-04', time: '10:00' }, at('2026-04-05', '10:00'))).toBe(1);
    expect(lateDays({ date: '2026-04-04', time: '10:00' }, new Date(at('2026-04-05', '10:00').getTime() + 60_000))).toBe(2);
  });

  it('property: collecting n whole wall-clock days late is n days, and any later minute within the next day is n + 1', () => {
    fc.assert(
      fc.property(pickUpArb, fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 24 * 60 - 1 }), ([date, time], n, extra) => {
        const sameTime = nzInstant({ date: addDays(date, n), time });
        fc.pre(sameTime !== null);
        expect(lateDays({ date, time }, sameTime!)).toBe(n);
        expect(lateFeeCents({ date, time }, sameTime!)).toBe(n * 500);
        // Minutes on the wall clock: skip the instants a daylight-saving change makes ambiguous by adding real time.
        const later = new Date(sameTime!.getTime() + extra * 60_000);
        expect([n + 1, n + 2]).toContain(lateDays({ date, time }, later));
        if (extra < 22 * 60) expect(lateDays({ date, time }, later)).toBe(n + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('property: never negative, zero at or before the booked pick-up, and never falls as time goes on', () => {
    fc.assert(
      fc.property(pickUpArb, fc.integer({ min: -3 * 24 * 60, max: 90 * 24 * 60 }), fc.integer({ min: 0, max: 10 * 24 * 60 }), ([date, time], offset, more) => {
        const booked = nzInstant({ date, time })!;
        const first = new Date(booked.getTime() + offset * 60_000);
        const second = new Date(first.getTime() + more * 60_000);
        const a = lateDays({ date, time }, first);
        expect(a).toBeGreaterThanOrEqual(0);
        if (offset <= 0) expect(a).toBe(0);
        expect(lateDays({ date, time }, second)).toBeGreaterThanOrEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  it("the ledger note names the days, the booked pick-up and the terms' rate", () => {
    expect(lateFeeNote(3, { date: '2026-07-10', time: '10:00' })).toBe('Late pick-up: 3 days after the booked 10:00, 2026-07-10, at $5.00 a day');
    expect(lateFeeNote(1, { date: '2026-07-10', time: '10:00' })).toBe('Late pick-up: 1 day after the booked 10:00, 2026-07-10, at $5.00 a day');
  });
});
