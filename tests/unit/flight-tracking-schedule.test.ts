/**
 * When the flight tracker asks about a return flight (functions/use-cases/flights/tracking-schedule.ts), as properties
 * over arrival times (NZ wall-clock times on any date of 2026-2028, the daylight-saving days among them), delays and
 * the 5-minute passes AWS runs: never before 24 hours ahead of the scheduled arrival, hourly until the last 2 hours
 * before the expected arrival, then every 10 minutes until it lands, and never once it has landed, is cancelled or
 * diverted; an on-time flight costs no more than the per-flight cap.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, nzInstant } from '../../shared/nz-time';
import { TRACKING_CAPS } from '../../functions/use-cases/flights/track-flights';
import { isAskDue, nextAskAt, TRACKING, type TrackedArrival } from '../../functions/use-cases/flights/tracking-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The NZ daylight-saving changes of the years swept: 2 or 3 in the morning moves. */
const DST_DAYS = ['2026-04-05', '2026-09-27', '2027-04-04', '2027-09-26', '2028-04-02', '2028-09-24'];

const nzDate = fc.oneof(
  fc.integer({ min: 0, max: 3 * 365 }).map((d) => addDays('2026-01-01', d)),
  fc.constantFrom(...DST_DAYS).chain((d) => fc.integer({ min: -1, max: 1 }).map((n) => addDays(d, n))),
);
const clockTime = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 5, 15, 30, 45, 55)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
/** A scheduled arrival: an NZ wall-clock time that exists (the hour skipped in September has none). */
const scheduledArrival = fc.tuple(nzDate, clockTime).map(([date, time]) => nzInstant({ date, time })).filter((d): d is Date => d !== null);
/** Minutes late (or early), as the provider's estimate says. */
const delayMinutes = fc.oneof(fc.constant(0), fc.integer({ min: -20, max: 300 }));
/** When the first pass of the 5-minute schedule runs, relative to a whole 5 minutes. */
const passPhase = fc.integer({ min: 0, max: 299 });

const arrival = (scheduled: Date, over: Partial<TrackedArrival> = {}): TrackedArrival => ({
  scheduled,
  expected: scheduled,
  lastAskedAt: null,
  landed: false,
  cancelled: false,
  diverted: false,
  ...over,
});

/**
 * The job's passes every 5 minutes from 26 hours before the arrival: each asks when due (and records the ask); the
 * flight lands at its expected time, which the provider reports from `estimateKnownFrom` on.
 */
function simulate(scheduled: Date, delay: number, phaseSeconds: number): Date[] {
  const expected = new Date(scheduled.getTime() + delay * MINUTE);
  const asks: Date[] = [];
  let state = arrival(scheduled);
  const from = scheduled.getTime() - 26 * HOUR + phaseSeconds * 1000;
  for (let t = from; t < expected.getTime() + 14 * HOUR; t += 5 * MINUTE) {
    const now = new Date(t);
    if (!isAskDue(state, now)) continue;
    asks.push(now);
    // The provider knows the estimate 6 hours ahead and reports the landing once it happened.
    const knowsEstimate = t >= expected.getTime() - 6 * HOUR;
    state = { ...state, lastAskedAt: now, expected: knowsEstimate ? expected : scheduled, landed: t >= expected.getTime() };
  }
  return asks;
}

describe('when the tracker asks about a flight', () => {
  it('never before 24 hours ahead of the scheduled arrival, and at the first pass after that', () => {
    fc.assert(
      fc.property(scheduledArrival, delayMinutes, passPhase, (scheduled, delay, phase) => {
        const asks = simulate(scheduled, delay, phase);
        const start = scheduled.getTime() - TRACKING.startHoursBefore * HOUR;
        expect(asks[0]!.getTime()).toBeGreaterThanOrEqual(start);
        expect(asks[0]!.getTime() - start).toBeLessThan(5 * MINUTE);
      }),
    );
  });

  it('hourly until the last 2 hours before the expected arrival, every 10 minutes after that, and not after landing', () => {
    fc.assert(
      fc.property(scheduledArrival, delayMinutes, passPhase, (scheduled, delay, phase) => {
        const expected = scheduled.getTime() + delay * MINUTE;
        const asks = simulate(scheduled, delay, phase).map((d) => d.getTime());
        for (let i = 1; i < asks.length; i++) {
          const gap = asks[i]! - asks[i - 1]!;
          // Never more often than every 10 minutes (a pass early by the slack at most), never less than hourly.
          expect(gap).toBeGreaterThanOrEqual((TRACKING.finalMinutes - TRACKING.slackMinutes) * MINUTE);
          expect(gap).toBeLessThanOrEqual(TRACKING.hourlyMinutes * MINUTE);
          // Within the last 2 hours (and after, until it lands): every 10 minutes, give or take a pass.
          if (asks[i - 1]! >= expected - TRACKING.finalHours * HOUR) expect(gap).toBeLessThanOrEqual((TRACKING.finalMinutes + 5) * MINUTE);
          // Before the last 2 hours of either arrival the tracker may know (scheduled, or the estimate): hourly, give or take a pass.
          if (asks[i]! < Math.min(scheduled.getTime(), expected) - TRACKING.finalHours * HOUR - TRACKING.slackMinutes * MINUTE) expect(gap).toBeGreaterThanOrEqual((TRACKING.hourlyMinutes - TRACKING.slackMinutes) * MINUTE);
        }
        // The pass that saw it landed was the last.
        expect(asks.filter((t) => t >= expected)).toHaveLength(1);
      }),
    );
  });

  it('an on-time or late flight (up to 5 hours) costs no more than the per-flight cap', () => {
    fc.assert(
      fc.property(scheduledArrival, delayMinutes, passPhase, (scheduled, delay, phase) => {
        expect(simulate(scheduled, delay, phase).length).toBeLessThanOrEqual(TRACKING_CAPS.perFlight);
      }),
    );
    // On time: 22 hourly asks, 12 in the last 2 hours and the one that sees it land, give or take a pass.
    const onTime = simulate(nzInstant({ date: '2026-12-24', time: '14:35' })!, 0, 0).length;
    expect(onTime).toBeGreaterThanOrEqual(34);
    expect(onTime).toBeLessThanOrEqual(37);
  });

  it('never once the flight has landed, is cancelled or diverted', () => {
    fc.assert(
      fc.property(scheduledArrival, fc.integer({ min: -30 * 60, max: 30 * 60 }), fc.constantFrom('landed', 'cancelled', 'diverted'), (scheduled, offsetMinutes, ended) => {
        const state = arrival(scheduled, { [ended]: true, lastAskedAt: new Date(scheduled.getTime() - 3 * HOUR) });
        expect(nextAskAt(state)).toBeNull();
        expect(isAskDue(state, new Date(scheduled.getTime() + offsetMinutes * MINUTE))).toBe(false);
      }),
    );
  });

  it('gives up 12 hours after the later of the scheduled and expected arrival', () => {
    fc.assert(
      fc.property(scheduledArrival, delayMinutes, (scheduled, delay) => {
        const expected = new Date(scheduled.getTime() + delay * MINUTE);
        const end = Math.max(scheduled.getTime(), expected.getTime()) + TRACKING.giveUpHoursAfter * HOUR;
        const state = arrival(scheduled, { expected, lastAskedAt: new Date(end - 5 * MINUTE) });
        expect(isAskDue(state, new Date(end + MINUTE))).toBe(false);
        expect(isAskDue(arrival(scheduled, { expected }), new Date(end + MINUTE))).toBe(false);
      }),
    );
  });

  it('across a daylight-saving change, 24 hours ahead is 24 real hours, not the same wall-clock time the day before', () => {
    // Summer time starts at 02:00 on 27 Sep 2026: 10:00 on the 26th is 23 hours before 10:00 on the 27th.
    const scheduled = nzInstant({ date: '2026-09-27', time: '10:00' })!;
    expect(isAskDue(arrival(scheduled), nzInstant({ date: '2026-09-26', time: '10:00' })!)).toBe(true);
    expect(isAskDue(arrival(scheduled), nzInstant({ date: '2026-09-26', time: '08:59' })!)).toBe(false);
    expect(isAskDue(arrival(scheduled), nzInstant({ date: '2026-09-26', time: '09:00' })!)).toBe(true);
    // It ends at 03:00 on 5 Apr 2026: 10:00 on the 4th is 25 hours before 10:00 on the 5th.
    const april = nzInstant({ date: '2026-04-05', time: '10:00' })!;
    expect(isAskDue(arrival(april), nzInstant({ date: '2026-04-04', time: '10:00' })!)).toBe(false);
    expect(isAskDue(arrival(april), nzInstant({ date: '2026-04-04', time: '11:00' })!)).toBe(true);
  });
});
