/**
 * One way to retry a write that lost its condition: read, decide, write on condition; when what was read changed
 * before the write landed, read again and decide afresh, up to a number of tries. The store uses it for transactions
 * that collide on a shared item (a counter), the use cases for their read-decide-write loops on a booking.
 */

/** A try that lost: what it read changed (or its write collided with another). `cause` is kept for the give-up. */
export class Stale {
  constructor(readonly cause?: unknown) {}
}

/** The "read again" answer of a step; `cause` (the error of a collided write) reaches `giveUp`. */
export const stale = (cause?: unknown): Stale => new Stale(cause);

export interface RetryOptions {
  /** How many times the step runs at most. */
  tries: number;
  /** A wait between two tries (never after the last): collisions on a shared item back off. */
  pause?: (attempt: number) => Promise<void>;
}

/**
 * Runs `step` (which reads what it needs each time: no read is shared between tries) until it returns a result,
 * at most `tries` times; after that many stale tries, `giveUp` answers with the last try's cause: it throws the
 * caller's error, or returns the caller's outcome for "still stale".
 */
export async function retryOnStale<T>(options: RetryOptions, step: (attempt: number) => Promise<T | Stale>, giveUp: (cause: unknown) => T | Promise<T>): Promise<T> {
  let last: Stale | undefined;
  for (let attempt = 0; attempt < options.tries; attempt++) {
    const outcome = await step(attempt);
    if (!(outcome instanceof Stale)) return outcome;
    last = outcome;
    if (options.pause && attempt < options.tries - 1) await options.pause(attempt);
  }
  return giveUp(last?.cause);
}

/** A give-up that throws the last try's own error (a transaction still colliding after every try). */
export const rethrow = (cause: unknown): never => {
  throw cause;
};
