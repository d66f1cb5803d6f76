/**
 * A flight number as travellers type it: the airline's code (two characters, as on the boarding
 * pass, or the three-letter ICAO code) and 1 to 4 digits, with an optional suffix letter: NZ123, JQ4, 3K21, ANZ1.
 * Spaces are dropped and letters capitalised, so 'nz 123' is stored as NZ123. Optional everywhere: an empty one is
 * "not given". One rule for the booking forms and the API, so the browser and the server refuse the same numbers.
 */
import * as z from 'zod';

export const flightNumberMessage = 'Please enter a flight number like NZ123 (the airline code, then the number)';

/** Two-character IATA codes may mix a letter and a digit (3K, 9W) but are never two digits; ICAO codes are 3 letters. */
const FLIGHT_NUMBER = /^(?:[A-Z]{2,3}|[A-Z][0-9]|[0-9][A-Z])[0-9]{1,4}[A-Z]?$/;

/** The stored form of a typed flight number: capitals, no spaces. */
export const normaliseFlightNumber = (typed: string): string => typed.replace(/\s+/g, '').toUpperCase();

export const isFlightNumber = (typed: string): boolean => FLIGHT_NUMBER.test(normaliseFlightNumber(typed));

/** The shared rule: text, normalised, empty or a flight number. */
const flightText = z
  .string({ error: flightNumberMessage })
  .max(20, flightNumberMessage)
  .overwrite(normaliseFlightNumber)
  .refine((v) => v === '' || FLIGHT_NUMBER.test(v), flightNumberMessage);

/** A flight number that may be left out or empty (a new booking): empty reads as not given (undefined). */
export const optionalFlightNumber = flightText.transform((v) => v || undefined).optional();

/** A flight number an edit may clear: empty or null stores null. */
export const clearableFlightNumber = flightText.transform((v) => v || null).nullable();

/** The form's check before sending: the message to show under the field, or undefined when it is fine. */
export function flightNumberError(typed: string): string | undefined {
  return typed.trim() === '' || isFlightNumber(typed) ? undefined : flightNumberMessage;
}
