/**
 * The query parameters a balance checkout returns to the dashboard or the pass page with: a module without zod, so the
 * pass's first load can read them (shared/balance-checkout.ts re-exports them).
 */

/** The query parameter the hosted checkout returns to the dashboard (or the pass page) with, to check the payment. */
export const BALANCE_SESSION_PARAM = 'balance_session';
/** The query parameter a balance checkout left unpaid returns with. */
export const BALANCE_CANCELED_PARAM = 'balance';
