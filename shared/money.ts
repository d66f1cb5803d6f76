/**
 * Money is integer cents (NZD) everywhere inside; dollars appear only at the edges.
 *
 * This is the one module that writes an amount as text: for people (`formatMoney`, `formatDollars`,
 * `formatMoneyShort`) and for machines (`formatMoneyPlain`). Lint refuses `.toFixed(2)` anywhere else
 * (eslint.config.js, MONEY_RULES), so every screen, e-mail, PDF and export reads an amount the same way.
 */
export type Cents = number;

export const dollarsToCents = (dollars: number): Cents => Math.round(dollars * 100);

/** Dollars as a number with two decimals, for API responses. */
export const centsToDollars = (cents: Cents): number => Math.round(cents) / 100;

/**
 * An amount split into its sign, whole dollars and two-digit cents, by integer arithmetic: exact for every whole
 * number of cents a JavaScript number holds, and independent of the locale data the runtime carries.
 */
function parts(cents: Cents): { sign: '' | '-'; dollars: string; cents: string } {
  const whole = Math.round(cents);
  const size = Math.abs(whole);
  return { sign: whole < 0 ? '-' : '', dollars: String(Math.floor(size / 100)), cents: String(size % 100).padStart(2, '0') };
}

/** "1234567" -> "1,234,567" (en-NZ groups by thousands with a comma). */
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** For people: "$1,234.50", "-$12.50", "$0.00". Takes cents. */
export function formatMoney(cents: Cents): string {
  const p = parts(cents);
  return `${p.sign}$${grouped(p.dollars)}.${p.cents}`;
}

/** For people, from the dollars the API's responses carry (`total_cost`, `balance_due`, ...): "$1,234.50". */
export const formatDollars = (dollars: number): string => formatMoney(dollarsToCents(dollars));

/** For people, in running text where a price is a whole number of dollars: "$20", "$1,250"; "$12.50" keeps its cents. */
export function formatMoneyShort(cents: Cents): string {
  const p = parts(cents);
  return `${p.sign}$${grouped(p.dollars)}${p.cents === '00' ? '' : `.${p.cents}`}`;
}

/**
 * For machines: "1234.50", no currency symbol and no thousands separator. A CSV cell written "$1,234.50" is text
 * to a spreadsheet (and its comma splits the cell unless quoted), so the export's money columns carry this plain
 * number, which every spreadsheet reads as a number it can sum; an amount field in a form starts from it too, as the
 * value a person would type.
 */
export function formatMoneyPlain(cents: Cents): string {
  const p = parts(cents);
  return `${p.sign}${p.dollars}.${p.cents}`;
}

/** GST contained in a GST-inclusive amount: total x 3/23, rounded to the cent. */
export const gstIncluded = (totalCents: Cents): Cents => Math.round((totalCents * 3) / 23);
