/**
 * When a traveller may say "I've landed" (shared/pickups.ts): from 00:00 NZ on the pick-up date, or six real hours
 * before an early-morning pick-up (an overnight flight), across daylight-saving changes; and what the forms accept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, nzInstant, nzNow } from '../../shared/nz-time';
import { describeLanding, landedOpensAt, landedRequestSchema, mayTellLanded, normaliseReference, pickupMessages, staffPickupRequestSchema } from '../../shared/pickups';
import { ALL_SLOTS } from '../../shared/slots';

/** Every date from 2026-01-01 to 2028-12-31, and the days the clocks change. */
const dateArb = fc.oneof(
  fc.integer({ min: 0, max: 365 * 3 }).map((n) => addDays('2026-01-01', n)),
  fc.constantFrom('2026-09-27', '2027-09-26', '2028-09-24', '2026-04-05', '2027-04-04', '2028-04-02', '2026-09-28', '2026-04-06'),
);
const slotArb = fc.constantFrom(...ALL_SLOTS);
const HOUR = 3_600_000;

const at = (date: string, time: string) => nzInstant({ date, time })!;

describe('landedOpensAt', () => {
  it('opens at midnight NZ on the pick-up date for a pick-up at 06:00 or later: a minute before is refused, midnight allowed', () => {
    const pickUp = { pickUpDate: '2030-03-17', pickUpTime: '11:30' };
    expect(landedOpensAt(pickUp).toISOString()).toBe('2030-03-16T11:00:00.000Z'); // NZDT, UTC+13
    expect(mayTellLanded(pickUp, new Date('2030-03-16T10:59:00Z'))).toBe(false);
    expect(mayTellLanded(pickUp, new Date('2030-03-16T11:00:00Z'))).toBe(true);
    // In winter (NZST, UTC+12) midnight is an hour later in UTC.
    expect(landedOpensAt({ pickUpDate: '2030-07-10', pickUpTime: '06:00' }).toISOString()).toBe('2030-07-09T12:00:00.000Z');
  });

  it('opens six hours before an early pick-up: 01:30 opens at 7:30 PM the evening before', () => {
    const opens = landedOpensAt({ pickUpDate: '2030-07-10', pickUpTime: '01:30' });
    expect(nzNow(opens)).toEqual({ date: '2030-07-09', time: '19:30' });
    expect(pickupMessages.tooEarly(opens)).toBe("You can tell us you've landed from 7:30 PM on 09/07/30.");
  });

  it('counts six real hours across the change: 10 PM before a 5 AM pick-up the night the clocks go forward, 11 PM the night they go back', () => {
    // 27/09/2026 02:00 NZST becomes 03:00 NZDT: 05:00 NZDT is 16:00Z, six hours before is 10:00Z, 22:00 NZST.
    expect(nzNow(landedOpensAt({ pickUpDate: '2026-09-27', pickUpTime: '05:00' }))).toEqual({ date: '2026-09-26', time: '22:00' });
    // 05/04/2026 03:00 NZDT becomes 02:00 NZST: 04:00 NZST is 16:00Z, six hours before is 10:00Z, 23:00 NZDT.
    expect(nzNow(landedOpensAt({ pickUpDate: '2026-04-05', pickUpTime: '04:00' }))).toEqual({ date: '2026-04-04', time: '23:00' });
  });

  it('a pick-up time the clocks skip opens at the start of its day', () => {
    expect(landedOpensAt({ pickUpDate: '2026-09-27', pickUpTime: '02:30' }).toISOString()).toBe(at('2026-09-27', '00:00').toISOString());
  });

  it('property: the earlier of midnight NZ on the pick-up date and six real hours before the pick-up', () => {
    fc.assert(
      fc.property(dateArb, slotArb, (date, time) => {
        const opens = landedOpensAt({ pickUpDate: date, pickUpTime: time }).getTime();
        const midnight = at(date, '00:00').getTime();
        expect(opens).toBeLessThanOrEqual(midnight);
        const booked = nzInstant({ date, time });
        if (booked) {
          expect(opens).toBeLessThanOrEqual(booked.getTime() - 6 * HOUR);
          // One of the two is the answer.
          expect([midnight, booked.getTime() - 6 * HOUR]).toContain(opens);
        } else expect(opens).toBe(midnight);
      }),
      { numRuns: 600 },
    );
  });

  it('property: any time on the pick-up date (NZ) or after may say it; nothing two days before may', () => {
    fc.assert(
      fc.property(dateArb, slotArb, slotArb, fc.integer({ min: 0, max: 40 }), (date, pickUpTime, nowTime, daysAfter) => {
        const pickUp = { pickUpDate: date, pickUpTime };
        const onOrAfter = nzInstant({ date: addDays(date, daysAfter), time: nowTime });
        if (onOrAfter) expect(mayTellLanded(pickUp, onOrAfter)).toBe(true);
        const twoDaysBefore = nzInstant({ date: addDays(date, -2), time: nowTime });
        if (twoDaysBefore) expect(mayTellLanded(pickUp, twoDaysBefore)).toBe(false);
      }),
      { numRuns: 600 },
    );
  });

  it('property: the day before, exactly from six real hours before the pick-up (on a clock-change night, not six on the clock)', () => {
    fc.assert(
      fc.property(dateArb, slotArb, slotArb, (date, pickUpTime, nowTime) => {
        const now = nzInstant({ date: addDays(date, -1), time: nowTime });
        const pickUpAt = nzInstant({ date, time: pickUpTime });
        if (!now || !pickUpAt) return;
        const allowed = mayTellLanded({ pickUpDate: date, pickUpTime }, now);
        expect(allowed).toBe(pickUpAt.getTime() - now.getTime() <= 6 * 3_600_000);
        if (nowTime < '18:00') expect(allowed).toBe(false);
      }),
      { numRuns: 600 },
    );
  });

  it('on the night the clocks go forward, a 06:00 pick-up opens at 23:00 the evening before (six real hours)', () => {
    const pickUp = { pickUpDate: '2026-09-27', pickUpTime: '06:00' };
    expect(mayTellLanded(pickUp, nzInstant({ date: '2026-09-26', time: '23:00' })!)).toBe(true);
    expect(mayTellLanded(pickUp, nzInstant({ date: '2026-09-26', time: '22:30' })!)).toBe(false);
  });
});

describe('what the forms accept', () => {
  it('a terminal, 1 to 8 passengers and an optional flight (upper-cased, empty is none)', () => {
    expect(landedRequestSchema.parse({ terminal: 'international', passengers: 2, flight: ' nz 101 ' })).toEqual({ terminal: 'international', passengers: 2, flight: 'NZ 101' });
    expect(landedRequestSchema.parse({ terminal: 'domestic', passengers: 1, flight: '' })).toEqual({ terminal: 'domestic', passengers: 1, flight: null });
    expect(landedRequestSchema.parse({ terminal: 'domestic', passengers: 8 })).toEqual({ terminal: 'domestic', passengers: 8 });
    for (const passengers of [0, 9, 2.5, '2']) expect(landedRequestSchema.safeParse({ terminal: 'domestic', passengers }).error?.issues[0]?.message).toBe('Enter the number of passengers, from 1 to 8');
    expect(landedRequestSchema.safeParse({ terminal: 'train', passengers: 1 }).error?.issues[0]?.message).toBe('Choose the domestic or the international terminal');
    expect(landedRequestSchema.safeParse({ terminal: 'domestic', passengers: 1, flight: 'NZ-1<' }).success).toBe(false);
  });

  it('staff give a booking id or a reference, not both and not neither', () => {
    expect(staffPickupRequestSchema.safeParse({ reference: 'rp-abc234', terminal: 'domestic', passengers: 1 }).success).toBe(true);
    expect(staffPickupRequestSchema.safeParse({ terminal: 'domestic', passengers: 1 }).error?.issues[0]?.message).toBe('Give the booking reference');
    expect(staffPickupRequestSchema.safeParse({ bookingId: 'x', reference: 'RP-ABC234', terminal: 'domestic', passengers: 1 }).success).toBe(false);
  });

  it('a reference read out over the phone: with or without RP-, any case, spaces', () => {
    for (const typed of ['RP-7K3M9Q', 'rp-7k3m9q', '7K3M9Q', 'rp 7k3 m9q', ' 7k3m9q ']) expect(normaliseReference(typed)).toBe('RP-7K3M9Q');
    // A code that itself starts with R and P (the alphabet has both) keeps them when typed without the prefix.
    for (const typed of ['RP3M9Q', 'rp3m9q', 'RP-RP3M9Q', 'rp rp3m9q']) expect(normaliseReference(typed)).toBe('RP-RP3M9Q');
    // Seven characters without the prefix are a mistyped code, left as typed (it then matches no booking).
    expect(normaliseReference('7K3M9QX')).toBe('RP-7K3M9QX');
  });

  it('the history line: terminal, passengers (one passenger, two passengers) and the flight when given', () => {
    expect(describeLanding({ terminal: 'international', passengers: 2, flight: 'NZ101' })).toBe('International, 2 passengers, NZ101');
    expect(describeLanding({ terminal: 'domestic', passengers: 1, flight: null })).toBe('Domestic, 1 passenger');
  });
});
