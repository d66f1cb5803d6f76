/** Which dates of a range have no place left: what the date pickers mark, and the quote's early warning. */
import type { Availability } from '../../../shared/availability';
import { readOccupancy, type DayOccupancy } from '../../store/occupancy';
import { yardCapacity } from '../../store/yard-settings';

/** The places taken on each date of a range and the capacity in force (pattern 5a): one read for the full dates and the price rules. */
export async function yardDays(from: string, to: string): Promise<{ capacity: number; days: DayOccupancy[] }> {
  const [{ capacity }, days] = await Promise.all([yardCapacity(), readOccupancy(from, to)]);
  return { capacity, days };
}

export const fullDatesOf = ({ capacity, days }: { capacity: number; days: DayOccupancy[] }): string[] => days.filter((d) => d.taken >= capacity).map((d) => d.date);

export async function availability(from: string, to: string): Promise<Availability> {
  return { from, to, fullDates: fullDatesOf(await yardDays(from, to)) };
}
