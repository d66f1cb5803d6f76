import { addDays, nzToday } from '../../shared/nz-time';

/** An NZ date `days` from today: far enough ahead to pass the 4-hour lead time whatever the clock says. */
export const daysFromToday = (days: number): string => addDays(nzToday(new Date()), days);
