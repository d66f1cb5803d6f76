/** The test helper that keeps budget tests inside one request-budget window (tests/support/budget-window.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inOneBudgetWindow } from '../support/budget-window';

afterEach(() => vi.useRealTimers());

describe('inOneBudgetWindow', () => {
  it('runs a passing body once', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 9, 59, 59) });
    const body = vi.fn(async () => vi.advanceTimersByTime(5_000)); // crosses 10:00 and passes
    await inOneBudgetWindow(600, body);
    expect(body).toHaveBeenCalledTimes(1);
  });

  it('throws a failure inside one window as it is, without a second run', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 9, 50, 1) });
    const body = vi.fn(async () => {
      vi.advanceTimersByTime(60_000);
      throw new Error('refused too early');
    });
    await expect(inOneBudgetWindow(600, body)).rejects.toThrow('refused too early');
    expect(body).toHaveBeenCalledTimes(1);
  });

  it('runs a body that failed across a window edge once more, and reports that run', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 9, 59, 50) });
    let runs = 0;
    const body = vi.fn(async () => {
      vi.advanceTimersByTime(20_000);
      if (++runs === 1) throw new Error('a fresh window let one more through');
      return 'second run';
    });
    await expect(inOneBudgetWindow(600, body)).resolves.toBe('second run');
    expect(body).toHaveBeenCalledTimes(2);
  });
});
