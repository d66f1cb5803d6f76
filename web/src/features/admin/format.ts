/**
 * How the admin list writes dates: en-NZ day/month/year. Stored booking dates are NZ calendar dates and are only
 * reordered; timestamps (created, history) are shown in New Zealand time wherever the browser is. Amounts are written
 * by shared/money.ts (formatDollars for the API's dollars), as everywhere else.
 */
import { NZ_TZ } from '@shared/nz-time';

/** "24/12/2026" for "2026-12-24". */
export function nzDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

const dayFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: NZ_TZ, day: '2-digit', month: '2-digit', year: 'numeric' });
const stampFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: NZ_TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' });

const valid = (stamp: string) => !Number.isNaN(new Date(stamp).getTime());

/** The NZ calendar date of a timestamp, e.g. "05/03/2026". */
export const nzDayOf = (stamp: string) => (valid(stamp) ? dayFormat.format(new Date(stamp)) : stamp);

/** The NZ date and time of a timestamp, e.g. "05/03/2026, 2:07 pm". */
export const nzStamp = (stamp: string) => (valid(stamp) ? stampFormat.format(new Date(stamp)) : stamp);
