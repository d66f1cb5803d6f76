/**
 * The server's clock (functions/lib/clock.ts) and its local controls (local/clock.ts): the real clock unless the
 * local stack set an offset, never an offset inside Lambda, and the moves POST /_local/clock and CLOCK accept.
 * Changes this process's environment, so it runs isolated (vitest.config.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK_OFFSET_SETTING, clockOffsetMs, now, nowMs } from '../../functions/lib/clock';
import { clockMessages, clockMoveSchema, clockStart, durationMs, moveClock, resetClock, setClock } from '../../local/clock';

const HOUR = 3_600_000;

afterEach(() => {
  delete process.env[CLOCK_OFFSET_SETTING];
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  delete process.env.STRIPE_SECRET_KEY;
});

/** `t` is within the real clock's reading before and after it was taken. */
function expectRealTime(read: () => number): void {
  const before = Date.now();
  const t = read();
  const after = Date.now();
  expect(t).toBeGreaterThanOrEqual(before);
  expect(t).toBeLessThanOrEqual(after);
}

describe('functions/lib/clock.ts', () => {
  it('reads the real clock when nothing set an offset (as in AWS)', () => {
    expect(process.env[CLOCK_OFFSET_SETTING]).toBeUndefined();
    expect(clockOffsetMs()).toBe(0);
    expectRealTime(nowMs);
    expectRealTime(() => now().getTime());
  });

  it('adds the offset the local stack set, and keeps running', () => {
    process.env[CLOCK_OFFSET_SETTING] = String(26 * HOUR);
    expectRealTime(() => nowMs() - 26 * HOUR);
    expectRealTime(() => now().getTime() - 26 * HOUR);
    process.env[CLOCK_OFFSET_SETTING] = String(-2 * HOUR);
    expectRealTime(() => nowMs() + 2 * HOUR);
  });

  it('never honours an offset inside Lambda, whatever the environment holds', () => {
    process.env[CLOCK_OFFSET_SETTING] = String(26 * HOUR);
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'runway-dev-CreateQuote';
    expect(clockOffsetMs()).toBe(0);
    expectRealTime(nowMs);
  });

  it('refuses an offset that is not a whole number of milliseconds, rather than keep a wrong time', () => {
    process.env[CLOCK_OFFSET_SETTING] = '26h';
    expect(() => now()).toThrow(/LOCAL_CLOCK_OFFSET_MS is not a whole number/);
  });
});

describe('local/clock.ts', () => {
  it('sets the clock to an instant and lets it run on from there', () => {
    const at = new Date('2026-12-24T08:00+13:00');
    setClock(at);
    const read = nowMs();
    expect(read).toBeGreaterThanOrEqual(at.getTime());
    expect(read - at.getTime()).toBeLessThan(5_000);
  });

  it('moves it by minutes, hours or days, back with a minus, and resets to the real clock', () => {
    setClock(new Date('2026-12-24T08:00:00Z'));
    moveClock({ advance: '26h' });
    expect(now().toISOString().slice(0, 16)).toBe('2026-12-25T10:00');
    moveClock({ advance: '2d' });
    moveClock({ advance: '-90m' });
    expect(now().toISOString().slice(0, 16)).toBe('2026-12-27T08:30');
    moveClock({ at: '2027-01-01T00:00+13:00' });
    expect(now().toISOString().slice(0, 16)).toBe('2026-12-31T11:00');
    resetClock();
    expect(process.env[CLOCK_OFFSET_SETTING]).toBeUndefined();
    expectRealTime(nowMs);
  });

  it('reads durations in m, h and d', () => {
    expect(durationMs('90m')).toBe(90 * 60_000);
    expect(durationMs('26h')).toBe(26 * HOUR);
    expect(durationMs('2d')).toBe(48 * HOUR);
    expect(durationMs('-1h')).toBe(-HOUR);
  });

  it('takes exactly one of at (an instant with its offset) and advance (m, h or d), with a message that says how', () => {
    const message = (body: unknown) => {
      const r = clockMoveSchema.safeParse(body);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(message({ at: '2026-12-24T08:00+13:00' })).toBeNull();
    expect(message({ at: '2026-12-23T19:00:00.000Z' })).toBeNull();
    expect(message({ advance: '26h' })).toBeNull();
    expect(message({ advance: '-30m' })).toBeNull();
    expect(message({})).toBe(clockMessages.oneOf);
    expect(message({ at: '2026-12-24T08:00+13:00', advance: '1h' })).toBe(clockMessages.oneOf);
    // No offset: which zone would it be? Refused rather than guessed.
    expect(message({ at: '2026-12-24T08:00' })).toBe(clockMessages.at);
    expect(message({ at: '2026-02-30T08:00Z' })).toBe(clockMessages.at);
    expect(message({ at: 1798052400000 })).toBe(clockMessages.at);
    expect(message({ advance: '26' })).toBe(clockMessages.advance);
    expect(message({ advance: '26 hours' })).toBe(clockMessages.advance);
    expect(message({ advance: '1w' })).toBe(clockMessages.advance);
    expect(message({ advance: 26 })).toBe(clockMessages.advance);
    expect(clockMoveSchema.safeParse({ advance: '1h', by: 'me' }).success).toBe(false);
  });

  it('CLOCK at start: unset is the real clock; an instant is where it starts; anything else stops the start with the reason', () => {
    expect(clockStart(undefined)).toBeNull();
    expect(clockStart('  ')).toBeNull();
    expect(clockStart('2026-12-24T08:00+13:00')?.toISOString()).toBe('2026-12-23T19:00:00.000Z');
    expect(() => clockStart('tomorrow')).toThrow(`${clockMessages.start} (got "tomorrow")`);
    expect(clockMessages.start).toMatch(/^CLOCK must be an ISO instant with its UTC offset, such as 2026-12-24T08:00\+13:00/);
    process.env.STRIPE_SECRET_KEY = 'sk_test_real';
    expect(() => clockStart('2026-12-24T08:00+13:00')).toThrow(clockMessages.realStripe);
  });
});
