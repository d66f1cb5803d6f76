/**
 * The checkout sessions this tab has paid (sessionStorage, like the pending booking), newest first. The success page
 * records each one; the payment page sends them with a new checkout, the proof that lets the server say "you already
 * have RP-... for these dates" to a traveller who is not signed in (docs/security.md, "Paying twice"). Kept for the
 * tab only: a session id reads its booking, so it is not left behind on a shared computer.
 */
import { MAX_PAID_SESSIONS } from '@shared/duplicate-stay';

export const PAID_CHECKOUTS_KEY = 'paidCheckouts';

export function readPaidCheckouts(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(PAID_CHECKOUTS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX_PAID_SESSIONS) : [];
  } catch {
    return [];
  }
}

export function recordPaidCheckout(sessionId: string): void {
  try {
    const kept = [sessionId, ...readPaidCheckouts().filter((id) => id !== sessionId)].slice(0, MAX_PAID_SESSIONS);
    window.sessionStorage.setItem(PAID_CHECKOUTS_KEY, JSON.stringify(kept));
  } catch {
    // Without storage the server simply cannot be shown the proof; the checkout still works.
  }
}
