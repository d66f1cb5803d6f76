/**
 * Paying the balance online (issue 26 item 6): a traveller with money due (a deposit booking, a late fee, an extension)
 * pays it by card through a Stripe Checkout session for exactly the balance the server computed when it made the
 * session. Shared by the routes, the dashboard and the pass page, so they show the same words.
 */
import * as z from 'zod';

export const balanceCheckoutMessages = {
  nothingDue: 'Nothing is due on this booking',
  notPayable: 'This booking cannot take a payment online',
  tooSmall: 'The balance is less than $0.50: please pay it when you collect your car',
  failed: 'Failed to create checkout session',
  paid: (reference: string) => `Payment received for ${reference}. Thank you.`,
  canceled: 'The balance was not paid.',
  checkFailed: 'We could not check your payment yet. Reload the page in a minute.',
} as const;

/** POST /api/me/bookings/{id}/balance-checkout and /api/pass/{token}/balance-checkout: where the traveller pays. */
export const balanceCheckoutResponseSchema = z.object({
  url: z.string(),
  session_id: z.string(),
  /** What the session charges (dollars): the balance due when it was made. */
  amount: z.number(),
});
export type BalanceCheckoutResponse = z.infer<typeof balanceCheckoutResponseSchema>;

/** The query parameter the hosted checkout returns to the dashboard (or the pass page) with, to check the payment. */
export const BALANCE_SESSION_PARAM = 'balance_session';
/** The query parameter a balance checkout left unpaid returns with. */
export const BALANCE_CANCELED_PARAM = 'balance';
