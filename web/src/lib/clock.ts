/**
 * "Now" in the SPA: the browser's clock plus the offset the local stack's /config.json reports (`clockOffsetMs`,
 * local/clock.ts), so a page decides today, the lead time, the late-night notice and the 48-hour rule with the time
 * the server keeps. In AWS /config.json has no offset and this is the browser's clock.
 *
 * The offset is learned when the page first reads /config.json (lib/config-json.ts), once per page load: after
 * moving the local clock, reload the page. A component that renders with "now" takes it from `useClock()`
 * (lib/use-clock.ts), so it renders again when the offset arrives; event handlers and plain functions call
 * `clockNow()`. No React here: the pass's early script reads /config.json through this module's learner.
 */

let offsetMs = 0;
const listeners = new Set<() => void>();

/** Called with /config.json as it arrives: its clock offset, or none. */
export function learnClockOffset(config: unknown): void {
  const value = typeof config === 'object' && config !== null ? (config as { clockOffsetMs?: unknown }).clockOffsetMs : undefined;
  const next = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  if (next === offsetMs) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/** How far the server's clock is from this browser's (0 in AWS). */
export function clockOffset(): number {
  return offsetMs;
}

/** The time now, as the server keeps it. */
export function clockNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** The time now with a given offset: what `useClock` reads, with the offset its render saw. */
export function clockNowWithOffset(offset: number): Date {
  return new Date(Date.now() + offset);
}

/** Calls `listener` whenever the offset changes; returns the unsubscribe. */
export function onClockOffset(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
