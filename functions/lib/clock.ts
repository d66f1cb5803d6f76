/**
 * "Now" for every handler, job, use case and store module: the one place the server reads the time.
 *
 * In AWS it is the real clock. The local stack can move it (local/clock.ts: `CLOCK=... npm start`, POST
 * /_local/clock) so a person or a test walks a trip's days in minutes: it runs the handlers in its own process, so
 * it keeps the offset from the real clock in that process's environment, which this module reads on every call.
 * A Lambda function never honours the offset, whatever its environment holds (Lambda always sets
 * AWS_LAMBDA_FUNCTION_NAME), and the stack sets none (tests/infra/clock.test.ts).
 *
 * What keeps real time on purpose, locally too: the Cognito emulator and its tokens (the gateway checks their expiry
 * on the real clock too, so moving the clock neither signs anyone out nor revives an expired token), Idempotency-Key
 * records (Powertools dates them), durations (timeouts, latency: performance.now()) and log timestamps
 * (docs/architecture.md, "The clock").
 */

/** The environment variable the local stack sets: milliseconds to add to the real clock (an integer, may be negative). */
export const CLOCK_OFFSET_SETTING = 'LOCAL_CLOCK_OFFSET_MS';

/** How far the clock is from the real one: 0 in AWS, and locally until someone moves it. */
export function clockOffsetMs(): number {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) return 0;
  const raw = process.env[CLOCK_OFFSET_SETTING];
  if (raw === undefined || raw === '') return 0;
  const offset = Number(raw);
  // Only local/clock.ts writes it; anything else is a bug to see at once, not a clock that is quietly wrong.
  if (!Number.isSafeInteger(offset)) throw new Error(`${CLOCK_OFFSET_SETTING} is not a whole number of milliseconds: ${raw}`);
  return offset;
}

/** The time now, in milliseconds since the epoch. */
export function nowMs(): number {
  return Date.now() + clockOffsetMs();
}

/** The time now. */
export function now(): Date {
  return new Date(nowMs());
}
