/**
 * What the product says about a traveller's return flight, in both the API's answers and the pages: one text each,
 * so the pass, the booking pages and the e-mails cannot word it differently.
 */
import { formatDayMonth, formatTime12 } from './format';
import { nzNow } from './nz-time';

/** The provider does not know this flight on this NZ date (a typo, or the wrong day). */
export const unknownFlightText = (flight: string, date: string): string => `We can't find ${flight} arriving on ${formatDayMonth(date)}: please check it`;

/** What a traveller is told of a tracked return flight: the tracker's stored state, read for people. */
export interface TrackedFlightState {
  flight: string;
  scheduledOn: string | null;
  estimatedOn: string | null;
  actualOn: string | null;
  cancelled: boolean;
  diverted: boolean;
  /** The traveller's shuttle stop, from the flight's terminal; null when the provider did not say. */
  stop: 'domestic' | 'international' | null;
  /** When the traveller is expected at the kerb: the landing (or its estimate) plus the stop's walk-out time. */
  kerbAt: string | null;
}

const nzClock = (iso: string) => formatTime12(nzNow(new Date(iso)).time);

/** "40 min", "2 h 10 min", "1 h": a stretch of time in whole minutes. */
export function formatMinutes(minutes: number): string {
  const m = Math.round(Math.abs(minutes));
  if (m < 60) return `${m} min`;
  return m % 60 === 0 ? `${Math.floor(m / 60)} h` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** ", 40 min late", ", on time", ", 10 min early": against the schedule, to the minute (within 5 is on time). */
function lateness(at: string, scheduled: string | null): string {
  if (!scheduled) return '';
  const minutes = Math.round((Date.parse(at) - Date.parse(scheduled)) / 60_000);
  if (Math.abs(minutes) < 5) return ', on time';
  return `, ${formatMinutes(minutes)} ${minutes > 0 ? 'late' : 'early'}`;
}

/** Said when the flight is cancelled or diverted: the car is safe, and how to move the pick-up without a fee. */
export const flightCancelledText = (flight: string): string =>
  `${flight} has been cancelled. Your car is safe with us: when you know your new flight, change your pick-up on this pass or call us, and there is no late fee for the airline's change`;
export const flightDivertedText = (flight: string): string =>
  `${flight} has been diverted and will not land at Auckland as planned. Your car is safe with us: when you know when you will arrive, change your pick-up on this pass or call us, and there is no late fee for the airline's change`;

/**
 * "NZ102 lands 2:35 PM, 40 min late; the shuttle meets you at the domestic stop at about 2:55 PM" (NZ times, the
 * site's 12-hour form), "NZ102 landed 2:35 PM, ..." once it has; cancelled and diverted said plainly. Null when
 * nothing useful is known yet (no time from the provider).
 */
export function flightStatusText(f: TrackedFlightState): string | null {
  if (f.cancelled) return flightCancelledText(f.flight);
  if (f.diverted) return flightDivertedText(f.flight);
  const at = f.actualOn ?? f.estimatedOn ?? f.scheduledOn;
  if (!at) return null;
  const landing = `${f.flight} ${f.actualOn ? 'landed' : 'lands'} ${nzClock(at)}${lateness(at, f.scheduledOn)}`;
  if (!f.kerbAt) return landing;
  const stop = f.stop ? `the ${f.stop} stop` : 'your terminal\'s shuttle stop';
  return `${landing}; the shuttle meets you at ${stop} at about ${nzClock(f.kerbAt)}`;
}

/** The shuttle stop for the terminal the provider names (Auckland's "D" and "I", or the words); null for anything else. */
export function stopOfTerminal(terminal: string | null | undefined): 'domestic' | 'international' | null {
  const t = (terminal ?? '').trim().toLowerCase();
  if (t === 'd' || t.startsWith('dom')) return 'domestic';
  if (t === 'i' || t.startsWith('int')) return 'international';
  return null;
}
