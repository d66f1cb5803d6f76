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
 * number of cents a JavaScript number holds (no binary fraction is ever rounded to two places).
 */
function parts(cents: Cents): [sign: '' | '-', dollars: number, cents: string] {
  const whole = Math.round(cents);
  const size = Math.abs(whole);
  return [whole < 0 ? '-' : '', Math.floor(size / 100), String(size % 100).padStart(2, '0')];
}

/**
 * For people: "$1,234.50", "-$12.50", "$0.00". Takes cents. The whole dollars are grouped by en-NZ's own rule
 * (thousands, a comma), which every browser and Node's built-in ICU carry.
 */
export function formatMoney(cents: Cents): string {
  const [sign, dollars, rest] = parts(cents);
  return `${sign}$${dollars.toLocaleString('en-NZ')}.${rest}`;
}

/** For people, from the dollars the API's responses carry (`total_cost`, `balance_due`, ...): "$1,234.50". */
export const formatDollars = (dollars: number): string => formatMoney(dollarsToCents(dollars));

/** For people, in running text where a price is a whole number of dollars: "$20", "$1,250"; "$12.50" keeps its cents. */
export const formatMoneyShort = (cents: Cents): string => formatMoney(cents).replace(/\.00$/, '');

/**
 * For machines: "1234.50", no currency symbol and no thousands separator. A CSV cell written "$1,234.50" is text
 * to a spreadsheet (and its comma splits the cell unless quoted), so the export's money columns carry this plain
 * number, which every spreadsheet reads as a number it can sum; an amount field in a form starts from it too, as the
 * value a person would type.
 */
export function formatMoneyPlain(cents: Cents): string {
  const [sign, dollars, rest] = parts(cents);
  return `${sign}${dollars}.${rest}`;
}

/** GST contained in a GST-inclusive amount: total x 3/23, rounded to the cent. */
export const gstIncluded = (totalCents: Cents): Cents => Math.round((totalCents * 3) / 23);
