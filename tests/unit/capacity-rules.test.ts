/**
 * The yard's capacity rules (shared/capacity.ts) that the server's counters and the date pickers share: the dates a
 * stay takes a place on, what a move adds and gives back, how many places unpaid checkouts may hold (docs/capacity.md:
 * 5% rounded up, never fewer than 3; 300 places, 15 holds), and the messages a full date shows. Properties over any
 * stay of up to a year from 2026 to 2029 (across New Zealand's daylight-saving changes); the figures as the docs state them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityMessages, DEFAULT_CAPACITY, daysInclusive, firstFullDate, holdRoom, stayChange, stayDates } from '../../shared/capacity';

const dayMs = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const base = Date.UTC(2026, 0, 1);
/** Any date from 2026 to the end of 2029. */
const date = fc.integer({ min: 0, max: 4 * 365 }).map((n) => iso(base + n * dayMs));
/** A stay of 1 to 366 dates. */
const stay = fc.tuple(fc.integer({ min: 0, max: 4 * 365 }), fc.integer({ min: 0, max: 365 })).map(([start, nights]) => ({ dropOffDate: iso(base + start * dayMs), pickUpDate: iso(base + (start + nights) * dayMs) }));

describe('the dates a stay takes a place on', () => {
  it('are every date from drop-off to pick-up, both included', () => {
    expect(stayDates('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(stayDates('2027-04-03', '2027-04-05')).toEqual(['2027-04-03', '2027-04-04', '2027-04-05']);
    expect(stayDates('2026-12-24', '2026-12-24')).toEqual(['2026-12-24']);
    expect(stayDates('2026-12-24', '2026-12-23')).toEqual([]);
  });

  it('for any stay: one date a day, in order, as many as the days counted', () => {
    fc.assert(
      fc.property(stay, ({ dropOffDate, pickUpDate }) => {
        const dates = stayDates(dropOffDate, pickUpDate);
        expect(dates[0]).toBe(dropOffDate);
        expect(dates.at(-1)).toBe(pickUpDate);
        expect(dates).toHaveLength(daysInclusive(dropOffDate, pickUpDate));
        dates.slice(1).forEach((d, i) => expect(Date.parse(d) - Date.parse(dates[i]!)).toBe(dayMs));
      }),
    );
  });
});

describe('days counted from one date to another, both included', () => {
  it('are 1 for the same date, 8 for a week later, 366 over a leap year', () => {
    expect(daysInclusive('2026-12-01', '2026-12-01')).toBe(1);
    expect(daysInclusive('2026-12-01', '2026-12-08')).toBe(8);
    expect(daysInclusive('2027-03-01', '2028-02-29')).toBe(366);
    expect(daysInclusive('2026-12-08', '2026-12-01')).toBe(-6);
  });
});

describe('what a booking that moves adds and gives back', () => {
  it('a new booking adds its stay; a cancelled one gives it all back; an unchanged one neither', () => {
    const s = { dropOffDate: '2026-12-01', pickUpDate: '2026-12-03' };
    expect(stayChange(null, s)).toEqual({ added: ['2026-12-01', '2026-12-02', '2026-12-03'], removed: [] });
    expect(stayChange(s, null)).toEqual({ added: [], removed: ['2026-12-01', '2026-12-02', '2026-12-03'] });
    expect(stayChange(s, s)).toEqual({ added: [], removed: [] });
    expect(stayChange(s, { dropOffDate: '2026-12-02', pickUpDate: '2026-12-05' })).toEqual({ added: ['2026-12-04', '2026-12-05'], removed: ['2026-12-01'] });
  });

  it('for any two stays: the dates only the new stay has are added, the dates only the old one had given back', () => {
    fc.assert(
      fc.property(stay, stay, (before, after) => {
        const was = stayDates(before.dropOffDate, before.pickUpDate);
        const now = stayDates(after.dropOffDate, after.pickUpDate);
        const { added, removed } = stayChange(before, after);
        expect(added).toEqual(now.filter((d) => !was.includes(d)));
        expect(removed).toEqual(was.filter((d) => !now.includes(d)));
        // Counting: the places after the move are the places before, plus added, less removed.
        expect(was.length + added.length - removed.length).toBe(now.length);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the first full date of a stay', () => {
  const stayOf = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
  it('is the earliest date of the stay that is full, from a list or a set; none when no date is full', () => {
    expect(firstFullDate(stayOf, ['2026-12-04', '2026-12-02'])).toBe('2026-12-02');
    expect(firstFullDate(stayOf, new Set(['2026-12-04', '2026-12-03']))).toBe('2026-12-03');
    expect(firstFullDate(stayOf, ['2026-11-30', '2026-12-05'])).toBeNull();
    expect(firstFullDate(stayOf, new Set())).toBeNull();
    expect(firstFullDate([], ['2026-12-01'])).toBeNull();
  });

  it('for any stay and full dates: a full date of the stay with none before it, or null when none is', () => {
    fc.assert(
      fc.property(stay, fc.array(date, { maxLength: 20 }), ({ dropOffDate, pickUpDate }, full) => {
        const dates = stayDates(dropOffDate, pickUpDate);
        const first = firstFullDate(dates, full);
        const inStay = dates.filter((d) => full.includes(d));
        expect(first).toBe(inStay[0] ?? null);
      }),
      { numRuns: 60 },
    );
  });
});

describe('how many places unpaid checkouts may hold on a day', () => {
  it('is 5% of the places rounded up and never fewer than 3, as docs/capacity.md states', () => {
    expect(DEFAULT_CAPACITY).toBe(300);
    expect(holdRoom(300)).toBe(15);
    expect(holdRoom(100)).toBe(5);
    expect(holdRoom(101)).toBe(6);
    expect(holdRoom(60)).toBe(3);
    expect(holdRoom(61)).toBe(4);
    expect(holdRoom(2)).toBe(3);
    expect(holdRoom(0)).toBe(3);
  });

  it('for any yard: at least 3, at least 5% of its places, and less than one place more than 5%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (capacity) => {
        const room = holdRoom(capacity);
        expect(Number.isInteger(room)).toBe(true);
        expect(room).toBeGreaterThanOrEqual(3);
        expect(room * 20).toBeGreaterThanOrEqual(capacity);
        if (room > 3) expect((room - 1) * 20).toBeLessThan(capacity);
      }),
    );
  });
});

describe('what a traveller is told', () => {
  it('on a full date, and on a date whose places unpaid checkouts hold, in the words of docs/capacity.md', () => {
    expect(capacityMessages.full('2026-12-24')).toBe('Sorry, we are full on 24/12/2026. Please choose other dates.');
    expect(capacityMessages.holdsFull('2026-12-24', '14:31')).toBe(
      'Too many travellers are paying for 24/12/2026 right now, so we cannot hold a place for you yet. Please try again after 14:31.',
    );
  });
});
