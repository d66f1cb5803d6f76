/**
 * The add-on services a day's sheet lists as jobs for the yard: each booked add-on on the day its
 * price list says (shared/add-ons.ts, `taskDay`), "Car cleaning for RP-ABC234", in time order.
 */
import { ADD_ONS } from '../../../shared/add-ons';
import type { DaySheetRow, DaySheetTask } from '../../../shared/admin';

export function daySheetTasks(arrivals: readonly DaySheetRow[], departures: readonly DaySheetRow[]): DaySheetTask[] {
  const tasks = (rows: readonly DaySheetRow[], day: 'dropoff' | 'pickup'): DaySheetTask[] =>
    rows.flatMap((r) =>
      ADD_ONS.filter((a) => a.taskDay === day && r[a.field] === true).map((a) => ({
        booking_id: r.booking_id,
        booking_reference: r.booking_reference,
        service: a.field,
        text: `${a.task} for ${r.booking_reference}`,
        time: r.time,
        when: day === 'dropoff' ? ('after_drop_off' as const) : ('before_pick_up' as const),
        status: r.status,
      })),
    );
  return [...tasks(arrivals, 'dropoff'), ...tasks(departures, 'pickup')].sort((a, b) => a.time.localeCompare(b.time));
}
