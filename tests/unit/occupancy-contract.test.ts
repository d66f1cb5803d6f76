/** The occupancy and capacity contract (shared/occupancy.ts): what the API and the capacity dialog accept and refuse. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityMessages } from '../../shared/capacity';
import { capacityRequestSchema, freePlaces, isFullDay, occupancyMessages, occupancyQuerySchema } from '../../shared/occupancy';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('capacity request', () => {
  it('accepts every whole number of places from 0 to 100000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (capacity) => {
        expect(capacityRequestSchema.parse({ capacity })).toEqual({ capacity });
      }),
    );
  });

  it('refuses anything else with the one capacity message', () => {
    const notACapacity = fc.oneof(
      fc.integer({ max: -1 }),
      fc.integer({ min: 100_001 }),
      fc.double({ noNaN: false }).filter((n) => !Number.isInteger(n)),
      fc.string(),
      fc.constantFrom(null, undefined, true, [], {}),
    );
    fc.assert(
      fc.property(notACapacity, (capacity) => {
        const result = capacityRequestSchema.safeParse({ capacity });
        expect(result.success).toBe(false);
        expect(messageOf(result)).toBe(capacityMessages.capacityInvalid);
      }),
    );
  });
});

describe('occupancy query', () => {
  it('defaults to 30 days from today and reads days as a whole number from 1 to 93', () => {
    expect(occupancyQuerySchema.parse({})).toEqual({ days: 30 });
    expect(occupancyQuerySchema.parse({ from: '2030-02-28', days: '93' })).toEqual({ from: '2030-02-28', days: 93 });
    for (const days of ['0', '94', '-1', '1.5', '', 'ten']) expect(messageOf(occupancyQuerySchema.safeParse({ days }))).toBe(occupancyMessages.daysInvalid);
    for (const from of ['2030-02-29', '28/02/2030', '']) expect(messageOf(occupancyQuerySchema.safeParse({ from }))).toBe(occupancyMessages.dateInvalid);
  });
});

describe('free places and full days', () => {
  it('never counts below zero free, and a day at or over capacity is full', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), (capacity, taken) => {
        expect(freePlaces(capacity, taken)).toBe(Math.max(0, capacity - taken));
        expect(isFullDay({ taken }, capacity)).toBe(freePlaces(capacity, taken) === 0);
      }),
    );
  });
});
