import { describe, expect, it } from 'vitest';
import { DEFAULT_SHUTTLE_SETTINGS, dispatchFlightAware, dispatchOnLanded, drawDay, simulateShuttleDay, type Traveller } from '../../bench/shuttle-sim';

describe('the shuttle simulation (bench/shuttle-sim.ts)', () => {
  it('draws the same day and the same figures from the same seed, and another day from another seed', () => {
    expect(simulateShuttleDay(DEFAULT_SHUTTLE_SETTINGS)).toEqual(simulateShuttleDay(DEFAULT_SHUTTLE_SETTINGS));
    expect(drawDay({ ...DEFAULT_SHUTTLE_SETTINGS, seed: 2 })).not.toEqual(drawDay(DEFAULT_SHUTTLE_SETTINGS));
  });

  it('picks up all 300 returns both ways, no wait negative, no run over its seats', () => {
    const day = drawDay(DEFAULT_SHUTTLE_SETTINGS);
    expect(day).toHaveLength(300);
    for (const result of [dispatchOnLanded(day, DEFAULT_SHUTTLE_SETTINGS), dispatchFlightAware(day, DEFAULT_SHUTTLE_SETTINGS)]) {
      expect(result.pickedUp).toBe(300);
      expect(result.waits.every((w) => Number.isFinite(w) && w >= 0)).toBe(true);
      expect(result.runs).toBeGreaterThanOrEqual(Math.ceil(300 / DEFAULT_SHUTTLE_SETTINGS.seats));
    }
  });

  it('times a flight-aware run to the expected kerb time: a lone traveller out when expected does not wait', () => {
    const one: Traveller = { scheduledAt: 600, landedAt: 600, terminal: 'domestic', kerbAt: 615, pressedAt: 615, expectedKerbAt: 615 };
    const settings = { ...DEFAULT_SHUTTLE_SETTINGS, returns: 1, shuttles: 1 };
    expect(dispatchFlightAware([one], settings).waits).toEqual([0]);
    // Pressed at the kerb, the shuttle is half a loop away.
    expect(dispatchOnLanded([one], settings).waits).toEqual([settings.loopMinutes / 2]);
  });

  it('sends a second run when more travellers are due at once than a shuttle has seats', () => {
    const many: Traveller[] = Array.from({ length: 20 }, () => ({ scheduledAt: 600, landedAt: 600, terminal: 'domestic', kerbAt: 615, pressedAt: 610, expectedKerbAt: 615 }));
    const settings = { ...DEFAULT_SHUTTLE_SETTINGS, returns: 20, shuttles: 1, seats: 14 };
    const result = dispatchFlightAware(many, settings);
    expect(result.runs).toBe(2);
    expect(result.waits.filter((w) => w === 0)).toHaveLength(14);
    expect(result.waits.filter((w) => w === settings.loopMinutes)).toHaveLength(6);
  });
});
