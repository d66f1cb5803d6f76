/**
 * Where a Google sign-in returns to (web/src/features/account/sign-in-return.ts): the page kept before leaving for
 * Google, taken once; anything kept that is not a page of this site gives the dashboard.
 */
import { describe, expect, it } from 'vitest';
import { isRedirectReturn, rememberSignInReturn, takeSignInReturn } from '../../web/src/features/account/sign-in-return';

function memory(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

describe('returning from Google', () => {
  it('goes back to the page kept before leaving, once', () => {
    const store = memory();
    rememberSignInReturn('/booking?service=carDetailing', store);
    expect(takeSignInReturn(store)).toBe('/booking?service=carDetailing');
    expect(takeSignInReturn(store)).toBe('/customer-dashboard');
  });

  it('goes to the dashboard when nothing was kept, or what was kept is not a page of this site', () => {
    expect(takeSignInReturn(memory())).toBe('/customer-dashboard');
    for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', '/login', '/']) {
      const store = memory();
      rememberSignInReturn(hostile, store);
      expect(takeSignInReturn(store), hostile).toBe('/customer-dashboard');
    }
  });

  it('lands on the dashboard when the browser refuses storage', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => undefined };
    expect(() => rememberSignInReturn('/customer-dashboard', refusing)).not.toThrow();
    expect(takeSignInReturn(refusing)).toBe('/customer-dashboard');
  });

  it("knows Cognito's return address: a state with a code or an error", () => {
    expect(isRedirectReturn('?code=abc&state=xyz')).toBe(true);
    expect(isRedirectReturn('?error=access_denied&state=xyz')).toBe(true);
    expect(isRedirectReturn('?code=abc')).toBe(false);
    expect(isRedirectReturn('?next=%2Fyard')).toBe(false);
    expect(isRedirectReturn('')).toBe(false);
  });
});
