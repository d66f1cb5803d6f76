/** An instant as New Zealand reads it, e.g. 'Thu 3 Dec 2026, 4:05 PM'. */
import { NZ_TZ } from '@shared/nz-time';

const formatter = new Intl.DateTimeFormat('en-NZ', { timeZone: NZ_TZ, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export const formatNzDateTime = (iso: string): string => formatter.format(new Date(iso));
