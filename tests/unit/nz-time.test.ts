import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, chargeableDays, existsInNz, isAfter, isCalendarDate, isClockTime, meetsLeadTime, nzInstant, nzNow } from '../../shared/nz-time';
import { ALL_SLOTS, dropOffOptions, pickUpOptions, slotsFor } from '../../shared/slots';

/** Every date from 2026-01-01 to 2028-12-31. */
const dateArb = fc.integer({ min: 0, max: 365 * 3 }).map((n) => addDays('2026-01-01', n));
const slotArb = fc.constantFrom(...ALL_SLOTS);

const DST_STARTS = ['2026-09-27', '2027-09-26', '2028-09-24'];
const DST_ENDS = ['2026-04-05', '2027-04-04', '2028-04-02'];

describe('calendar dates', () => {
  it('rejects impossible dates', () => {
    expect(isCalendarDate('2027-02-31')).toBe(false);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-13-01')).toBe(false);
    expect(isCalendarDate('27-01-01')).toBe(false);
  });

  it('takes years 1900 to 2999, months 1 to 12, days from 1, and the exact form only', () => {
    for (const ok of ['1900-01-01', '2999-12-31', '2027-12-31', '2027-01-01']) expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of ['1899-12-31', '3000-01-01', '2027-00-10', '2027-01-00', '2027-1-01', '2027-01-1', 'x2027-01-01', '2027-01-01x', '2027/01/01']) expect(isCalendarDate(bad), bad).toBe(false);
  });
});

describe('clock times', () => {
  it('takes HH:MM from 00:00 to 23:59 only', () => {
    for (const ok of ['00:00', '09:30', '19:59', '20:00', '23:59']) expect(isClockTime(ok), ok).toBe(true);
    for (const bad of ['24:00', '09:60', '9:00', '09:0', 'x09:00', '09:00x', '0a:00', '09:a0', '30:00']) expect(isClockTime(bad), bad).toBe(false);
  });

  it('orders wall-clock times across dates: strictly after only', () => {
    expect(isAfter({ date: '2027-01-02', time: '00:00' }, { date: '2027-01-01', time: '23:30' })).toBe(true);
    expect(isAfter({ date: '2027-01-01', time: '09:00' }, { date: '2027-01-01', time: '09:00' })).toBe(false);
    expect(isAfter({ date: '2027-01-01', time: '08:30' }, { date: '2027-01-01', time: '09:00' })).toBe(false);
  });
});

describe('NZ wall-clock time', () => {
  it('reads now in Pacific/Auckland (NZDT is UTC+13 in summer, NZST UTC+12 in winter)', () => {
    expect(nzNow(new Date('2026-11-22T07:30:00Z'))).toEqual({ date: '2026-11-22', time: '20:30' });
    expect(nzNow(new Date('2026-06-30T12:00:00Z'))).toEqual({ date: '2026-07-01', time: '00:00' });
  });

  it('skips 02:00 and 02:30 on the days daylight saving starts, and only those', () => {
    for (const d of DST_STARTS) {
      expect(slotsFor(d)).not.toContain('02:00');
      expect(slotsFor(d)).not.toContain('02:30');
      expect(slotsFor(d)).toHaveLength(46);
    }
    fc.assert(
      fc.property(dateArb, (date) => {
        const expected = DST_STARTS.includes(date) ? 46 : 48;
        expect(slotsFor(date)).toHaveLength(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps every slot on the days daylight saving ends (the repeated hour resolves to its first occurrence)', () => {
    for (const d of DST_ENDS) {
      expect(slotsFor(d)).toHaveLength(48);
      const first = nzInstant({ date: d, time: '02:30' })!;
      // 02:30 first happens at NZDT (UTC+13): 13:30 UTC the day before.
      expect(first.toISOString()).toBe(`${addDays(d, -1)}T13:30:00.000Z`);
    }
  });

  it('on the day daylight saving starts, a time before the skipped hour is NZST (UTC+12) and one after it NZDT (UTC+13)', () => {
    expect(nzInstant({ date: '2026-09-27', time: '01:30' })!.toISOString()).toBe('2026-09-26T13:30:00.000Z');
    expect(nzInstant({ date: '2026-09-27', time: '03:00' })!.toISOString()).toBe('2026-09-26T14:00:00.000Z');
    expect(nzInstant({ date: '2026-09-27', time: '02:30' })).toBeNull();
  });

  it('has no instant for a date or time that does not exist', () => {
    expect(nzInstant({ date: '2027-02-30', time: '09:00' })).toBeNull();
    expect(nzInstant({ date: '2027-03-01', time: '25:00' })).toBeNull();
    expect(existsInNz({ date: '2027-03-01', time: '09:00' })).toBe(true);
  });

  it('round-trips every existing slot through its instant', () => {
    fc.assert(
      fc.property(dateArb, slotArb, (date, time) => {
        const instant = nzInstant({ date, time });
        if (instant === null) {
          expect(DST_STARTS).toContain(date);
          expect(['02:00', '02:30']).toContain(time);
        } else {
          expect(nzNow(instant)).toEqual({ date, time });
        }
      }),
    );
  });
});

describe('chargeable days', () => {
  it('counts started 24-hour periods on the wall clock, at least one', () => {
    expect(chargeableDays({ date: '2026-12-01', time: '09:00' }, { date: '2026-12-01', time: '09:30' })).toBe(1);
    expect(chargeableDays({ date: '2026-12-01', time: '09:00' }, { date: '2026-12-01', time: '09:01' })).toBe(1);
    expect(chargeableDays({ date: '2026-12-01', time: '09:00' }, { date: '2026-12-02', time: '09:00' })).toBe(1);
    expect(chargeableDays({ date: '2026-12-01', time: '09:00' }, { date: '2026-12-02', time: '09:30' })).toBe(2);
    expect(chargeableDays({ date: '2026-12-01', time: '09:00' }, { date: '2026-12-01', time: '09:00' })).toBe(0);
  });

  it('counts 09:00 to 09:00 next day as one day across every daylight-saving change', () => {
    for (const d of [...DST_STARTS, ...DST_ENDS]) {
      expect(chargeableDays({ date: addDays(d, -1), time: '09:00' }, { date: d, time: '09:00' })).toBe(1);
      expect(chargeableDays({ date: d, time: '01:00' }, { date: addDays(d, 1), time: '01:00' })).toBe(1);
    }
  });

  it('equals whole days between the same time of day, whatever the dates', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 400 }), slotArb, (date, n, time) => {
        expect(chargeableDays({ date, time }, { date: addDays(date, n), time })).toBe(n);
      }),
    );
  });

  it('never decreases as pick-up moves later', () => {
    fc.assert(
      fc.property(dateArb, slotArb, fc.integer({ min: 0, max: 60 }), slotArb, slotArb, (date, t0, n, t1, t2) => {
        const drop = { date, time: t0 };
        const a = { date: addDays(date, n), time: t1 < t2 ? t1 : t2 };
        const b = { date: addDays(date, n), time: t1 < t2 ? t2 : t1 };
        expect(chargeableDays(drop, b)).toBeGreaterThanOrEqual(chargeableDays(drop, a));
      }),
    );
  });
});

describe('lead time', () => {
  const now = new Date('2026-11-22T07:30:00Z'); // 20:30 NZDT

  it('needs drop-off at least 4 hours after now', () => {
    expect(meetsLeadTime({ date: '2026-11-23', time: '00:30' }, now)).toBe(true);
    expect(meetsLeadTime({ date: '2026-11-23', time: '00:00' }, now)).toBe(false);
  });

  it('a drop-off in the hour daylight saving skips never meets it', () => {
    expect(meetsLeadTime({ date: '2026-09-27', time: '02:30' }, new Date('2026-09-01T00:00:00Z'))).toBe(false);
  });

  it('disables exactly the drop-off slots earlier than now + 4 h', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 365 * 24 * 60 }), (minutes) => {
        const at = new Date(Date.UTC(2026, 0, 1) + minutes * 60_000);
        const today = nzNow(at).date;
        for (const date of [today, addDays(today, 1)]) {
          for (const o of dropOffOptions(date, at)) {
            expect(o.disabled).toBe(!meetsLeadTime({ date, time: o.time }, at));
            expect(existsInNz({ date, time: o.time })).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('handles the lead time across the night daylight saving starts', () => {
    // 2026-09-26 23:00 NZST = 11:00 UTC; four real hours later it is 04:00 NZDT on the 27th.
    const at = new Date('2026-09-26T11:00:00Z');
    const options = dropOffOptions('2026-09-27', at);
    expect(options.find((o) => o.time === '03:30')!.disabled).toBe(true);
    expect(options.find((o) => o.time === '04:00')!.disabled).toBe(false);
  });
});

describe('pick-up options', () => {
  it('disable every time not strictly after the drop-off on the same day', () => {
    const options = pickUpOptions('2026-12-01', { date: '2026-12-01', time: '12:00' });
    expect(options.filter((o) => !o.disabled)[0]!.time).toBe('12:30');
    expect(options.find((o) => o.time === '12:00')!.disabled).toBe(true);
  });
  it('enable every time on a later day', () => {
    expect(pickUpOptions('2026-12-02', { date: '2026-12-01', time: '23:30' }).every((o) => !o.disabled)).toBe(true);
  });
});
