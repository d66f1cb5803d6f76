/**
 * GET /api/availability?from=&to=: the dates with no place left. Loaded on demand (it brings the zod schema),
 * so the first paint of `/` does not wait for it; answers are kept for half a minute, as the server's cache
 * header says.
 */
import { availabilitySchema, type Availability } from '@shared/availability';
import { apiRequest } from '@/lib/api-client';

const KEEP_MS = 30_000;
const recent = new Map<string, { at: number; answer: Promise<Availability> }>();

export function getAvailability(from: string, to: string): Promise<Availability> {
  const key = `${from}/${to}`;
  const kept = recent.get(key);
  if (kept && performance.now() - kept.at < KEEP_MS) return kept.answer;
  const answer = apiRequest(`/availability?from=${from}&to=${to}`, { schema: availabilitySchema });
  // An age, so on the monotonic clock.
  recent.set(key, { at: performance.now(), answer });
  answer.catch(() => recent.delete(key));
  return answer;
}
