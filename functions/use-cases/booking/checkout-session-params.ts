/**
 * The Stripe Checkout Session a pending booking is paid through: NZD, the server's price as line items
 * (parking for N days and the car wash, or one $10.00 deposit line), the customer's e-mail, the booking id
 * as client reference and metadata, a 30-minute expiry, and the success and cancel URLs.
 */
import type Stripe from 'stripe';
import { formatMoney, type Cents } from '../../../shared/money';
import type { PaymentType, Price } from '../../../shared/pricing';
import { site } from '../../../shared/site';
import { formatReceiptDate, formatReceiptTime } from './receipt-email';
import { ADD_ONS } from '../../../shared/add-ons';
import { costKey } from '../../../shared/pricing';

export const CHECKOUT_MINUTES = 30;
/**
 * Stripe refuses an expiry less than 30 minutes after it receives the request, so the session is asked
 * to expire one minute later than that; the booking flow still calls it a 30-minute session.
 */
export const EXPIRY_MARGIN_SECONDS = 60;

export interface SessionInput {
  bookingId: string;
  price: Price;
  paymentType: PaymentType;
  amountNow: Cents;
  balance: Cents;
  email: string;
  dropOff: { date: string; time: string };
  pickUp: { date: string; time: string };
  siteUrl: string;
  now: Date;
  /** Where the hosted checkout returns: the booking pages (default), the customer dashboard or the admin dashboard. */
  returnTo?: ReturnTo;
}

export type ReturnTo = 'booking' | 'dashboard' | 'admin';

const RETURN_PAGES: Record<Exclude<ReturnTo, 'booking'>, string> = { dashboard: '/customer-dashboard', admin: '/admin' };

export const sessionExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + CHECKOUT_MINUTES * 60 + EXPIRY_MARGIN_SECONDS;

const line = (name: string, description: string, cents: Cents): Stripe.Checkout.SessionCreateParams.LineItem => ({
  quantity: 1,
  price_data: { currency: 'nzd', unit_amount: cents, product_data: { name, description } },
});

export function checkoutSessionParams(i: SessionInput): Stripe.Checkout.SessionCreateParams {
  const days = `${i.price.days} day${i.price.days === 1 ? '' : 's'}`;
  const when = `Drop-off ${formatReceiptDate(i.dropOff.date)} ${formatReceiptTime(i.dropOff.time)}, pick-up ${formatReceiptDate(i.pickUp.date)} ${formatReceiptTime(i.pickUp.time)}. Free shuttle included.`;
  // Each add-on is its own line at the price this checkout charges (the price, not the list, is what was quoted).
  const addOns = ADD_ONS.filter((a) => i.price[costKey(a.id)] > 0).map((a) => ({ ...a, cents: i.price[costKey(a.id)] }));
  const lineItems =
    i.paymentType === 'deposit'
      ? [
          line(
            `${site.brand} booking deposit`,
            `Parking ${days}${addOns.length ? ` with ${addOns.map((a) => a.name.toLowerCase()).join(', ')}` : ''}, total ${formatMoney(i.price.total)}: ${formatMoney(i.balance)} due at pick-up. ${when}`,
            i.amountNow,
          ),
        ]
      : [
          line(`Airport parking, ${days}`, when, i.price.parkingCost),
          ...addOns.map((a) => line(a.name, a.description, a.cents)),
        ];
  return {
    mode: 'payment',
    currency: 'nzd',
    line_items: lineItems,
    customer_email: i.email,
    client_reference_id: i.bookingId,
    metadata: { bookingId: i.bookingId, paymentType: i.paymentType, totalCents: String(i.price.total) },
    expires_at: sessionExpiry(i.now),
    ...(i.returnTo && i.returnTo !== 'booking'
      ? { success_url: `${i.siteUrl}${RETURN_PAGES[i.returnTo]}?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${i.siteUrl}${RETURN_PAGES[i.returnTo]}?checkout=canceled` }
      : {
          success_url: `${i.siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${i.siteUrl}/payment?canceled=true&booking=${encodeURIComponent(i.bookingId)}`,
        }),
  };
}

/** Derived from the booking, so the SDK's retries and any repeat of this request create one session. */
export const sessionIdempotencyKey = (bookingId: string) => `checkout-session-${bookingId}`;
