import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rethrow, retryOnStale, stale, Stale } from '../../functions/lib/retry-on-stale';

describe('retryOnStale', () => {
  it('stops at the first result, after as many stale tries as came before it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 15 }), async (tries, staleFirst) => {
        const attempts: number[] = [];
        const result = await retryOnStale(
          { tries },
          async (attempt) => {
            attempts.push(attempt);
            return attempt < staleFirst ? stale() : `done at ${attempt}`;
          },
          () => 'gave up',
        );
        if (staleFirst < tries) {
          expect(result).toBe(`done at ${staleFirst}`);
          expect(attempts).toEqual([...Array(staleFirst + 1).keys()]);
        } else {
          expect(result).toBe('gave up');
          expect(attempts).toEqual([...Array(tries).keys()]);
        }
      }),
    );
  });

  it("gives up after exactly N stale tries with the caller's error", async () => {
    let steps = 0;
    const error = new Error('Could not settle refund line l1 on booking b1');
    await expect(
      retryOnStale(
        { tries: 8 },
        async () => {
          steps++;
          return stale();
        },
        () => {
          throw error;
        },
      ),
    ).rejects.toBe(error);
    expect(steps).toBe(8);
  });

  it("rethrow gives up with the last try's own error", async () => {
    const collided = [new Error('collided once'), new Error('collided again')];
    await expect(retryOnStale({ tries: 2 }, async (attempt) => stale(collided[attempt]), rethrow)).rejects.toBe(collided[1]);
  });

  it("hands the last stale try's cause to the give-up", async () => {
    const causes = [new Error('first'), new Error('second'), new Error('third')];
    const cause = await retryOnStale({ tries: 3 }, async (attempt) => stale(causes[attempt]), (c) => c);
    expect(cause).toBe(causes[2]);
  });

  it('reads again on every try: each try sees what the one before it wrote', async () => {
    // A record another writer keeps moving: a try wins only when it read the latest version.
    let version = 0;
    const seen: number[] = [];
    const result = await retryOnStale(
      { tries: 5 },
      async () => {
        const read = version;
        seen.push(read);
        if (read < 3) {
          version++; // someone else wrote meanwhile: this try's condition is lost
          return stale();
        }
        return read;
      },
      () => -1,
    );
    expect(result).toBe(3);
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('pauses between tries, never after the last, with the attempt that lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10 }), async (tries) => {
        const pauses: number[] = [];
        await retryOnStale({ tries, pause: async (attempt) => void pauses.push(attempt) }, async () => stale(), () => null);
        expect(pauses).toEqual([...Array(tries - 1).keys()]);
      }),
    );
  });

  it('never runs the step when there are no tries, and a result is never taken for stale', async () => {
    let steps = 0;
    expect(await retryOnStale<number | 'none'>({ tries: 0 }, async () => ++steps, () => 'none')).toBe('none');
    expect(steps).toBe(0);
    expect(await retryOnStale<number | 'none'>({ tries: 1 }, async () => 0, () => 'none')).toBe(0);
    expect(stale()).toBeInstanceOf(Stale);
  });
});
