/** The weekdays as the price rules name them, and the weekday of a calendar date. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Monday = 0 ... Sunday = 6, by calendar arithmetic (1970-01-01 was a Thursday). */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const daysSinceEpoch = Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
  return WEEKDAYS[(((daysSinceEpoch + 3) % 7) + 7) % 7]!;
}
