/**
 * When the tracker asks about a return flight, as a pure function of what is known of its arrival and "now":
 * - from 24 hours before the scheduled arrival (the booking's pick-up time until the provider has given one);
 * - hourly, then every 10 minutes in the last 2 hours before the expected arrival (the provider's estimate when it
 *   has one, so a late flight's last 2 hours move with it), and every 10 minutes after it until it lands;
 * - never again once it has landed, is cancelled or diverted, and not beyond 12 hours after the later of the
 *   scheduled and expected arrival (a flight the provider never reports landed is not asked about for ever).
 * The job runs every 5 minutes in AWS (every 5 seconds locally), so an ask is due a little early (ASK_SLACK): a pass
 * that starts a few seconds before the 10 minutes are up still asks, rather than waiting for the pass after.
 * Instants are compared as instants, so daylight-saving days need nothing of their own.
 */
export const TRACKING = {
  startHoursBefore: 24,
  hourlyMinutes: 60,
  finalHours: 2,
  finalMinutes: 10,
  giveUpHoursAfter: 12,
  slackMinutes: 2,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface TrackedArrival {
  /** The scheduled arrival (or, before the provider's first answer, the booking's pick-up). */
  scheduled: Date;
  /** The best estimate of the arrival: the provider's estimate, else the scheduled time. */
  expected: Date;
  /** When the product last asked the provider about this flight and date (answered or not). */
  lastAskedAt: Date | null;
  landed: boolean;
  cancelled: boolean;
  diverted: boolean;
}

/** The first moment the flight is asked about, and the last. */
export function trackingWindow(a: Pick<TrackedArrival, 'scheduled' | 'expected'>): { start: Date; end: Date } {
  const later = Math.max(a.scheduled.getTime(), a.expected.getTime());
  return { start: new Date(a.scheduled.getTime() - TRACKING.startHoursBefore * HOUR), end: new Date(later + TRACKING.giveUpHoursAfter * HOUR) };
}

/** When the next ask is due, or null when the flight is no longer asked about. */
export function nextAskAt(a: TrackedArrival): Date | null {
  if (a.landed || a.cancelled || a.diverted) return null;
  const { start, end } = trackingWindow(a);
  let next: number;
  if (a.lastAskedAt === null || a.lastAskedAt < start) next = start.getTime();
  else {
    const last = a.lastAskedAt.getTime();
    const finalStart = a.expected.getTime() - TRACKING.finalHours * HOUR;
    // An hour on, or as soon as the last 2 hours begin, but never sooner than 10 minutes after the last ask.
    next = Math.min(last + TRACKING.hourlyMinutes * MINUTE, Math.max(last + TRACKING.finalMinutes * MINUTE, finalStart));
  }
  return next > end.getTime() ? null : new Date(next);
}

/** Whether a pass at `now` asks about the flight. */
export function isAskDue(a: TrackedArrival, now: Date): boolean {
  const next = nextAskAt(a);
  if (next === null || now > trackingWindow(a).end) return false;
  // The first ask waits for the window to open; later ones may come a pass early (see above).
  const slack = a.lastAskedAt === null ? 0 : TRACKING.slackMinutes * MINUTE;
  return now.getTime() >= next.getTime() - slack;
}
