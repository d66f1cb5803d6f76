/** What the occupancy panel says in words: the period, the busiest day, the full days, where the capacity comes from. */
import { capacityMessages } from '@shared/capacity';
import { addDays } from '@shared/nz-time';
import { capacityRequestSchema, isFullDay, type CapacitySource, type Occupancy } from '@shared/occupancy';
import { nzDate } from './format';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Thu 24/12/2026" for "2026-12-24". */
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${nzDate(iso)}`;
}

/** "24/12" for "2026-12-24": the chart's axis. */
export const shortDate = (iso: string) => nzDate(iso).slice(0, 5);

export const capacitySourceNote: Record<CapacitySource, string> = {
  default: "the site's default",
  settings: 'set by staff',
  environment: 'fixed by YARD_CAPACITY for this run',
};

export const fullDays = (o: Occupancy) => o.days.filter((d) => isFullDay(d, o.capacity));

/**
 * The chart in words (its description, and the line above it): the period, the busiest day, the days with no place
 * left. The panel names the full days on a line of their own, so it asks for the summary without them.
 */
export function occupancySummary(o: Occupancy, { listFull = true } = {}): string {
  if (o.days.length === 0) return 'No days to show.';
  const first = o.days[0]!.date;
  const last = o.days[o.days.length - 1]!.date;
  const busiest = o.days.reduce((a, b) => (b.taken > a.taken ? b : a));
  const full = fullDays(o);
  const period = `From ${nzDate(first)} to ${nzDate(last)}, against a capacity of ${o.capacity}.`;
  const peak = busiest.taken === 0 ? ' No places are used.' : ` Busiest: ${nzDate(busiest.date)} with ${busiest.taken} used.`;
  const fullText = full.length === 0 ? ' No day is at capacity.' : listFull ? ` At capacity: ${full.map((d) => nzDate(d.date)).join(', ')}.` : '';
  return period + peak + fullText;
}

/** Axis labels that fit: about one per 48 pixels, always the first date. */
export function tickDates(dates: readonly string[], width: number): string[] {
  const room = Math.max(1, Math.floor(width / 48));
  const step = Math.max(1, Math.ceil(dates.length / room));
  return dates.filter((_, i) => i % step === 0);
}

/** "1 place", "2 places": the capacity line's noun. */
export const placesWord = (n: number) => (n === 1 ? 'place' : 'places');

/** The places axis counts cars: only whole numbers are ticks (a scale over 0 to 2 would offer 0.5, 1.5). */
export const wholeTicks = (ticks: readonly number[]): number[] => ticks.filter((t) => Number.isInteger(t));

/** The period before or after one starting at `from`. */
export const shiftPeriod = (from: string, days: number, direction: -1 | 1) => addDays(from, direction * days);

/** The capacity typed in the dialog: digits only (an empty box is not 0), then the server's own rule. */
export function parseCapacity(text: string): { capacity: number } | { error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: capacityMessages.capacityInvalid };
  const parsed = capacityRequestSchema.safeParse({ capacity: Number(trimmed) });
  return parsed.success ? { capacity: parsed.data.capacity } : { error: capacityMessages.capacityInvalid };
}
