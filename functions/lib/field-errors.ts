/**
 * zod issues as the API answers them: one message per field (the first issue wins), keyed by the dotted path. The
 * handler stack (http.ts) uses it, and so does the local clock's route (local/clock.ts), which must not load the
 * handler stack with it.
 */
import type { z } from 'zod';

export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) out[[...issue.path, k].join('.')] ??= `Unknown field '${k}'`;
      continue;
    }
    out[key] ??= issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : issue.message;
  }
  return out;
}
