/** The occupancy panel's words and the capacity box's rule (web/src/features/admin/occupancy-view.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityMessages } from '../../shared/capacity';
import type { Occupancy } from '../../shared/occupancy';
import { scaleLinear } from '@visx/scale';
import { dayLabel, occupancySummary, parseCapacity, placesWord, shiftPeriod, tickDates, wholeTicks } from '../../web/src/features/admin/occupancy-view';

const occupancy = (taken: number[], capacity = 3): Occupancy => ({
  capacity,
  capacitySource: 'default',
  days: taken.map((t, i) => ({ date: `2030-03-${String(i + 1).padStart(2, '0')}`, taken: t, held: 0, free: Math.max(0, capacity - t) })),
});

describe('occupancy panel words', () => {
  it('names the day of the week with the en-NZ date', () => {
    expect(dayLabel('2026-12-24')).toBe('Thu 24/12/2026');
    expect(dayLabel('2030-03-01')).toBe('Fri 01/03/2030');
  });

  it('sums the period up: its dates, the busiest day and the full days (or that none is full)', () => {
    expect(occupancySummary(occupancy([1, 3, 2, 4]))).toBe('From 01/03/2030 to 04/03/2030, against a capacity of 3. Busiest: 04/03/2030 with 4 used. At capacity: 02/03/2030, 04/03/2030.');
    expect(occupancySummary(occupancy([1, 3]), { listFull: false })).toBe('From 01/03/2030 to 02/03/2030, against a capacity of 3. Busiest: 02/03/2030 with 3 used.');
    expect(occupancySummary(occupancy([0, 0]))).toBe('From 01/03/2030 to 02/03/2030, against a capacity of 3. No places are used. No day is at capacity.');
  });

  it('labels the axis with the first date and about one date per 48 pixels', () => {
    const dates = occupancy(Array.from({ length: 30 }, () => 0)).days.map((d) => d.date);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (width) => {
        const ticks = tickDates(dates, width);
        expect(ticks[0]).toBe(dates[0]);
        expect(ticks.length).toBeLessThanOrEqual(Math.max(1, Math.floor(width / 48)));
        expect(ticks.every((t) => dates.includes(t))).toBe(true);
      }),
    );
    expect(tickDates(dates, 2000)).toEqual(dates);
  });

  it('moves the period 30 days either way', () => {
    expect(shiftPeriod('2030-03-01', 30, 1)).toBe('2030-03-31');
    expect(shiftPeriod('2030-03-01', 30, -1)).toBe('2030-01-30');
  });
});

describe('the capacity box', () => {
  it('takes digits only, from 0 to 100000, and names the rule otherwise', () => {
    expect(parseCapacity(' 250 ')).toEqual({ capacity: 250 });
    expect(parseCapacity('0')).toEqual({ capacity: 0 });
    expect(parseCapacity('100000')).toEqual({ capacity: 100000 });
    for (const text of ['', ' ', '-3', '2.5', '1e3', '100001', 'ten', '3 00']) expect(parseCapacity(text)).toEqual({ error: capacityMessages.capacityInvalid });
  });
});

describe('the desk view: the places axis and the capacity line', () => {
  it('ticks the places axis at whole numbers only, for a small yard as for a big one', () => {
    // The chart's own scale: capacity 2 gives a domain of 0 to about 2.2, whose plain ticks are 0, 0.5, 1, ...
    const axis = (top: number) => wholeTicks(scaleLinear<number>({ domain: [0, top * 1.08], range: [200, 0], nice: true }).ticks(5));
    expect(axis(2)).toEqual([0, 1, 2]);
    expect(axis(1)).toEqual([0, 1]);
    expect(axis(300)).toEqual([0, 50, 100, 150, 200, 250, 300, 350]);
    fc.assert(fc.property(fc.integer({ min: 1, max: 100000 }), (top) => axis(top).every((t) => Number.isInteger(t)) && axis(top).includes(0)));
  });

  it('says 1 place, 2 places, 0 places', () => {
    expect(`1 ${placesWord(1)}`).toBe('1 place');
    expect(`2 ${placesWord(2)}`).toBe('2 places');
    expect(`0 ${placesWord(0)}`).toBe('0 places');
  });
});
