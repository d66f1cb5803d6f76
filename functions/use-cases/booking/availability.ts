/** Which dates of a range have no place left: what the date pickers mark, and the quote's early warning. */
import type { Availability } from '../../../shared/availability';
import { readOccupancy } from '../../store/occupancy';
import { yardCapacity } from '../../store/yard-settings';

export async function availability(from: string, to: string): Promise<Availability> {
  const [{ capacity }, days] = await Promise.all([yardCapacity(), readOccupancy(from, to)]);
  return { from, to, fullDates: days.filter((d) => d.taken >= capacity).map((d) => d.date) };
}
