/**
 * Checkout session -> pending booking. Written in the same transaction as the pending booking (see
 * bookings.ts), read by the webhook and the success page to find which booking a Stripe session pays for.
 * Only sessions this app created have an item, so an unknown session id never reaches Stripe.
 */
import { keys } from './keys';
import { batchGet, getItem, type Item } from './table';

export interface CheckoutSession {
  sessionId: string;
  bookingId: string;
  createdAt: string;
  /** Epoch seconds: when Stripe stops accepting payment for the session. */
  expiresAt: number;
  /** `balance`: the session pays a confirmed booking's balance (balance-checkout.ts), not a new booking. */
  purpose?: 'balance';
  /** Balance sessions: what the server asked Stripe to charge (the balance due when the session was made). */
  amountCents?: number;
}

type CheckoutSessionItem = Item & CheckoutSession & { ttl: number };

/** Kept as long as its pending booking (a week past the session's expiry) for late webhooks and reloads. */
export const SESSION_ITEM_GRACE_SECONDS = 7 * 24 * 60 * 60;

export function checkoutSessionItem(s: CheckoutSession): CheckoutSessionItem {
  return { ...keys.checkoutSession(s.sessionId), type: 'checkout_session', ...s, ttl: s.expiresAt + SESSION_ITEM_GRACE_SECONDS };
}

export async function getCheckoutSession(sessionId: string): Promise<CheckoutSession | null> {
  // Strongly consistent: a webhook that arrives moments after checkout must not miss the record and drop the event.
  const item = await getItem<CheckoutSessionItem>(keys.checkoutSession(sessionId), true);
  if (!item) return null;
  const { bookingId, createdAt, expiresAt, purpose, amountCents } = item;
  return { sessionId, bookingId, createdAt, expiresAt, ...(purpose ? { purpose, amountCents } : {}) };
}

/** The booking a payment intent paid for (written when the booking was confirmed), or null. */
export async function bookingIdOfPayment(paymentIntent: string): Promise<string | null> {
  if (!/^pi_[A-Za-z0-9_]{1,240}$/.test(paymentIntent)) return null;
  const item = await getItem<Item & { bookingId: string }>(keys.paymentIntent(paymentIntent), true);
  return item?.bookingId ?? null;
}

/** The booking each payment intent is pointed at (null where no pointer exists), in the order asked: BatchGets. */
export async function bookingIdsOfPayments(paymentIntents: readonly string[]): Promise<(string | null)[]> {
  const items = await batchGet<Item & { bookingId: string }>(paymentIntents.map((pi) => keys.paymentIntent(pi)));
  return items.map((i) => i?.bookingId ?? null);
}
