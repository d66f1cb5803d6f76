/**
 * Moving a local stack's clock from a test (local/clock.ts: GET and POST /_local/clock). A stack's clock is its
 * process's: every test file talking to that stack sees a move at once, so a file that moves time starts a stack of
 * its own (startTestStack, which also runs the file isolated) and puts the clock back when it is done (`withClock`),
 * never moving the shared stack's under the files running beside it.
 */
import { expect } from 'vitest';
import { request } from './http';

/** The stack's time now. */
export async function readClock(baseUrl: string): Promise<Date> {
  const res = await request<{ now: string }>(baseUrl, 'GET', '/_local/clock');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Date(res.body.now);
}

/** `{ at: '<ISO instant>' }` or `{ advance: '26h' }` (m, h, d); answers the stack's time after the move. */
export async function moveClock(baseUrl: string, move: { at: string } | { advance: string }): Promise<Date> {
  const res = await request<{ now: string }>(baseUrl, 'POST', '/_local/clock', move);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Date(res.body.now);
}

/**
 * Runs `walk` and then puts the stack's clock back as far from the real one as it was before, whatever `walk` did or
 * threw, so the next test starts where it expects.
 */
export async function withClock<T>(baseUrl: string, walk: () => Promise<T>): Promise<T> {
  const offset = (await readClock(baseUrl)).getTime() - Date.now();
  try {
    return await walk();
  } finally {
    await moveClock(baseUrl, { at: new Date(Date.now() + offset).toISOString() });
  }
}
