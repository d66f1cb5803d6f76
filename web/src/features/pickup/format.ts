/** How the queue shows times and passengers: NZ wall clock, whatever the phone's own time zone. */
import { formatTime12 } from '@shared/format';
import { nzNow } from '@shared/nz-time';

export const nzClock = (iso: string): string => formatTime12(nzNow(new Date(iso)).time);
export const passengersText = (n: number): string => `${n} ${n === 1 ? 'passenger' : 'passengers'}`;
