/**
 * Paying the balance online: a traveller with money due (a deposit booking, a late fee, an extension)
 * pays it by card through a Stripe Checkout session for exactly the balance the server computed when it made the
 * session. Shared by the routes, the dashboard and the pass page, so they show the same words.
 */
import * as z from 'zod';
import { CONFIRMED_STATUSES, type Booking } from './records';

export const balanceCheckoutMessages = {
  nothingDue: 'Nothing is due on this booking',
  notPayable: 'This booking cannot take a payment online',
  tooSmall: 'The balance is less than $0.50: please pay it when you collect your car',
  failed: 'Failed to create checkout session',
  paid: (reference: string) => `Payment received for ${reference}. Thank you.`,
  canceled: 'The balance was not paid.',
  checkFailed: 'We could not check your payment yet. Reload the page in a minute.',
  /** Another request (a second tab, a double click) is opening the booking's one balance checkout right now. */
  busy: 'Your payment page is being opened in another window. Please try again in a moment.',
  /** What is due changed while the session was being made: it was withdrawn before anyone could pay it. */
  changed: 'The balance changed while we opened your payment. Please try again.',
  /** The open session was paid meanwhile (its webhook had not arrived yet): it is recorded now. */
  justPaid: 'This balance has just been paid. Reload the page to see it.',
} as const;

/** POST /api/me/bookings/{id}/balance-checkout and /api/pass/{token}/balance-checkout: where the traveller pays. */
export const balanceCheckoutResponseSchema = z.object({
  url: z.string(),
  session_id: z.string(),
  /** What the session charges (dollars): the balance due when it was made. */
  amount: z.number(),
});
export type BalanceCheckoutResponse = z.infer<typeof balanceCheckoutResponseSchema>;

export { BALANCE_CANCELED_PARAM, BALANCE_SESSION_PARAM } from './balance-return';

type MoneyOf = Pick<Booking, 'status' | 'totalCents'> & { payment?: Pick<NonNullable<Booking['payment']>, 'balanceDueCents'> };

/**
 * Whether the booking's open balance checkout still asks the right amount after a change: only while what is due,
 * the total and the booking being on (reserved, in the yard or checked out) all stay as they were. A staff payment,
 * an edit that moves the price, a cancellation, a part refund or a late fee each end it (the change removes it in
 * its own write, and its Stripe session is expired straight after).
 */
export function balanceSessionSurvives(before: MoneyOf, after: MoneyOf): boolean {
  const on = (b: MoneyOf) => CONFIRMED_STATUSES.includes(b.status);
  return on(before) && on(after) && before.totalCents === after.totalCents && (before.payment?.balanceDueCents ?? 0) === (after.payment?.balanceDueCents ?? 0);
}
