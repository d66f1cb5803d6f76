/**
 * Paying the balance online (issue 26 item 6): a Stripe Checkout session for exactly the balance due as the server
 * reads it now, for a booking that is still on (reserved, in the yard, or checked out with money due). The session's
 * item (`CHECKOUT#<session>`, purpose `balance`, the amount asked) is how the webhook and the return page know it pays
 * a balance and not a new booking (balance-payment.ts records it). While a session made for the same version of
 * the booking and the same amount is open for a while yet, a second click gets that session again rather than a
 * second one that could also be paid.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { BALANCE_CANCELED_PARAM, BALANCE_SESSION_PARAM, balanceCheckoutMessages, type BalanceCheckoutResponse } from '../../../shared/balance-checkout';
import { maskToken } from '../../../shared/mask';
import { centsToDollars, formatMoney } from '../../../shared/money';
import { CONFIRMED_STATUSES, type Booking } from '../../../shared/records';
import { site } from '../../../shared/site';
import { conflict, providerFailed, providerUnavailable } from '../../domain/errors';
import { logAbout, logger } from '../../lib/logger';
import { passUrl } from '../../lib/pass-token';
import { siteUrl } from '../../lib/site-url';
import { stripeClient } from '../../lib/stripe';
import { checkoutSessionItem } from '../../store/checkout-sessions';
import { keys } from '../../store/keys';
import { getItem, transact, type Item } from '../../store/table';
import { sessionExpiry } from './checkout-session-params';
import * as clock from '../../lib/clock';

/** Where the hosted checkout returns: the customer dashboard, or the booking's pass page (its signed token). */
export type BalanceReturn = { kind: 'dashboard' } | { kind: 'pass'; token: string };

/** Stripe's smallest charge in NZD; a smaller balance is paid at pick-up. */
const MIN_CHARGE_CENTS = 50;
/** An open session is handed out again only with this long left to pay it. */
const REUSE_MARGIN_SECONDS = 10 * 60;

interface BalanceCheckoutItem extends Item {
  sessionId: string;
  url: string;
  amountCents: number;
  version: string;
  expiresAt: number;
}

function returnUrls(to: BalanceReturn): { success_url: string; cancel_url: string } {
  const page = to.kind === 'pass' ? passUrl(siteUrl(), to.token) : `${siteUrl()}/customer-dashboard`;
  return { success_url: `${page}?${BALANCE_SESSION_PARAM}={CHECKOUT_SESSION_ID}`, cancel_url: `${page}?${BALANCE_CANCELED_PARAM}=canceled` };
}

export function balanceSessionParams(b: Booking, dueCents: number, to: BalanceReturn, now: Date): Stripe.Checkout.SessionCreateParams {
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
    metadata: { bookingId: b.id, purpose: 'balance', amountCents: String(dueCents) },
    expires_at: sessionExpiry(now),
    ...returnUrls(to),
  };
}

export async function startBalanceCheckout(b: Booking, to: BalanceReturn, now = clock.now()): Promise<BalanceCheckoutResponse> {
  logAbout({ bookingId: b.id });
  if (!CONFIRMED_STATUSES.includes(b.status) || !b.payment) throw conflict(balanceCheckoutMessages.notPayable);
  const dueCents = b.payment.balanceDueCents;
  if (dueCents <= 0) throw conflict(balanceCheckoutMessages.nothingDue);
  if (dueCents < MIN_CHARGE_CENTS) throw conflict(balanceCheckoutMessages.tooSmall);

  const open = await getItem<BalanceCheckoutItem>(keys.balanceCheckout(b.id), true);
  if (open && open.version === b.updatedAt && open.amountCents === dueCents && open.expiresAt - REUSE_MARGIN_SECONDS > now.getTime() / 1000) {
    return { url: open.url, session_id: open.sessionId, amount: centsToDollars(dueCents) };
  }

  const stripe = await stripeClient();
  let session: Stripe.Checkout.Session;
  try {
    // The SDK's retries of this one call reuse the key; a later click makes a new session (the item above is the reuse).
    session = await stripe.checkout.sessions.create(balanceSessionParams(b, dueCents, to, now), { idempotencyKey: `balance-session-${b.id}-${randomUUID()}` });
  } catch (error) {
    logger.error('Stripe refused to create a balance checkout session', { bookingId: b.id, error: String(error) });
    throw providerFailed(balanceCheckoutMessages.failed);
  }
  if (!session.url) {
    logger.error('Stripe returned a balance checkout session without a URL', { bookingId: b.id, sessionId: maskToken(session.id) });
    throw providerFailed(balanceCheckoutMessages.failed);
  }
  const expiresAt = session.expires_at;
  const createdAt = now.toISOString();
  try {
    await transact([
      { Put: { Item: checkoutSessionItem({ sessionId: session.id, bookingId: b.id, createdAt, expiresAt, purpose: 'balance', amountCents: dueCents }) } },
      { Put: { Item: { ...keys.balanceCheckout(b.id), type: 'balance_checkout', sessionId: session.id, url: session.url, amountCents: dueCents, version: b.updatedAt, expiresAt } } },
    ]);
  } catch (error) {
    // Without its item the webhook could not tell what the session pays: it must not be paid.
    await stripe.checkout.sessions.expire(session.id).catch((e: unknown) => logger.error('Could not expire an orphaned balance session', { sessionId: maskToken(session.id), error: String(e) }));
    logger.error('Could not record the balance checkout session', { bookingId: b.id, error: String(error) });
    throw providerUnavailable(balanceCheckoutMessages.failed);
  }
  logger.info('Balance checkout started', { bookingId: b.id, sessionId: maskToken(session.id), amountCents: dueCents });
  return { url: session.url, session_id: session.id, amount: centsToDollars(dueCents) };
}
