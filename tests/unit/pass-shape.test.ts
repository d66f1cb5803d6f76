/**
 * The pass page's first read checks the answer by hand (web/src/features/pass/api/pass-shape.ts) so that its first load
 * carries no zod. It must judge every answer as the shared schema does: here both judge a valid pass and, for every
 * field (and every field of its objects), the pass without it and with a value of each other JSON type.
 */
import { describe, expect, it } from 'vitest';
import { passSchema } from '../../shared/pass';
import { isPass } from '../../web/src/features/pass/api/pass-shape';
import { VALID_PASS } from '../support/pass-answer';

const OTHER_VALUES: unknown[] = [undefined, null, 'x', 1.5, 7, true, {}, []];

/** The pass with one value at `path` replaced (undefined: the key left out). */
function withValue(path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(VALID_PASS) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  if (value === undefined) delete at[path.at(-1)!];
  else at[path.at(-1)!] = value;
  return copy;
}

const paths = Object.entries(VALID_PASS).flatMap(([k, v]) => [[k], ...(typeof v === 'object' && v !== null ? Object.keys(v).map((n) => [k, n]) : [])]);

describe('the hand check of a pass answer', () => {
  it('takes the valid pass, as the schema does', () => {
    expect(passSchema.safeParse(VALID_PASS).success).toBe(true);
    expect(isPass(VALID_PASS)).toBe(true);
  });

  it('covers every field the schema has', () => {
    expect(Object.keys(passSchema.shape).sort()).toEqual(Object.keys(VALID_PASS).sort());
  });

  it.each(paths.map((p) => [p.join('.'), p] as const))('judges %s missing or of any other type as the schema does', (_name, path) => {
    for (const value of OTHER_VALUES) {
      const answer = withValue(path, value);
      expect({ value, accepted: isPass(answer) }).toEqual({ value, accepted: passSchema.safeParse(answer).success });
    }
  });

  it('refuses a status the schema does not know, and anything that is not an object', () => {
    expect(isPass(withValue(['status'], 'parked'))).toBe(false);
    for (const answer of [null, undefined, 'pass', [VALID_PASS]]) expect(isPass(answer)).toBe(false);
  });
});
