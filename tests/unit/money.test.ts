/**
 * The one money formatter (shared/money.ts): every amount a person reads is "$1,234.50" (a minus before the dollar
 * sign when negative), and the plain form the CSV export and the amount inputs carry is "1234.50". Each text is read
 * back here by a parser of its own, so a formatter that drops, rounds or misgroups a digit fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars, formatMoney, formatMoneyPlain, formatMoneyShort } from '../../shared/money';

/** "-$1,234.50" back to -123450 cents; null for anything not written as people read money (ungrouped, stray zeros). */
function parseForPeople(text: string, cents: 'always' | 'short'): bigint | null {
  const m = /^(-?)\$(0|[1-9]\d{0,2}(?:,\d{3})*)(?:\.(\d{2}))?$/.exec(text);
  if (!m || (cents === 'always' && m[3] === undefined) || (cents === 'short' && m[3] === '00')) return null;
  const size = BigInt(m[2]!.replaceAll(',', '')) * 100n + BigInt(m[3] ?? '0');
  if (m[1] === '-' && size === 0n) return null;
  return m[1] === '-' ? -size : size;
}

/** "-1234.50" back to -123450 cents; null for a separator, a symbol or anything but two decimals. */
function parsePlain(text: string): bigint | null {
  const m = /^(-?)(0|[1-9]\d*)\.(\d{2})$/.exec(text);
  if (!m) return null;
  const size = BigInt(m[2]!) * 100n + BigInt(m[3]!);
  if (m[1] === '-' && size === 0n) return null;
  return m[1] === '-' ? -size : size;
}

const anyCents = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('formatMoney (cents, for people)', () => {
  it('reads back as the cents it was given, for every whole number of cents', () => {
    fc.assert(fc.property(anyCents, (cents) => parseForPeople(formatMoney(cents), 'always') === BigInt(cents)), { numRuns: 2000 });
  });

  it('writes the amounts people see', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(2000)).toBe('$20.00');
    expect(formatMoney(99_999)).toBe('$999.99');
    expect(formatMoney(100_000)).toBe('$1,000.00');
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(100_000_000)).toBe('$1,000,000.00');
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('puts the minus before the dollar sign, and never writes a negative zero', () => {
    expect(formatMoney(-1250)).toBe('-$12.50');
    expect(formatMoney(-123_450)).toBe('-$1,234.50');
    expect(formatMoney(-0)).toBe('$0.00');
    expect(formatMoney(-0.4)).toBe('$0.00');
  });

  it('rounds a fraction of a cent to the nearest cent, as centsToDollars does', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (cents) => parseForPeople(formatMoney(cents), 'always') === BigInt(Math.round(cents) || 0)),
    );
    expect(formatMoney(123_449.5)).toBe('$1,234.50');
    expect(formatMoney(centsToDollars(123_450) * 100)).toBe('$1,234.50');
  });
});

describe('formatDollars (the API dollars, for people)', () => {
  it('writes the same text as formatMoney of the same amount in cents', () => {
    fc.assert(fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => formatDollars(centsToDollars(cents)) === formatMoney(cents)));
  });

  it('takes the dollars a response carries, floating-point sums included', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(110)).toBe('$110.00');
    expect(formatDollars(-90)).toBe('-$90.00');
    expect(formatDollars(0)).toBe('$0.00');
    expect(dollarsToCents(1234.5)).toBe(123_450);
  });
});

describe('formatMoneyShort (a price in running text)', () => {
  it('drops ".00" from a whole-dollar amount only, and reads back as the cents', () => {
    fc.assert(fc.property(anyCents, (cents) => parseForPeople(formatMoneyShort(cents), 'short') === BigInt(cents)), { numRuns: 2000 });
    expect(formatMoneyShort(2000)).toBe('$20');
    expect(formatMoneyShort(183_500)).toBe('$1,835');
    expect(formatMoneyShort(1250)).toBe('$12.50');
    expect(formatMoneyShort(0)).toBe('$0');
    expect(formatMoneyShort(-2000)).toBe('-$20');
  });
});

describe('formatMoneyPlain (CSV cells and amount inputs)', () => {
  it('reads back as the cents, with no symbol and no separator a spreadsheet would take for text', () => {
    fc.assert(fc.property(anyCents, (cents) => parsePlain(formatMoneyPlain(cents)) === BigInt(cents)), { numRuns: 2000 });
    expect(formatMoneyPlain(123_450)).toBe('1234.50');
    expect(formatMoneyPlain(0)).toBe('0.00');
    expect(formatMoneyPlain(-1250)).toBe('-12.50');
    expect(formatMoneyPlain(100_000_000)).toBe('1000000.00');
  });

  it('is the number Number() reads back, as an amount input submits it', () => {
    fc.assert(fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => Number(formatMoneyPlain(cents)) === centsToDollars(cents)));
  });
});
