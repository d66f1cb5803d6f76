/**
 * The kerb time (shared/kerb-time.ts): the landing plus the terminal's walk-out minutes, as real elapsed time across
 * New Zealand's daylight-saving changes; and what the settings form accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PICKUP_SETTINGS, expectedKerbAt, pickupSettingsMessages, pickupSettingsRequestSchema, walkOutMinutes, type PickupSettings } from '../../shared/kerb-time';
import { nzInstant, nzNow } from '../../shared/nz-time';
import { terminals } from '../../shared/pickups';

const at = (date: string, time: string) => nzInstant({ date, time })!;
const MINUTE = 60_000;

describe('expectedKerbAt', () => {
  it('adds 15 minutes at the domestic terminal and 35 at the international one by default', () => {
    expect(DEFAULT_PICKUP_SETTINGS).toEqual({ domesticWalkOutMinutes: 15, internationalWalkOutMinutes: 35, shuttleSeats: 14 });
    const landed = at('2026-12-31', '14:40');
    expect(nzNow(expectedKerbAt(landed, 'domestic', DEFAULT_PICKUP_SETTINGS))).toEqual({ date: '2026-12-31', time: '14:55' });
    expect(nzNow(expectedKerbAt(landed, 'international', DEFAULT_PICKUP_SETTINGS))).toEqual({ date: '2026-12-31', time: '15:15' });
    // An ISO string is the same instant.
    expect(expectedKerbAt(landed.toISOString(), 'international', DEFAULT_PICKUP_SETTINGS)).toEqual(expectedKerbAt(landed, 'international', DEFAULT_PICKUP_SETTINGS));
  });

  it("uses the staff's minutes for each terminal", () => {
    const settings: PickupSettings = { domesticWalkOutMinutes: 5, internationalWalkOutMinutes: 60, shuttleSeats: 10 };
    const landed = new Date('2026-07-01T00:00:00Z');
    expect(expectedKerbAt(landed, 'domestic', settings).toISOString()).toBe('2026-07-01T00:05:00.000Z');
    expect(expectedKerbAt(landed, 'international', settings).toISOString()).toBe('2026-07-01T01:00:00.000Z');
  });

  it('crosses midnight into the next NZ day', () => {
    expect(nzNow(expectedKerbAt(at('2026-12-31', '23:50'), 'international', DEFAULT_PICKUP_SETTINGS))).toEqual({ date: '2027-01-01', time: '00:25' });
  });

  it('counts real minutes across the changes: the wall clock jumps an hour forward in September and back in April', () => {
    // 27/09/2026 02:00 NZST becomes 03:00 NZDT: landing at 01:50 NZST, 35 minutes later is 03:25 NZDT.
    expect(nzNow(expectedKerbAt(at('2026-09-27', '01:50'), 'international', DEFAULT_PICKUP_SETTINGS))).toEqual({ date: '2026-09-27', time: '03:25' });
    // 05/04/2026 03:00 NZDT becomes 02:00 NZST: landing at 02:50 NZDT (13:50Z), 15 minutes later is 02:05 NZST.
    const landed = new Date('2026-04-04T13:50:00Z');
    expect(nzNow(landed)).toEqual({ date: '2026-04-05', time: '02:50' });
    expect(nzNow(expectedKerbAt(landed, 'domestic', DEFAULT_PICKUP_SETTINGS))).toEqual({ date: '2026-04-05', time: '02:05' });
  });

  it('is always the landing plus exactly the walk-out minutes of elapsed time, whatever the instant (across the changes of 2026-2030)', () => {
    const settingsArb = fc.record({ domesticWalkOutMinutes: fc.integer({ min: 0, max: 180 }), internationalWalkOutMinutes: fc.integer({ min: 0, max: 180 }), shuttleSeats: fc.integer({ min: 1, max: 60 }) });
    const instantArb = fc.oneof(
      fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') }),
      // Within six hours of each change of 2026 and 2027.
      fc.constantFrom('2026-09-26T14:00:00Z', '2026-04-04T14:00:00Z', '2027-09-25T14:00:00Z', '2027-04-03T14:00:00Z').chain((c) => fc.integer({ min: -6 * 60, max: 6 * 60 }).map((m) => Date.parse(c) + m * MINUTE)),
    );
    fc.assert(
      fc.property(instantArb, fc.constantFrom(...terminals), settingsArb, (ms, terminal, settings) => {
        const kerb = expectedKerbAt(new Date(ms), terminal, settings);
        expect(kerb.getTime() - ms).toBe(walkOutMinutes(terminal, settings) * MINUTE);
        // The international walk-out never depends on the domestic minutes, nor the other way round.
        expect(walkOutMinutes(terminal, settings)).toBe(terminal === 'international' ? settings.internationalWalkOutMinutes : settings.domesticWalkOutMinutes);
      }),
    );
  });

  it('refuses a landing that is not an instant rather than inventing one', () => {
    expect(() => expectedKerbAt('not a time', 'domestic', DEFAULT_PICKUP_SETTINGS)).toThrow(RangeError);
  });
});

describe('pickupSettingsRequestSchema', () => {
  const ok = { domestic_walk_out_minutes: 15, international_walk_out_minutes: 35, shuttle_seats: 14, version: 0 };

  it('takes whole minutes from 0 to 180, seats from 1 to 60 and the version read', () => {
    expect(pickupSettingsRequestSchema.parse(ok)).toEqual(ok);
    expect(pickupSettingsRequestSchema.safeParse({ ...ok, domestic_walk_out_minutes: 0, international_walk_out_minutes: 180, shuttle_seats: 60 }).success).toBe(true);
  });

  it.each([
    ['domestic_walk_out_minutes', -1, pickupSettingsMessages.walkOutInvalid],
    ['international_walk_out_minutes', 181, pickupSettingsMessages.walkOutInvalid],
    ['international_walk_out_minutes', 12.5, pickupSettingsMessages.walkOutInvalid],
    ['shuttle_seats', 0, pickupSettingsMessages.seatsInvalid],
    ['shuttle_seats', 61, pickupSettingsMessages.seatsInvalid],
    ['shuttle_seats', '14', pickupSettingsMessages.seatsInvalid],
    ['version', -1, pickupSettingsMessages.versionInvalid],
  ])('refuses %s = %j with its message', (field, value, message) => {
    const result = pickupSettingsRequestSchema.safeParse({ ...ok, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('refuses a missing version and unknown fields', () => {
    const { version: _v, ...noVersion } = ok;
    expect(pickupSettingsRequestSchema.safeParse(noVersion).success).toBe(false);
    expect(pickupSettingsRequestSchema.safeParse({ ...ok, capacity: 3 }).success).toBe(false);
  });
});
