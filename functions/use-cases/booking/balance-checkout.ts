/**
 * Paying the balance online: a Stripe Checkout session for exactly the balance due as the server
 * reads it now, for a booking that is still on (reserved, in the yard, or checked out with money due). The session's
 * item (`CHECKOUT#<session>`, purpose `balance`, the amount asked) is how the webhook and the return page know it pays
 * a balance and not a new booking (balance-payment.ts records it).
 *
 * One open session per booking at any time. The booking's balance checkout (store/balance-checkouts.ts) is claimed
 * by a conditional write before Stripe is asked, so of any number of requests at once one makes the session and the
 * others wait for it and answer the same session (or, if it does not come in time, a 409 the page shows). An open
 * session for the balance due now, with a while left to pay, is handed out again; one that no longer fits is expired
 * at Stripe first, then replaced. A change of what is due ends the session (balance-session.ts), and a payment that
 * still comes for a session that is not the booking's is kept only up to what is due (balance-payment.ts).
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { BALANCE_CANCELED_PARAM, BALANCE_SESSION_PARAM, balanceCheckoutMessages, type BalanceCheckoutResponse } from '../../../shared/balance-checkout';
import { maskToken } from '../../../shared/mask';
import { centsToDollars, formatMoney } from '../../../shared/money';
import { CONFIRMED_STATUSES, type BalanceCheckoutClaim, type Booking } from '../../../shared/records';
import { site } from '../../../shared/site';
import { conflict, providerFailed, providerUnavailable } from '../../domain/errors';
import { logAbout, logger } from '../../lib/logger';
import { passUrl } from '../../lib/pass-token';
import { siteUrl } from '../../lib/site-url';
import { stripeClient } from '../../lib/stripe';
import { claimBalanceCheckout, openBalanceCheckout, releaseBalanceCheckout } from '../../store/balance-checkouts';
import { changeTime } from '../../store/booking-changes';
import { getBooking } from '../../store/bookings';
import { getCheckoutSession } from '../../store/checkout-sessions';
import { recordBalancePayment } from './balance-payment';
import { expireBalanceSession } from './balance-session';
import { sessionExpiry } from './checkout-session-params';
import * as clock from '../../lib/clock';

/** Where the hosted checkout returns: the customer dashboard, or the booking's pass page (its signed token). */
export type BalanceReturn = { kind: 'dashboard' } | { kind: 'pass'; token: string };

/** Stripe's smallest charge in NZD; a smaller balance is paid at pick-up. */
const MIN_CHARGE_CENTS = 50;
/** An open session is handed out again only with this long left to pay it. */
const REUSE_MARGIN_SECONDS = 10 * 60;
/**
 * A claim still `opening` after this long belongs to a request that died (the route's timeout is 20 seconds): the
 * next request may take it over.
 */
export const CLAIM_LEASE_MS = 30_000;
/** How long a request waits for another's session, polling the booking, before it answers 409. */
const WAIT_POLLS = 30;
const POLL_MS = 200;

function returnUrls(to: BalanceReturn): { success_url: string; cancel_url: string } {
  const page = to.kind === 'pass' ? passUrl(siteUrl(), to.token) : `${siteUrl()}/customer-dashboard`;
  return { success_url: `${page}?${BALANCE_SESSION_PARAM}={CHECKOUT_SESSION_ID}`, cancel_url: `${page}?${BALANCE_CANCELED_PARAM}=canceled` };
}

export function balanceSessionParams(b: Booking, dueCents: number, to: BalanceReturn, now: Date, claimId?: string): Stripe.Checkout.SessionCreateParams {
  const reference = b.bookingReference ?? b.id;
  return {
    mode: 'payment',
    currency: 'nzd',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'nzd',
          unit_amount: dueCents,
          product_data: { name: `${site.brand} balance for ${reference}`, description: `Total ${formatMoney(b.totalCents)}, paid ${formatMoney(b.payment?.amountPaidCents ?? 0)}: the balance due at pick-up.` },
        },
      },
    ],
    customer_email: b.customer.email,
    client_reference_id: b.id,
    // `purpose` and `bookingId` let the webhook find the booking even if the session's item was never written.
    metadata: { bookingId: b.id, purpose: 'balance', amountCents: String(dueCents), ...(claimId ? { claimId } : {}) },
    expires_at: sessionExpiry(now),
    ...returnUrls(to),
  };
}

/** The balance a booking may pay online now, or the 409 that says why not. */
function payableBalance(b: Booking): number {
  if (!CONFIRMED_STATUSES.includes(b.status) || !b.payment) throw conflict(balanceCheckoutMessages.notPayable);
  const dueCents = b.payment.balanceDueCents;
  if (dueCents <= 0) throw conflict(balanceCheckoutMessages.nothingDue);
  if (dueCents < MIN_CHARGE_CENTS) throw conflict(balanceCheckoutMessages.tooSmall);
  return dueCents;
}

const answer = (c: BalanceCheckoutClaim): BalanceCheckoutResponse => ({ url: c.url!, session_id: c.sessionId!, amount: centsToDollars(c.amountCents) });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The session was paid while it was still open here (its webhook is on its way): recorded now, and the caller told. */
async function paidMeanwhile(sessionId: string): Promise<never> {
  const record = await getCheckoutSession(sessionId);
  if (record) await recordBalancePayment(await (await stripeClient()).checkout.sessions.retrieve(sessionId), record);
  throw conflict(balanceCheckoutMessages.justPaid);
}

/**
 * The booking's open session, handed out again when Stripe still holds it open for the balance due now with a while
 * left; otherwise it is expired at Stripe (if still open) before anything replaces it, and null is answered.
 */
async function reuseOrExpire(open: BalanceCheckoutClaim & { sessionId: string }, dueCents: number, now: Date): Promise<BalanceCheckoutResponse | null> {
  let status: Stripe.Checkout.Session.Status | null;
  try {
    status = (await (await stripeClient()).checkout.sessions.retrieve(open.sessionId)).status;
  } catch (error) {
    logger.error('Could not read the open balance session from Stripe', { sessionId: maskToken(open.sessionId), error: String(error) });
    throw providerUnavailable(balanceCheckoutMessages.failed);
  }
  if (status === 'complete') return paidMeanwhile(open.sessionId);
  if (status !== 'open') return null;
  if (open.amountCents === dueCents && (open.expiresAt ?? 0) - REUSE_MARGIN_SECONDS > now.getTime() / 1000) return answer(open);
  const expired = await expireBalanceSession(open.sessionId);
  if (expired === 'paid') return paidMeanwhile(open.sessionId);
  // Still open at Stripe: a second session beside it could be paid too. Better no new session than two.
  if (expired === 'failed') throw providerUnavailable(balanceCheckoutMessages.failed);
  return null;
}

export async function startBalanceCheckout(first: Booking, to: BalanceReturn, now = clock.now()): Promise<BalanceCheckoutResponse> {
  logAbout({ bookingId: first.id });
  let b = first;
  for (let round = 0; round <= WAIT_POLLS; round++) {
    if (round > 0) {
      const again = await getBooking(first.id, true);
      if (!again) throw conflict(balanceCheckoutMessages.notPayable);
      b = again;
    }
    const dueCents = payableBalance(b);
    const current = b.balanceCheckout;
    if (current?.state === 'opening' && clock.nowMs() - Date.parse(current.claimedAt) < CLAIM_LEASE_MS) {
      // Another request (a second tab, a double click) is making the booking's session: answer that one when it is there.
      await pause(POLL_MS);
      continue;
    }
    if (current?.state === 'open' && current.sessionId) {
      const reused = await reuseOrExpire({ ...current, sessionId: current.sessionId }, dueCents, now);
      if (reused) return reused;
    }
    const claim: BalanceCheckoutClaim = { claimId: randomUUID(), state: 'opening', claimedAt: clock.now().toISOString(), amountCents: dueCents };
    const at = changeTime(b);
    const claimed = await claimBalanceCheckout({ bookingId: b.id, seenVersion: b.updatedAt, seenClaimId: current?.claimId ?? null, statuses: CONFIRMED_STATUSES, claim, at });
    // Lost to another request, or the booking changed since it was read: read it again.
    if (!claimed) continue;
    return openClaimed(b, claim, at, to, now);
  }
  throw conflict(balanceCheckoutMessages.busy);
}

/** Makes the Stripe session for a claim this request holds, and records it on the claim. */
async function openClaimed(b: Booking, claim: BalanceCheckoutClaim, claimedAt: string, to: BalanceReturn, now: Date): Promise<BalanceCheckoutResponse> {
  const release = () =>
    releaseBalanceCheckout(b.id, claim.claimId, changeTime({ updatedAt: claimedAt })).catch((e: unknown) => {
      // Left as it is, the claim lapses after CLAIM_LEASE_MS and the next request takes it over.
      logger.warn('Could not give back a balance checkout claim', { bookingId: b.id, error: String(e) });
      return false;
    });
  const stripe = await stripeClient();
  let session: Stripe.Checkout.Session;
  try {
    // The claim's id is the key: the SDK's retries of this one call reuse it, and no other request holds the claim.
    session = await stripe.checkout.sessions.create(balanceSessionParams(b, claim.amountCents, to, now, claim.claimId), { idempotencyKey: `balance-session-${b.id}-${claim.claimId}` });
  } catch (error) {
    await release();
    logger.error('Stripe refused to create a balance checkout session', { bookingId: b.id, error: String(error) });
    throw providerFailed(balanceCheckoutMessages.failed);
  }
  if (!session.url) {
    await expireBalanceSession(session.id);
    await release();
    logger.error('Stripe returned a balance checkout session without a URL', { bookingId: b.id, sessionId: maskToken(session.id) });
    throw providerFailed(balanceCheckoutMessages.failed);
  }
  const open = { ...claim, state: 'open' as const, sessionId: session.id, url: session.url, expiresAt: session.expires_at };
  let opened: boolean;
  try {
    opened = await openBalanceCheckout(b.id, open, { sessionId: session.id, bookingId: b.id, createdAt: now.toISOString(), expiresAt: session.expires_at, purpose: 'balance', amountCents: claim.amountCents }, changeTime({ updatedAt: claimedAt }));
  } catch (error) {
    // Without its record the session is not the booking's: it must not be paid (if it were, it is refunded as superseded).
    await expireBalanceSession(session.id);
    logger.error('Could not record the balance checkout session', { bookingId: b.id, error: String(error) });
    throw providerUnavailable(balanceCheckoutMessages.failed);
  }
  if (!opened) {
    // What is due changed while the session was made (a staff payment, an edit): withdrawn before anyone saw it.
    await expireBalanceSession(session.id);
    logger.info('Balance checkout withdrawn: the booking changed while it was made', { bookingId: b.id, sessionId: maskToken(session.id) });
    throw conflict(balanceCheckoutMessages.changed);
  }
  logger.info('Balance checkout started', { bookingId: b.id, sessionId: maskToken(session.id), amountCents: claim.amountCents });
  return answer(open);
}
