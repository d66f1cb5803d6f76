/**
 * The yard's parking bays: numbered 1 to the yard's capacity (docs/yard.md; the check-in suggests the first free one).
 * One rule for every form that takes a bay (the yard's check-in, walk-ins, the admin's edit and New Booking), with one
 * message. The forms' schemas take the bay as text; the server, which knows the capacity, applies the rule.
 */
import * as z from 'zod';

export const bayMessages = {
  /** Whatever is wrong with the bay (not a number, 0, past the last bay): the same words everywhere. */
  outOfRange: (capacity: number) => `Enter a parking bay from 1 to ${capacity}`,
  /** Only when the text is far too long to be a bay: the schema, before the capacity is known. */
  notABay: 'Enter the parking bay as a number',
} as const;

/** The bay as stored (a whole number, '007' is '7'), or null when the text is not one. */
export function normaliseBay(text: string): string | null {
  const t = text.trim();
  return /^\d{1,6}$/.test(t) ? String(Number(t)) : null;
}

/** The rule: a whole number from 1 to `capacity`. Its message when broken, else null. */
export function bayProblem(text: string, capacity: number): string | null {
  const bay = normaliseBay(text);
  return bay !== null && Number(bay) >= 1 && Number(bay) <= capacity ? null : bayMessages.outOfRange(capacity);
}

/** A bay as a request carries it: text, trimmed (the rule above is the server's check against the capacity). */
export const bayText = z.string(bayMessages.notABay).trim().max(12, bayMessages.notABay);
