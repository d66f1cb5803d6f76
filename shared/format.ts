/**
 * Display formats for NZ wall-clock dates and times, shared by the web app and the receipt e-mail so a
 * booking reads the same on screen and in the inbox. Stored dates are NZ calendar dates, so they are read
 * as plain dates: no time zone, no locale data (identical in browsers and in Lambda's Node).
 */
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sun 22 Nov 2026" for an ISO date. */
export function formatLongDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${DAY_NAMES[weekday]} ${d} ${MONTHS[m - 1]} ${y}`;
}

/** "9:00 AM" for "09:00". */
export function formatTime12(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

export const pluralDays = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** "24/12/26" (dd/MM/yy) for an ISO date: the customer dashboard's short form. */
export function formatShortDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y!.slice(2)}`;
}

/** "24 Dec" for an ISO date: a day the sentence around it already places in its year. */
export function formatDayMonth(iso: string): string {
  const [, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}`;
}
