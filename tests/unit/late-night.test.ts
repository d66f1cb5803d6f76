/**
 * The terms' late-night rule (shared/late-night.ts): a drop-off from 19:00 to 04:59 needs 24 real hours' notice,
 * across New Zealand's daylight-saving changes; the quote refuses it with the rule's message unless staff book.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLateNight, lateNightMessage, meetsLateNightNotice } from '../../shared/late-night';
import { messages } from '../../shared/messages';
import { nzInstant, nzNow } from '../../shared/nz-time';
import { quoteSelection } from '../../shared/quote';
import { ALL_SLOTS } from '../../shared/slots';

const MINUTE = 60_000;
/** NZ's clock changes 2026-2028 (UTC): back at 03:00 NZDT in April, forward at 02:00 NZST in September. */
const CLOCK_CHANGES = ['2026-04-04T14:00:00Z', '2026-09-26T14:00:00Z', '2027-04-03T14:00:00Z', '2027-09-25T14:00:00Z', '2028-04-01T14:00:00Z', '2028-09-23T14:00:00Z'].map(Date.parse);
/** An instant, by NZ wall clock (the offset given explicitly, so the test does not lean on the code under test). */
const at = (iso: string) => new Date(iso);
const sel = (dropOffDate: string, dropOffTime: string) => ({ dropOffDate, dropOffTime, pickUpDate: '2030-12-31', pickUpTime: '09:00', carWash: false });

describe('late-night window', () => {
  it('is 19:00 to 04:30 on the half-hour grid: 18:30 and 05:00 are day-time', () => {
    expect(ALL_SLOTS.filter(isLateNight)).toEqual([
      '00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30',
      '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30',
    ]);
  });

  it("says the terms' rule and what to do", () => {
    // 12-hour times, as the time pickers show them.
    expect(lateNightMessage).toBe("Drop-off between 7:00 PM and 5:00 AM needs 24 hours' notice. Please choose a drop-off time from 5:00 AM to 6:30 PM, a later date, or call us on 09 000 0000.");
  });
});

describe('24 hours of notice, in real time', () => {
  const now = at('2030-03-01T09:00:00+13:00');

  it('refuses a 19:00 drop-off 10 hours ahead and takes one 34 hours ahead; 18:30 the same evening is fine', () => {
    const soon = quoteSelection(sel('2030-03-01', '19:00'), { pricing: 'tariff', now });
    expect(soon).toMatchObject({ ok: false, message: lateNightMessage, fieldErrors: { dropOffTime: lateNightMessage } });
    expect(quoteSelection(sel('2030-03-02', '19:00'), { pricing: 'tariff', now }).ok).toBe(true);
    expect(quoteSelection(sel('2030-03-01', '18:30'), { pricing: 'tariff', now }).ok).toBe(true);
  });

  it('exactly 24 hours ahead is enough; 23 and a half is not', () => {
    const evening = at('2030-03-01T21:00:00+13:00');
    expect(meetsLateNightNotice({ date: '2030-03-02', time: '21:00' }, evening)).toBe(true);
    expect(meetsLateNightNotice({ date: '2030-03-02', time: '20:30' }, evening)).toBe(false);
  });

  it('the lead time speaks first for a drop-off inside 4 hours', () => {
    const r = quoteSelection(sel('2030-03-01', '11:00'), { pricing: 'tariff', now: at('2030-02-28T22:00:00+13:00') });
    expect(r.ok).toBe(true);
    const close = quoteSelection(sel('2030-03-01', '00:00'), { pricing: 'tariff', now: at('2030-02-28T22:00:00+13:00') });
    expect(close).toMatchObject({ ok: false, fieldErrors: { dropOffTime: messages.leadTime } });
  });

  it('when clocks go forward (27 Sep 2026), 04:00 the next night is only 23 real hours after 04:00 today: refused', () => {
    const before = at('2026-09-26T04:00:00+12:00');
    expect(meetsLateNightNotice({ date: '2026-09-27', time: '04:00' }, before)).toBe(false);
    expect(meetsLateNightNotice({ date: '2026-09-27', time: '04:30' }, at('2026-09-26T03:30:00+12:00'))).toBe(true);
  });

  it('when clocks go back (4 Apr 2027), 03:30 the next night is 24.5 real hours after 04:00 today: taken', () => {
    const before = at('2027-04-03T04:00:00+13:00');
    expect(meetsLateNightNotice({ date: '2027-04-04', time: '03:30' }, before)).toBe(true);
    expect(meetsLateNightNotice({ date: '2027-04-04', time: '02:30' }, before)).toBe(false);
  });

  it('staff (walk-ins, their own bookings and edits) may take a late-night drop-off at short notice', () => {
    expect(quoteSelection(sel('2030-03-01', '19:00'), { now, enforceLateNight: false, pricing: 'tariff' }).ok).toBe(true);
    expect(quoteSelection(sel('2030-03-01', '19:00'), { now, enforceLeadTime: false, pricing: 'tariff' }).ok).toBe(true);
  });

  it('property: a drop-off k real minutes from now is refused exactly when it is late at night and k < 24 h (2026-2029, every clock change)', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    const span = 4 * 365 * 24 * 60;
    fc.assert(
      fc.property(
        // Half the draws in the two days before a clock change, so the drop-off falls on the far side of it.
        fc.oneof(
          fc.integer({ min: 0, max: span }),
          fc.constantFrom(...CLOCK_CHANGES).chain((c) => fc.integer({ min: (c - start) / MINUTE - 2 * 24 * 60, max: (c - start) / MINUTE })),
        ),
        // Most draws near the 24-hour edge, where a clock change would tip a wall-clock reading.
        fc.oneof(fc.integer({ min: 0, max: 3 * 24 * 60 }), fc.integer({ min: 22 * 60, max: 26 * 60 })),
        (nowMinute, k) => {
          const now = new Date(start + nowMinute * MINUTE);
          const dropOffAt = new Date(now.getTime() + k * MINUTE);
          const wall = nzNow(dropOffAt);
          // An hour that happens twice (clocks going back) is read as its first occurrence: skip the second one.
          fc.pre(nzInstant(wall)!.getTime() === dropOffAt.getTime());
          const [h] = wall.time.split(':').map(Number) as [number];
          const night = h >= 19 || h < 5;
          expect(meetsLateNightNotice(wall, now)).toBe(!night || k >= 24 * 60);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
