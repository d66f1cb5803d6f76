/** Where signing in returns to: a page of this site, never another site, else the dashboard. */
import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN, afterSignIn, landingAfterSignIn, returnState, sameSitePath, signInLinkState } from '../../web/src/features/account/next-path';
import { staffAreas } from '../../shared/roles';

describe('afterSignIn', () => {
  it('returns to a page of this site named by ?next=, query and hash kept', () => {
    expect(afterSignIn('/booking')).toBe('/booking');
    expect(afterSignIn('/customer-dashboard?tab=profile')).toBe('/customer-dashboard?tab=profile');
    expect(afterSignIn('/articles/save-money#tips')).toBe('/articles/save-money#tips');
  });

  it('goes to the dashboard without a page, from the home page, and never back to the sign-in page', () => {
    for (const next of [null, '', '/', '/login', '/auth?next=%2Fadmin', '/customer-auth/', '/LOGIN']) expect(afterSignIn(next), String(next)).toBe('/customer-dashboard');
  });

  it('refuses every way out to another site and goes to the dashboard instead', () => {
    const hostile = [
      'https://evil.example/',
      'http:evil.example',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/faq\u0000',
      '/faq\u007f',
      ' /evil',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.example',
      `/${'a'.repeat(2001)}`,
    ];
    for (const next of hostile) expect(afterSignIn(next), JSON.stringify(next)).toBe('/customer-dashboard');
    // An encoded slash stays a path of this site ('/%2F%2Fevil.example' is one path segment here).
    expect(afterSignIn('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it("uses the header link's page when there is no ?next=, with the same checks", () => {
    const from = (pathname: string, search = '', hash = '') => ({ from: { pathname, search, hash } });
    expect(afterSignIn(null, from('/faq', '', '#cancel'))).toBe('/faq#cancel');
    expect(afterSignIn('/booking', from('/faq'))).toBe('/booking');
    expect(afterSignIn('https://evil.example', from('/faq'))).toBe('/faq');
    expect(afterSignIn(null, from('//evil.example'))).toBe('/customer-dashboard');
    expect(afterSignIn(null, { from: { pathname: 42 } })).toBe('/customer-dashboard');
    expect(afterSignIn(null, 'nonsense')).toBe('/customer-dashboard');
  });
});

describe('sameSitePath', () => {
  it('normalises what the browser would', () => {
    expect(sameSitePath('/a/../booking?x=1')).toBe('/booking?x=1');
    expect(sameSitePath(7)).toBeNull();
  });
});

describe('the header link and the way back', () => {
  it('carries the page and its state, except from the home page and the sign-in page', () => {
    const quote = { quoteData: { dropOffDate: '2030-01-01' } };
    expect(signInLinkState({ pathname: '/booking', search: '', hash: '', state: quote })).toEqual({ from: { pathname: '/booking', search: '', hash: '', state: quote } });
    expect(signInLinkState({ pathname: '/', search: '', hash: '#booking' })).toBeUndefined();
    expect(signInLinkState({ pathname: '/login', search: '', hash: '' })).toBeUndefined();
  });

  it("hands the page its state back only when returning to that page", () => {
    const quote = { quoteData: {} };
    const state = { from: { pathname: '/booking', search: '', hash: '', state: quote } };
    expect(returnState(state, afterSignIn(null, state))).toBe(quote);
    expect(returnState(state, '/customer-dashboard')).toBeUndefined();
    expect(returnState(undefined, '/booking')).toBeUndefined();
  });
});

describe('where staff land', () => {
  it('each person the areas their groups open, the one they work in first', () => {
    expect(staffAreas(['admin']).map((a) => a.to)).toEqual(['/admin', '/yard']);
    expect(staffAreas(['staff']).map((a) => a.to)).toEqual(['/yard', '/admin/walk-in']);
    expect(staffAreas(['admin', 'staff']).map((a) => a.to)).toEqual(['/admin', '/yard']);
    expect(staffAreas([])).toEqual([]);
  });

  it('signing in that asked for nowhere lands staff in their area; a page asked for is kept', () => {
    expect(landingAfterSignIn(AFTER_SIGN_IN, ['staff'])).toBe('/yard');
    expect(landingAfterSignIn(AFTER_SIGN_IN, ['admin'])).toBe('/admin');
    expect(landingAfterSignIn(AFTER_SIGN_IN, [])).toBe(AFTER_SIGN_IN);
    expect(landingAfterSignIn('/booking', ['admin'])).toBe('/booking');
    expect(landingAfterSignIn(afterSignIn(null, { from: { pathname: '/', search: '', hash: '' } }), ['staff'])).toBe('/yard');
  });
});
