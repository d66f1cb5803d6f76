/**
 * What the product says about a traveller's return flight, in both the API's answers and the pages: one text each,
 * so the pass, the booking pages and the e-mails cannot word it differently.
 */
import { formatDayMonth } from './format';

/** The provider does not know this flight on this NZ date (a typo, or the wrong day). */
export const unknownFlightText = (flight: string, date: string): string => `We can't find ${flight} arriving on ${formatDayMonth(date)}: please check it`;
