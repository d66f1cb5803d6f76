/**
 * Which flight-status provider a process uses (functions/lib/flights/flight-provider.ts): none without settings (tracking
 * off), the local stand-in where the stack names it, the real AeroAPI with a key in the environment (which wins), each
 * asked with its own key; the request is the adapter's, so the stand-in runs the code AWS runs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flightStatusProvider, STAND_IN_API_KEY } from '../../functions/lib/flights/flight-provider';

function capturingFetch() {
  const asked: { url: string; key: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    asked.push({ url: String(input), key: new Headers(init?.headers).get('x-apikey') });
    return new Response(JSON.stringify({ flights: [] }), { status: 200 });
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the flight-status provider in use', () => {
  it('is none when nothing is configured: tracking is off', async () => {
    vi.stubEnv('FLIGHT_STATUS_API_KEY', '');
    vi.stubEnv('FLIGHT_STATUS_SECRET_ID', '');
    vi.stubEnv('FLIGHTS_STANDIN_URL', '');
    expect(await flightStatusProvider()).toBeNull();
  });

  it("is the local stack's stand-in, asked with its key, and follows the stack running now", async () => {
    const asked = capturingFetch();
    vi.stubEnv('FLIGHT_STATUS_API_KEY', '');
    vi.stubEnv('FLIGHT_STATUS_SECRET_ID', '');
    vi.stubEnv('FLIGHTS_STANDIN_URL', 'http://localhost:4000/_local/aeroapi');
    await (await flightStatusProvider())!.arrival('NZ102', '2026-12-24');
    vi.stubEnv('FLIGHTS_STANDIN_URL', 'http://localhost:5000/_local/aeroapi');
    await (await flightStatusProvider())!.arrival('NZ102', '2026-12-24');
    expect(asked.map((a) => [new URL(a.url).origin + new URL(a.url).pathname, a.key])).toEqual([
      ['http://localhost:4000/_local/aeroapi/flights/NZ102', STAND_IN_API_KEY],
      ['http://localhost:5000/_local/aeroapi/flights/NZ102', STAND_IN_API_KEY],
    ]);
  });

  it('is the real AeroAPI with a key in the environment, before the stand-in', async () => {
    const asked = capturingFetch();
    vi.stubEnv('FLIGHT_STATUS_API_KEY', 'real-key');
    vi.stubEnv('FLIGHTS_STANDIN_URL', 'http://localhost:4000/_local/aeroapi');
    await (await flightStatusProvider())!.arrival('NZ102', '2026-12-24');
    expect(asked.map((a) => [new URL(a.url).origin + new URL(a.url).pathname, a.key])).toEqual([['https://aeroapi.flightaware.com/aeroapi/flights/NZ102', 'real-key']]);
  });
});
