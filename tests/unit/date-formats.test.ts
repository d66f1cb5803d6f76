/**
 * How a booking's dates and times read on screen and in the receipt e-mail (shared/format.ts): the same text in the
 * browser and in Lambda, with no time zone or locale data involved.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, formatTime12, pluralDays } from '../../shared/format';

describe('dates', () => {
  it('reads a date with its weekday, day, month and year', () => {
    expect(formatLongDate('2026-11-22')).toBe('Sun 22 Nov 2026');
    expect(formatLongDate('2026-01-01')).toBe('Thu 1 Jan 2026');
    expect(formatLongDate('2026-12-31')).toBe('Thu 31 Dec 2026');
    expect(formatLongDate('2028-02-29')).toBe('Tue 29 Feb 2028');
    expect(formatLongDate('2026-06-06')).toBe('Sat 6 Jun 2026');
  });

  it('gives the weekday a calendar gives, for any date', () => {
    const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [weekday, day, month, year] = formatLongDate(iso).split(' ');
        expect(weekday).toBe(names[d.getUTCDay()]);
        expect(Number(day)).toBe(d.getUTCDate());
        expect(month).toBe(d.toLocaleString('en-NZ', { month: 'short', timeZone: 'UTC' }).slice(0, 3));
        expect(Number(year)).toBe(d.getUTCFullYear());
      }),
    );
  });

  it("reads the dashboard's short form as dd/MM/yy", () => {
    expect(formatShortDate('2026-12-24')).toBe('24/12/26');
    expect(formatShortDate('2030-01-05')).toBe('05/01/30');
  });
});

describe('times', () => {
  it('reads a 24-hour time on the 12-hour clock', () => {
    expect(formatTime12('00:00')).toBe('12:00 AM');
    expect(formatTime12('00:30')).toBe('12:30 AM');
    expect(formatTime12('09:05')).toBe('9:05 AM');
    expect(formatTime12('11:59')).toBe('11:59 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('13:30')).toBe('1:30 PM');
    expect(formatTime12('23:30')).toBe('11:30 PM');
  });

  it('counts days in words', () => {
    expect(pluralDays(1)).toBe('1 day');
    expect(pluralDays(2)).toBe('2 days');
    expect(pluralDays(0)).toBe('0 days');
  });
});
