/**
 * The shared date field's text rules: the user types digits, slashes are inserted, DD/MM/YYYY.
 * Only a complete, real date is a value; a 6 or 7 digit partial date is completed for the calendar preview.
 */
import { isCalendarDate } from './nz-time';

export const DATE_INPUT_MAX_LENGTH = 10;
export const DATE_INPUT_PLACEHOLDER = 'DD/MM/YYYY';

/**
 * Formats typed text as DD/MM/YYYY, keeping only digits and inserting the slashes. A slash the user types
 * ends the part it follows: '1/5/2027' becomes 01/05/2027, and '1/' shows as 01/ ready for the month.
 */
export function formatDateInput(text: string): string {
  const parts = text.split('/');
  const endsWithSlash = parts.length > 1 && parts[parts.length - 1] === '';
  // Every part closed by a typed slash is padded to two digits (a part of three or more is left as typed).
  const digits = parts
    .map((part, i) => {
      const d = part.replace(/\D/g, '');
      return i < parts.length - 1 && d.length === 1 ? `0${d}` : d;
    })
    .join('')
    .slice(0, 8);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return endsWithSlash ? `${digits}/` : digits;
  if (digits.length < 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 4) return `${digits.slice(0, 2)}/${digits.slice(2)}${endsWithSlash ? '/' : ''}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** What a person is told when the field cannot take what they typed. */
export const DATE_INPUT_MESSAGES = {
  format: 'Enter a date as DD/MM/YYYY',
  past: 'That date is in the past',
  pickUpBeforeDropOff: 'Pick-up must be after drop-off',
} as const;

/** True once eight digits are typed: the text is as long as it gets and is judged as a date. */
export const isCompleteDateInput = (text: string): boolean => text.replace(/\D/g, '').length === 8;

/** The ISO date (YYYY-MM-DD) of a complete, valid DD/MM/YYYY text; null for anything else. */
export function parseDateInput(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isCalendarDate(iso) ? iso : null;
}

/** DD/MM/YYYY text for an ISO date. */
export function toDateInput(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * A calendar preview for a partial entry of 6 or 7 digits: the year is completed with the current
 * year's trailing digits (22/11/20 -> 22/11/2026 in 2026). Null when there is nothing sensible to show.
 */
export function previewDateInput(text: string, currentYear: number): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 8) return parseDateInput(formatDateInput(digits));
  if (digits.length !== 6 && digits.length !== 7) return null;
  const typedYear = digits.slice(4);
  const year = typedYear + String(currentYear).slice(typedYear.length);
  return parseDateInput(`${digits.slice(0, 2)}/${digits.slice(2, 4)}/${year}`);
}
