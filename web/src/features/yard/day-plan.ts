/**
 * The yard's day in the order the yard works it: what happens in the next two hours first (arrivals
 * still to check in, departures still to check out, including any already late today), then the rest of today.
 */
import type { DaySheet, DaySheetRow } from '@shared/admin';

export interface PlanRow extends DaySheetRow {
  kind: 'arrival' | 'departure';
}

export interface DayPlan {
  soon: PlanRow[];
  later: PlanRow[];
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const open = (r: PlanRow) => (r.kind === 'arrival' ? r.status === 'reservation' : r.status === 'checkin');

/** `nowTime` is the NZ wall clock (HH:MM). */
export function dayPlan(sheet: DaySheet, nowTime: string): DayPlan {
  const rows: PlanRow[] = [...sheet.arrivals.map((r) => ({ ...r, kind: 'arrival' as const })), ...sheet.departures.map((r) => ({ ...r, kind: 'departure' as const }))].sort((a, b) => a.time.localeCompare(b.time));
  const until = minutes(nowTime) + 120;
  const soon = rows.filter((r) => open(r) && minutes(r.time) <= until);
  return { soon, later: rows.filter((r) => !soon.includes(r)) };
}
