/**
 * Confirmation, exactly once. The webhook and the success page may both hold a paid session, in any
 * order and at the same time; each calls confirmPaidSession. The booking moves out of `pending_payment`
 * in one conditional transaction (store/bookings.ts), so one caller wins; everyone else reads the booking
 * the winner wrote. The receipt goes out once: a claim on the booking lets one caller send it at a time,
 * and a failed send is tried again by the next webhook delivery or success-page visit.
 */
import { maskToken } from '../../../shared/mask';
import type Stripe from 'stripe';
import { paymentMessages } from '../../../shared/booking';
import { nzToday } from '../../../shared/nz-time';
import { withCalendar } from '../calendar/calendar-email';
import { sendEmail } from '../../lib/email';
import { conflict, notFound, providerFailed } from '../../domain/errors';
import { logAbout, logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { stripeClient } from '../../lib/stripe';
import { isListed, type Booking, type Customer, type PaymentReviewReason } from '../../../shared/records';
import { endPendingBooking, getBooking } from '../../store/bookings';
import { confirmPendingBooking } from '../../store/confirmation';
import { firstConfirmationItems } from '../../store/customer-changes';
import { claimReceipt, markReceiptSent, releaseReceiptClaim } from '../../store/receipts';
import { getCheckoutSession } from '../../store/checkout-sessions';
import { customerListKeys, getCustomer } from '../../store/customers';
import { passLinkFor } from './pass-link';
import { balanceLineOf, recordBalancePayment } from './balance-payment';
import { payBalanceLinks } from './pay-balance-links';
import { receiptEmail } from './receipt-email';
import { newBookingReference } from './reference';
import * as clock from '../../lib/clock';

export type ConfirmResult =
  | { kind: 'confirmed'; booking: Booking; confirmedNow: boolean }
  /** Not a session this app created (or its records have expired). */
  | { kind: 'unknown' }
  /** The session is not paid (yet). */
  | { kind: 'unpaid' };

const endedCheckout = (status: Booking['status']): status is 'expired' | 'payment_failed' => status === 'expired' || status === 'payment_failed';

const MAX_ATTEMPTS = 12;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, 5 + Math.random() * 15 * 2 ** Math.min(attempt, 5)));

async function pendingBookingOf(session: Pick<Stripe.Checkout.Session, 'id' | 'metadata'>): Promise<string | null> {
  logAbout({ sessionId: session.id });
  const record = await getCheckoutSession(session.id);
  if (!record) return null;
  const claimed = session.metadata?.bookingId;
  if (claimed && claimed !== record.bookingId) {
    logger.error('Checkout session metadata names another booking', { sessionId: maskToken(session.id), claimed, recorded: record.bookingId });
    return null;
  }
  logAbout({ bookingId: record.bookingId });
  return record.bookingId;
}

/**
 * Whether a customer's first paid booking gives the customer its details: not when the customer belongs to an account
 * other than the booking's (that record changes only through its account or staff; docs/accounts.md, "Identity rules").
 */
const takesDetails = (customer: Customer, booking: Booking): boolean => !customer.firstConfirmedAt && (!customer.userId || customer.userId === booking.userId);

/** Turns a paid session into a confirmed booking, once; later and concurrent calls get the same booking. */
export async function confirmPaidSession(session: Stripe.Checkout.Session): Promise<ConfirmResult> {
  if (session.payment_status !== 'paid') return { kind: 'unpaid' };
  const bookingId = await pendingBookingOf(session);
  if (!bookingId) return { kind: 'unknown' };

  return retryOnStale<ConfirmResult>(
    { tries: MAX_ATTEMPTS },
    async (attempt) => {
      const booking = await getBooking(bookingId, true);
      if (!booking) return { kind: 'unknown' };
      if (isListed(booking)) return { kind: 'confirmed', booking, confirmedNow: false };
      // A payment that arrives after its checkout ended (expired, or ended as the traveller left) is real money:
      // the booking is kept and held for staff, never only logged.
      const from = booking.status;
      const ended = endedCheckout(from);
      if (!ended && from !== 'pending_payment') return { kind: 'unknown' };
      const customer = await getCustomer(booking.customerId, true);
      const amountPaid = session.amount_total ?? booking.amountDueNowCents;
      // Stripe charged something other than what the booking asked (less, more, or another currency): the booking
      // is kept (the money is real) but held for staff to check, who confirm it or cancel it with a refund.
      const mismatch = amountPaid !== booking.amountDueNowCents || session.currency !== 'nzd';
      const reviewReason: PaymentReviewReason | undefined = ended ? 'ended' : mismatch ? 'amount' : undefined;
      if (reviewReason) {
        logger.error('Payment held for review', { bookingId, reviewReason, status: booking.status, expected: booking.amountDueNowCents, paid: amountPaid, currency: session.currency, sessionId: maskToken(session.id) });
      }
      const status = reviewReason ? 'payment_review' : 'reservation';
      const confirmedAt = clock.now().toISOString();
      const reference = newBookingReference();
      const payment = {
        type: booking.paymentType,
        amountPaidCents: amountPaid,
        balanceDueCents: Math.max(0, booking.totalCents - amountPaid),
        currency: session.currency ?? 'nzd',
        paymentIntent: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
        sessionId: session.id,
        paidAt: confirmedAt,
        ...(reviewReason ? { reviewReason } : {}),
      };
      const outcome = await confirmPendingBooking({
        booking,
        reference,
        payment,
        confirmedAt,
        createdNzDate: nzToday(new Date(booking.createdAt)),
        firstForCustomer: !customer?.firstConfirmedAt,
        firstCustomerItems: customer && takesDetails(customer, booking) ? await firstConfirmationItems(customer, booking.customer, confirmedAt) : undefined,
        ...(customer ? { customerListed: customerListKeys(customer) } : {}),
        status,
        from,
      });
      if (outcome === 'confirmed') {
        const confirmed: Booking = { ...booking, status, bookingReference: reference, payment, confirmedAt, updatedAt: confirmedAt };
        logger.info('Booking confirmed', { bookingId, reference, sessionId: maskToken(session.id), amountPaid });
        countEvent(reviewReason ? BUSINESS_METRICS.paymentHeldForReview : BUSINESS_METRICS.bookingConfirmed);
        return { kind: 'confirmed', booking: confirmed, confirmedNow: true };
      }
      // 'not-pending': someone else confirmed, ended or held it; the next read says which. 'reference-taken': a new
      // reference is drawn on the next pass. 'customer-changed' and 'conflict': concurrent writers; try again.
      if (outcome !== 'not-pending') await pause(attempt);
      return stale();
    },
    () => {
      throw new Error(`Could not confirm booking ${bookingId} after ${MAX_ATTEMPTS} attempts`);
    },
  );
}

/** A sender that has not finished within this long is taken to have died; its claim lapses. */
const RECEIPT_CLAIM_STALE_MS = 2 * 60_000;

export type ReceiptOutcome = 'sent' | 'not-needed' | 'failed';

/**
 * Sends a confirmed booking's receipt unless it was sent already or another caller is sending it now.
 * A failed send gives its claim back and reports 'failed', so the webhook can ask Stripe to deliver the
 * event again (and the next delivery or success-page visit sends it); it never undoes the booking.
 */
export async function sendReceipt(booking: Booking): Promise<ReceiptOutcome> {
  // A payment held for review gets its receipt when staff confirm the booking.
  if (booking.receiptSentAt || booking.status === 'payment_review') return 'not-needed';
  if (!(await claimReceipt(booking.id, RECEIPT_CLAIM_STALE_MS))) return 'not-needed';
  try {
    const { id } = await sendEmail(await withCalendar(receiptEmail(booking, await passUrlOrNothing(booking.id), await payBalanceLinks(booking)), booking, 'REQUEST'));
    await markReceiptSent(booking.id, id);
    return 'sent';
  } catch (error) {
    logger.error('Receipt e-mail failed', { bookingId: booking.id, reference: booking.bookingReference, error: String(error) });
    await releaseReceiptClaim(booking.id).catch((e: unknown) => logger.error('Could not release the receipt claim', { bookingId: booking.id, error: String(e) }));
    return 'failed';
  }
}

/** The pass link for the receipt; a receipt without it beats no receipt when the key cannot be read. */
async function passUrlOrNothing(bookingId: string): Promise<string | undefined> {
  try {
    return (await passLinkFor(bookingId)).url;
  } catch (error) {
    logger.error('Could not sign the pass link for the receipt', { bookingId, error: String(error) });
    return undefined;
  }
}

export async function confirmAndNotify(session: Stripe.Checkout.Session): Promise<ConfirmResult & { receipt?: ReceiptOutcome }> {
  const result = await confirmPaidSession(session);
  if (result.kind !== 'confirmed') return result;
  return { ...result, receipt: await sendReceipt(result.booking) };
}

/** A session that will never be paid ends its still-pending booking; a confirmed booking is left alone. */
export async function endUnpaidSession(session: Pick<Stripe.Checkout.Session, 'id' | 'metadata'>, status: 'expired' | 'payment_failed'): Promise<boolean> {
  const bookingId = await pendingBookingOf(session);
  if (!bookingId) return false;
  const booking = await getBooking(bookingId, true);
  if (!booking || booking.status !== 'pending_payment') return false;
  const ended = await endPendingBooking(booking, status);
  if (ended) logger.info('Pending booking ended', { bookingId, sessionId: maskToken(session.id), status });
  return ended;
}

async function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session> {
  try {
    return await (await stripeClient()).checkout.sessions.retrieve(sessionId);
  } catch (error) {
    logger.error('Could not retrieve the checkout session from Stripe', { sessionId: maskToken(sessionId), error: String(error) });
    throw providerFailed('Could not check the payment with the payment provider. Please try again.');
  }
}

export const SESSION_ID = /^cs_[A-Za-z0-9_]{1,240}$/;

/**
 * The booking a checkout session made, for the success page. When the webhook has not arrived yet the
 * session is fetched from Stripe and, if paid, confirmed here. A balance session (balance-checkout.ts) answers its
 * booking once the payment is on the ledger, recording it here first when the webhook has not.
 */
export async function bookingForSession(sessionId: string): Promise<Booking> {
  if (!SESSION_ID.test(sessionId)) throw notFound(paymentMessages.sessionNotFound);
  logAbout({ sessionId });
  const record = await getCheckoutSession(sessionId);
  if (!record) throw notFound(paymentMessages.sessionNotFound);
  logAbout({ bookingId: record.bookingId });
  const booking = await getBooking(record.bookingId, true);
  if (!booking) throw notFound(paymentMessages.sessionNotFound);
  if (record.purpose === 'balance') {
    if (balanceLineOf(booking, sessionId)) return booking;
    const paid = await recordBalancePayment(await retrieveSession(sessionId), record);
    if (paid.kind === 'recorded') return paid.booking;
    throw conflict(paymentMessages.paymentNotCompleted);
  }
  if (booking.status === 'payment_review') throw conflict(paymentMessages.paymentUnderReview);
  if (isListed(booking)) {
    await sendReceipt(booking); // only when an earlier send failed; a sent receipt costs nothing here
    return booking;
  }
  if (booking.status !== 'pending_payment' && !endedCheckout(booking.status)) throw conflict(paymentMessages.paymentNotCompleted);

  const result = await confirmAndNotify(await retrieveSession(sessionId));
  if (result.kind === 'confirmed' && result.booking.status === 'payment_review') throw conflict(paymentMessages.paymentUnderReview);
  if (result.kind === 'confirmed') return result.booking;
  // An ended checkout that Stripe does not report paid will not be: a stale link, said as such.
  throw conflict(endedCheckout(booking.status) ? paymentMessages.checkoutEnded : paymentMessages.paymentNotCompleted);
}
