/**
 * The driver's shuttle runs (shared/shuttle-runs.ts): parties grouped by terminal into runs within the shuttle's
 * seats, in kerb order; a departed run keeps its parties; a party larger than the shuttle rides a run of its own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminals } from '../../shared/pickups';
import { shuttleRuns, type WaitingParty } from '../../shared/shuttle-runs';

const party = (bookingId: string, terminal: WaitingParty['terminal'], passengers: number, minute: number, runId: string | null = null): WaitingParty => ({
  bookingId,
  terminal,
  passengers,
  kerbAt: new Date(Date.UTC(2026, 11, 31, 2, minute)).toISOString(),
  runId,
});

describe('shuttleRuns', () => {
  it('fills a run in kerb order until the next party would not fit, per terminal, earliest run first', () => {
    const runs = shuttleRuns([party('c', 'domestic', 6, 20), party('a', 'domestic', 5, 5), party('b', 'domestic', 4, 10), party('i', 'international', 2, 1)], 14);
    expect(runs.map((r) => [r.terminal, r.parties.map((p) => p.bookingId), r.passengers])).toEqual([
      ['international', ['i'], 2],
      ['domestic', ['a', 'b'], 9],
      ['domestic', ['c'], 6],
    ]);
    expect(runs.every((r) => !r.departed && !r.overSeats)).toBe(true);
  });

  it('keeps a departed run as it left, and forms the rest around it', () => {
    const runs = shuttleRuns([party('a', 'domestic', 2, 1, 'run-1'), party('b', 'domestic', 2, 2), party('c', 'domestic', 2, 3, 'run-1')], 14);
    expect(runs).toEqual([expect.objectContaining({ id: 'run-1', departed: true, passengers: 4 }), expect.objectContaining({ id: 'domestic-b', departed: false, passengers: 2 })]);
  });

  it('gives a party larger than the shuttle a run of its own, flagged, without moving the others', () => {
    const runs = shuttleRuns([party('a', 'domestic', 2, 1), party('big', 'domestic', 8, 2), party('c', 'domestic', 3, 3)], 6);
    expect(runs.map((r) => [r.parties.map((p) => p.bookingId), r.overSeats])).toEqual([
      [['a'], false],
      [['big'], true],
      [['c'], false],
    ]);
  });

  it('refuses a shuttle without seats', () => {
    expect(() => shuttleRuns([], 0)).toThrow(RangeError);
  });

  const partiesArb = fc
    .array(
      fc.record({
        terminal: fc.constantFrom(...terminals),
        passengers: fc.integer({ min: 1, max: 8 }),
        minute: fc.integer({ min: 0, max: 600 }),
        run: fc.option(fc.constantFrom('r1', 'r2'), { freq: 4 }),
      }),
      { maxLength: 40 },
    )
    // A departed run is at one terminal (the driver departs on a run the screen formed).
    .map((list) => list.map((p, i) => party(`b${i}`, p.run === 'r1' ? 'domestic' : p.run === 'r2' ? 'international' : p.terminal, p.passengers, p.minute, p.run)));

  it('every party is in exactly one run; no run exceeds the seats unless it is one party larger than them; runs keep one terminal and kerb order', () => {
    fc.assert(
      fc.property(partiesArb, fc.integer({ min: 1, max: 20 }), (parties, seats) => {
        const runs = shuttleRuns(parties, seats);
        const placed = runs.flatMap((r) => r.parties.map((p) => p.bookingId));
        expect([...placed].sort()).toEqual(parties.map((p) => p.bookingId).sort());
        for (const r of runs) {
          expect(r.passengers).toBe(r.parties.reduce((n, p) => n + p.passengers, 0));
          if (!r.departed && r.passengers > seats) expect(r.parties).toHaveLength(1);
          expect(r.overSeats).toBe(r.passengers > seats);
          expect(new Set(r.parties.map((p) => p.terminal)).size).toBe(1);
          expect(r.parties.map((p) => p.kerbAt)).toEqual([...r.parties.map((p) => p.kerbAt)].sort());
          expect(r.firstKerbAt).toBe(r.parties[0]!.kerbAt);
        }
        expect(runs.map((r) => r.firstKerbAt)).toEqual([...runs.map((r) => r.firstKerbAt)].sort());
      }),
    );
  });

  it('a forming run never holds a party that reaches the kerb after one in a later run of its terminal, and is full before the next starts', () => {
    fc.assert(
      fc.property(partiesArb, fc.integer({ min: 1, max: 20 }), (parties, seats) => {
        const forming = shuttleRuns(parties, seats).filter((r) => !r.departed);
        for (const t of terminals) {
          const mine = forming.filter((r) => r.terminal === t);
          for (let i = 1; i < mine.length; i++) {
            const before = mine[i - 1]!;
            const next = mine[i]!;
            expect(before.parties.at(-1)!.kerbAt <= next.parties[0]!.kerbAt).toBe(true);
            // The next run began because its first party did not fit.
            expect(before.passengers + next.parties[0]!.passengers).toBeGreaterThan(seats);
          }
        }
      }),
    );
  });
});
