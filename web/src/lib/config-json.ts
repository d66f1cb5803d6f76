/**
 * /config.json as it arrives, fetched once and shared: loadConfig (lib/config.ts) parses it with its schema, and a
 * shell's early request (lib/early-request.ts) reads only the API base from it, without waiting for the schema code,
 * and the clock (lib/clock.ts) its offset, if any.
 */
import { learnClockOffset } from './clock';

let pending: Promise<unknown> | undefined;

export function fetchConfigJson(): Promise<unknown> {
  pending ??= fetch('/config.json', { cache: 'no-store' })
    .then((r) => {
      if (!r.ok) throw new Error(`config.json: ${r.status}`);
      return r.json() as Promise<unknown>;
    })
    .then((json) => {
      // Whoever reads the config first teaches the clock (the local stack's may have been moved).
      learnClockOffset(json);
      return json;
    })
    .catch((e: unknown) => {
      pending = undefined;
      throw e;
    });
  return pending;
}
