/** Money is integer cents (NZD) everywhere inside; dollars appear only at the edges. */
export type Cents = number;

export const dollarsToCents = (dollars: number): Cents => Math.round(dollars * 100);

/** Dollars as a number with two decimals, for API responses. */
export const centsToDollars = (cents: Cents): number => Math.round(cents) / 100;

/** "$1,234.50" */
export const formatMoney = (cents: Cents): string =>
  `$${(Math.round(cents) / 100).toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** GST contained in a GST-inclusive amount: total x 3/23, rounded to the cent. */
export const gstIncluded = (totalCents: Cents): Cents => Math.round((totalCents * 3) / 23);
