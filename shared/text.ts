/**
 * Text a person types (names, addresses, messages), made safe to store and show, once for the browser and the
 * server alike: Unicode NFC, trimmed, and refused with the field's own message when it holds
 * what nobody types on purpose but can break or disguise what staff, receipts and e-mails show: control
 * characters (line breaks too, outside multi-line fields), right-to-left and other direction overrides, lone
 * surrogate halves, or nothing visible at all (only spaces and zero-width characters). Lengths are judged on the
 * text as it will be stored, after every change (upper-casing 'ß' makes 'SS').
 */
import * as z from 'zod';

/** C0 and C1 controls (NUL, CR, LF, ESC ...), DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** In a multi-line field: the same, except line feeds and tabs (line ends arrive as LF, see `lineEnds`). */
const CONTROL_MULTILINE = /(?![\t\n])\p{Cc}/u;
/** Marks that change the direction text is shown in (Trojan Source): ALM, LRM, RLM, LRE..RLO, LRI..PDI. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Half of a surrogate pair on its own: not a character, and not valid UTF-8 when stored or sent. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** What shows nothing: white space and the default-ignorable characters (zero-width space and joiners, fillers, BOM ...). */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/** True when the text holds a character no field takes. */
export function hasUnsafeCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL).test(text) || BIDI_CONTROL.test(text) || LONE_SURROGATE.test(text);
}

/** True when nothing in the text would show: empty, or only white space and zero-width characters. */
export function looksEmpty(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/** CR LF and lone CR as LF: a textarea's value and a form post differ only in this. */
const lineEnds = (text: string) => text.replace(/\r\n?/g, '\n');

export interface TextRules {
  /** The most characters stored, counted after normalising and any upper-casing. */
  max: number;
  tooLong: string;
  /** The field's message for characters it does not take (and, when optional, for text that shows nothing). */
  invalid: string;
  /** The message for a missing or empty-looking value; without it the field may be empty (''). */
  required?: string;
  /** Line feeds and tabs allowed (a message, an address). */
  multiline?: boolean;
  /** Stored in capitals (registrations, flight numbers). */
  upperCase?: boolean;
  /** The message when the value is not text at all. */
  notText?: string | ((issue: { input?: unknown }) => string);
}

/**
 * A string schema for typed text. Its checks run in order on the text as it will be stored, so a field's own
 * rules (a pattern, a minimum) can be chained after it.
 */
export function typedText(rules: TextRules): z.ZodString {
  let schema = z.string({ error: rules.notText ?? 'Expected text' }).normalize('NFC');
  if (rules.multiline) schema = schema.overwrite(lineEnds);
  schema = schema.trim();
  if (rules.upperCase) schema = schema.toUpperCase();
  const { required, invalid, multiline } = rules;
  // Nothing visible first: a tab between zero-width spaces is a missing value rather than a bad character.
  schema = required
    ? schema.refine((v) => !looksEmpty(v), { message: required, abort: true })
    : schema.refine((v) => v === '' || !looksEmpty(v), { message: invalid, abort: true });
  schema = schema.refine((v) => !hasUnsafeCharacters(v, multiline), { message: invalid, abort: true });
  return schema.max(rules.max, rules.tooLong);
}

/**
 * The version an edit names (the record's `updated_at` as the form read it): never empty, so no edit can skip
 * the stale-edit check by naming "" (a falsy version used to read as "no version given").
 */
export const editVersion = (message: string) => z.string(message).min(1, message);
