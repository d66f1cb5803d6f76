// @vitest-environment happy-dom
/**
 * The SPA's clock (web/src/lib/clock.ts, use-clock.ts): it reads the server's time by the offset the local stack's
 * /config.json reports, learnt whenever the page first reads /config.json, and a component that decides with "now"
 * renders again when the offset arrives; /config.json without one (AWS) leaves the browser's clock.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, nzToday } from '@shared/nz-time';
import { clockNow, clockOffset, learnClockOffset } from '../../web/src/lib/clock';
import { fetchConfigJson } from '../../web/src/lib/config-json';
import { useClock } from '../../web/src/lib/use-clock';

const DAY = 86_400_000;

afterEach(() => {
  cleanup();
  learnClockOffset({});
  vi.unstubAllGlobals();
});

function Today() {
  const now = useClock();
  return <p>Today is {nzToday(now())}</p>;
}

const config = (extra: Record<string, unknown> = {}) => ({ apiBase: '/api', region: 'local', userPoolId: 'p', userPoolClientId: 'c', googleSignIn: false, environment: 'local', ...extra });

describe('the SPA clock', () => {
  it('learns the local clock from /config.json and shows the server its day; a page that rendered first renders again', async () => {
    render(<Today />);
    const realToday = nzToday(new Date());
    expect(screen.getByText(`Today is ${realToday}`)).toBeTruthy();

    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(config({ clockOffsetMs: 3 * DAY })), { status: 200 })));
    await act(async () => {
      await fetchConfigJson();
    });
    expect(clockOffset()).toBe(3 * DAY);
    expect(screen.getByText(`Today is ${addDays(realToday, 3)}`)).toBeTruthy();
    const drift = clockNow().getTime() - (Date.now() + 3 * DAY);
    expect(Math.abs(drift)).toBeLessThan(1_000);
  });

  it('keeps the browser clock when /config.json names no offset, as in AWS', () => {
    learnClockOffset(config({ clockOffsetMs: DAY }));
    learnClockOffset(config());
    expect(clockOffset()).toBe(0);
    learnClockOffset(config({ clockOffsetMs: 'tomorrow' }));
    expect(clockOffset()).toBe(0);
    const before = Date.now();
    const t = clockNow().getTime();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });
});
