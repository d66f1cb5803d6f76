/**
 * Starting a checkout: price the selection with the server's clock and rules (a price from the browser
 * is never used), save the customer, open a Stripe Checkout Session for what is due now, and record the
 * pending booking with its session. Nothing is written for a request that breaks a rule.
 *
 * Every checkout answers within its function's time limit: 201, 409 (full, or the date's holds all taken), 429 with
 * Retry-After (a burst for a date's last places: capacity.ts, admitCheckoutStart) or 503 with Retry-After (it could not
 * finish in the time it had: each step that writes or asks Stripe first checks that the time left covers it and
 * what must follow, and the hold stops trying again when its time is short). A checkout that stops after opening a
 * session expires it.
 */
import { maskToken } from '../../../shared/mask';
import { randomUUID } from 'node:crypto';
import { paymentMessages, type CheckoutRequest, type CheckoutResponse } from '../../../shared/booking';
import { amountDueNow } from '../../../shared/pricing';
import { priceSelection } from '../pricing/price-stay';
import { badRequest, busy, conflict, providerFailed, providerUnavailable } from '../../domain/errors';
import { logAbout, logger } from '../../lib/logger';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { stripeClient } from '../../lib/stripe';
import { createPendingBooking, pendingBookingExists } from '../../store/bookings';
import { upsertCustomer } from '../../store/customers';
import { checkoutSessionParams, sessionIdempotencyKey, type ReturnTo } from './checkout-session-params';
import { bayClash } from '../../store/bays';
import { adminMessages } from '../../../shared/admin';
import { admitCheckoutStart, checkedRoom, refusedHold } from './capacity';
import { stayDates } from '../../../shared/capacity';
import { refuseDuplicateTrip } from './duplicate-trip';
import { newStayRecord } from './stay-record';
import * as clock from '../../lib/clock';

export interface CheckoutContext {
  userId: string | null;
  /** The signed-in caller's e-mail as their token states it (id tokens carry it; access tokens do not). */
  userEmail?: string | null;
  /** Whether the token says that e-mail is verified (only then may a customer join the account). */
  userEmailVerified?: boolean;
  siteUrl: string;
  now?: Date;
  returnTo?: ReturnTo;
  /** A bay chosen by staff; refused when another booking holds it on these dates. */
  parkingBayNumber?: string | null;
  /** Also look for an earlier paid booking of the same trip among the signed-in caller's own (routes granted an index Query). */
  ownersBookings?: boolean;
  /** Staff booking a walk-in whose car is at the gate: the customers' lead time does not apply (date order and capacity still do). */
  enforceLeadTime?: boolean;
  /** Staff booking for a customer: a late-night drop-off at short notice is theirs to accept (shared/late-night.ts). */
  enforceLateNight?: boolean;
  /** The function's time left (Lambda's getRemainingTimeInMillis): the hold is only taken with time to answer. */
  remainingMs?: () => number;
  /**
   * Spends the caller's request budget (limits/request-budgets.ts), once the stay is known to have room: a checkout
   * refused for a full date has cost one read and spends nothing, so a burst for the last places writes less.
   */
  spendBudget?: () => Promise<void>;
}

/**
 * The time the hold's transaction, the check after an unclear outcome and the answer may need. With less left the
 * checkout stops before holding anything: a function killed at its timeout must never leave a hold behind that
 * nobody was told about (the session it opened is expired; without a booking it could not be paid anyway).
 */
export const HOLD_MARGIN_MS = 5_000;

/**
 * The time a checkout needs from saving the customer to its answer: the customer, the Stripe session, and the hold's
 * margin. With less left it stops before writing anything (503, try again).
 */
export const SESSION_MARGIN_MS = 9_000;

/** The hold's transaction is tried again (another checkout's hold collided with it) only with this much time left. */
export const HOLD_RETRY_MARGIN_MS = 3_000;

/** What a checkout stopped for lack of time tells the traveller: try again in a few seconds. */
export const BUSY_RETRY_SECONDS = 5;

/** Stripe answered that it is busy or could not be reached: worth trying again, unlike a refusal. */
const stripeMayRecover = (error: unknown): boolean => {
  const e = error as { type?: string; statusCode?: number } | null;
  return e?.type === 'StripeConnectionError' || e?.type === 'StripeRateLimitError' || e?.statusCode === 429 || (e?.statusCode ?? 0) >= 500;
};

export async function startCheckout(req: CheckoutRequest, ctx: CheckoutContext): Promise<CheckoutResponse> {
  const now = ctx.now ?? clock.now();
  const { quote } = req;
  const enforceLeadTime = ctx.enforceLeadTime ?? true;
  const priced = await priceSelection(quote, { now, enforceLeadTime, enforceLateNight: ctx.enforceLateNight ?? enforceLeadTime });
  if (!priced.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(priced.fieldErrors).map(([k, v]) => [`quote.${k}`, v as string]));
    throw badRequest(priced.message, fieldErrors);
  }
  const price = priced.price;
  const { now: amountNow, balance } = amountDueNow(price.total, req.paymentType);

  if (!req.confirm_duplicate) {
    // Before anything is written or held: a second payment for a trip already paid for is asked about first.
    await refuseDuplicateTrip(
      { email: req.customer.email, carRegistration: req.customer.carRegistration, dropOffDate: quote.dropOffDate, dropOffTime: quote.dropOffTime, pickUpDate: quote.pickUpDate, pickUpTime: quote.pickUpTime },
      { userId: ctx.userId, userEmail: ctx.userEmail ?? null, userEmailVerified: ctx.userEmailVerified ?? false, paidSessions: req.paid_sessions, ownersBookings: ctx.ownersBookings },
    );
  }

  const bay = ctx.parkingBayNumber ?? null;
  if (bay && (await bayClash(bay, { id: '', dropOffDate: quote.dropOffDate, dropOffTime: quote.dropOffTime, pickUpDate: quote.pickUpDate, pickUpTime: quote.pickUpTime }))) {
    throw conflict(adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });
  }

  // A full date, or one whose holds are all taken, is refused before a session is opened; the hold below decides.
  const room = await checkedRoom(quote, now);
  const { capacity } = room;
  const timeLeft = () => ctx.remainingMs?.() ?? Number.POSITIVE_INFINITY;
  const stopIfLate = () => {
    if (timeLeft() >= SESSION_MARGIN_MS) return;
    logger.warn('Checkout stopped before saving anything: too little time left', { remainingMs: timeLeft() });
    throw busy(paymentMessages.checkoutBusy, BUSY_RETRY_SECONDS);
  };
  // Checked before the budgets are spent and again after: each is a write, which a burst queues.
  stopIfLate();
  await ctx.spendBudget?.();
  await admitCheckoutStart(room, now);
  stopIfLate();

  const customer = await upsertCustomer(req.customer, { userId: ctx.userId, userEmail: ctx.userEmail ?? null, userEmailVerified: ctx.userEmailVerified ?? false });

  const bookingId = randomUUID();
  logAbout({ bookingId });
  const stripe = await stripeClient();
  let session;
  try {
    session = await stripe.checkout.sessions.create(
      checkoutSessionParams({
        bookingId,
        price,
        paymentType: req.paymentType,
        amountNow,
        balance,
        email: customer.email,
        dropOff: { date: quote.dropOffDate, time: quote.dropOffTime },
        pickUp: { date: quote.pickUpDate, time: quote.pickUpTime },
        siteUrl: ctx.siteUrl,
        now,
        returnTo: ctx.returnTo,
      }),
      // Stripe's own timeout within what the hold still needs after it, so a slow answer cannot use up the function's time.
      { idempotencyKey: sessionIdempotencyKey(bookingId), timeout: Math.max(1_000, Math.min(15_000, timeLeft() - HOLD_MARGIN_MS)) },
    );
  } catch (error) {
    if (stripeMayRecover(error)) {
      logger.warn('Stripe did not open a checkout session in time', { bookingId, error: String(error) });
      throw providerUnavailable(paymentMessages.checkoutBusy, BUSY_RETRY_SECONDS);
    }
    logger.error('Stripe refused to create a checkout session', { bookingId, error: String(error) });
    throw providerFailed(paymentMessages.checkoutFailed);
  }
  logAbout({ sessionId: session.id });
  if (!session.url) {
    logger.error('Stripe returned a checkout session without a URL', { bookingId, sessionId: maskToken(session.id) });
    throw providerFailed(paymentMessages.checkoutFailed);
  }

  const createdAt = now.toISOString();
  const booking = newStayRecord({
    id: bookingId,
    status: 'pending_payment',
    customerId: customer.id,
    userId: ctx.userId,
    details: req.customer,
    stay: quote,
    flights: { departure: quote.departureFlightNumber, return: quote.returnFlightNumber },
    parkingBayNumber: bay,
    price,
    paymentType: req.paymentType,
    amountDueNowCents: amountNow,
    checkoutSessionId: session.id,
    at: createdAt,
  });
  const expireSession = () => stripe.checkout.sessions.expire(session.id).catch((e: unknown) => logger.error('Could not expire an orphaned session', { sessionId: maskToken(session.id), error: String(e) }));
  if (timeLeft() < HOLD_MARGIN_MS) {
    logger.warn('Checkout stopped before its hold: too little time left', { bookingId, remainingMs: timeLeft() });
    await expireSession();
    throw busy(paymentMessages.checkoutBusy, BUSY_RETRY_SECONDS);
  }
  let outcome;
  try {
    outcome = await createPendingBooking(booking, { sessionId: session.id, bookingId, createdAt, expiresAt: session.expires_at }, capacity, () => timeLeft() >= HOLD_RETRY_MARGIN_MS);
  } catch (error) {
    // A write whose answer was lost (a timeout, a dropped connection) may still have happened: then it did, and
    // the traveller gets their checkout; only when the booking is not there is the session closed and the failure told.
    if (await pendingBookingExists(bookingId, session.id).catch(() => false)) {
      logger.warn('Checkout hold written despite an error; answering with it', { bookingId, error: String(error) });
      countEvent(BUSINESS_METRICS.checkoutStarted);
      return { url: session.url, sessionId: session.id, bookingId };
    }
    await expireSession();
    throw error;
  }
  if (outcome === 'busy') {
    logger.warn('Checkout stopped: its hold kept colliding with others until its time was short', { bookingId, remainingMs: timeLeft() });
    await expireSession();
    throw busy(paymentMessages.checkoutBusy, BUSY_RETRY_SECONDS);
  }
  if (outcome === 'full') {
    // Another checkout took the last place (or the last place holds may take) between the check above and the hold.
    await expireSession();
    throw await refusedHold(stayDates(quote.dropOffDate, quote.pickUpDate), capacity, now);
  }
  logger.info('Checkout started', { bookingId, sessionId: maskToken(session.id), paymentType: req.paymentType, amountNow, total: price.total });
  countEvent(BUSINESS_METRICS.checkoutStarted);
  return { url: session.url, sessionId: session.id, bookingId };
}
