/**
 * How the admin search reads what staff type (shared/booking.ts: searchNeedle, searchNeedles, searchTokensOf), and the
 * links in account e-mails read back by the page they open (shared/account-links.ts).
 */
import { describe, expect, it } from 'vitest';
import { confirmSignUpLink, readAccountLink, resetPasswordLink } from '../../shared/account-links';
import { searchNeedle, searchNeedles, searchTokensOf } from '../../shared/booking';

describe('what staff type in the search', () => {
  it('searches a phone number by its digits, in the national 0 form', () => {
    expect(searchNeedle('+64 21 555 0100')).toBe('0215550100');
    expect(searchNeedle(' (021) 555-0100 ')).toBe('0215550100');
    expect(searchNeedle('555')).toBe('555');
  });

  it('searches anything else, or fewer than 3 digits, as text', () => {
    expect(searchNeedle('12')).toBe('12');
    expect(searchNeedle('+1')).toBe('+1');
    expect(searchNeedle('Zoë Smith')).toBe('zoe smith');
    expect(searchNeedle('ABC 123')).toBe('abc 123');
  });

  it('looks a search up as typed, without spaces, without dashes, and a reference by its code', () => {
    expect(searchNeedles('ABC 123')).toEqual(['abc 123', 'abc123']);
    expect(searchNeedles('abc-123')).toEqual(['abc-123', 'abc123']);
    expect(searchNeedles('rp 7k3m9q')).toEqual(['rp 7k3m9q', 'rp7k3m9q', '7k3m9q']);
    expect(searchNeedles('RP-7K3M9Q')).toEqual(['rp-7k3m9q', 'rp7k3m9q', '7k3m9q']);
    expect(searchNeedles('Kim')).toEqual(['kim']);
  });

  it('does not read a reference code out of a longer word or one with text before it', () => {
    expect(searchNeedles('rp7k3m9qx')).toEqual(['rp7k3m9qx']);
    expect(searchNeedles('xrp7k3m9')).toEqual(['xrp7k3m9']);
  });

  it('looks nothing up when nothing searchable was typed', () => {
    expect(searchNeedles('')).toEqual([]);
    expect(searchNeedles('  !!  ')).toEqual([]);
  });
});

describe('what a booking is found by', () => {
  it('holds the registration without spaces and the reference with and without RP-', () => {
    const tokens = searchTokensOf({ name: 'Kim', email: 'Kim@Example.com', contactNumber: '', carRegistration: 'ABC 123', bookingReference: 'RP-7K3M9Q' });
    expect(tokens).toEqual(expect.arrayContaining(['kim', 'kim@example.com', 'abc123', 'rp-7k3m9q', '7k3m9q']));
    expect(tokens).not.toContain('abc 123');
  });

  it('holds no empty token when the registration and reference are not known', () => {
    const tokens = searchTokensOf({ name: 'Kim', email: 'kim@example.com', contactNumber: '' });
    expect(tokens).toEqual(['kim', 'kim@example.com']);
  });
});

describe('account e-mail links', () => {
  it('put the e-mail (encoded) and the code (as given) on the page that takes them', () => {
    expect(confirmSignUpLink('https://parking.example//', 'kim+1@example.com', '{####}')).toBe('https://parking.example/?email=kim%2B1%40example.com&confirm={####}');
    expect(resetPasswordLink('https://parking.example/', 'kim@example.com', '123456')).toBe('https://parking.example/customer-auth?email=kim%40example.com&reset=123456');
  });

  it('are read back as a confirmation or a reset with a 4 to 8 digit code, trimmed', () => {
    expect(readAccountLink('?email=kim%40example.com&confirm=123456')).toEqual({ kind: 'confirm', email: 'kim@example.com', code: '123456' });
    expect(readAccountLink('?email=%20kim%40example.com%20&reset=%201234%20')).toEqual({ kind: 'reset', email: 'kim@example.com', code: '1234' });
    expect(readAccountLink('?email=kim%40example.com&reset=12345678')).toEqual({ kind: 'reset', email: 'kim@example.com', code: '12345678' });
  });

  it('are not a link without the e-mail, or with a code that is not 4 to 8 digits', () => {
    expect(readAccountLink('?confirm=123456')).toBeNull();
    expect(readAccountLink('?email=%20&confirm=123456')).toBeNull();
    for (const code of ['123', '123456789', 'abc123', '12 34', 'x123456', '123456x']) {
      expect(readAccountLink(`?email=kim%40example.com&confirm=${encodeURIComponent(code)}`), code).toBeNull();
      expect(readAccountLink(`?email=kim%40example.com&reset=${encodeURIComponent(code)}`), code).toBeNull();
    }
    expect(readAccountLink('?email=kim%40example.com')).toBeNull();
    expect(readAccountLink('?email=kim%40example.com&code=123456')).toBeNull();
  });
});
