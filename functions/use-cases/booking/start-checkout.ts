/**
 * Starting a checkout: price the selection with the server's clock and rules (a price from the browser
 * is never used), save the customer, open a Stripe Checkout Session for what is due now, and record the
 * pending booking with its session. Nothing is written for a request that breaks a rule.
 */
import { maskToken } from '../../../shared/mask';
import { randomUUID } from 'node:crypto';
import { paymentMessages, type CheckoutRequest, type CheckoutResponse } from '../../../shared/booking';
import { amountDueNow } from '../../../shared/pricing';
import { quoteSelection } from '../../../shared/quote';
import { badRequest, conflict, providerFailed, providerUnavailable } from '../../domain/errors';
import { logAbout, logger } from '../../lib/logger';
import { BUSINESS_METRICS, countEvent } from '../../lib/metrics';
import { stripeClient } from '../../lib/stripe';
import type { Booking } from '../../../shared/records';
import { createPendingBooking, pendingBookingExists } from '../../store/bookings';
import { upsertCustomer } from '../../store/customers';
import { checkoutSessionParams, sessionIdempotencyKey, type ReturnTo } from './checkout-session-params';
import { bayClash } from '../../store/bays';
import { adminMessages } from '../../../shared/admin';
import { refusedHold, roomForStay } from './capacity';
import { stayDates } from '../../../shared/capacity';
import { refuseDuplicateTrip } from './duplicate-trip';
import { addOnRecordOf } from '../../../shared/booked-add-ons';
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
}

/**
 * The time the hold's transaction, the check after an unclear outcome and the answer may need. With less left the
 * checkout stops before holding anything: a function killed at its timeout must never leave a hold behind that
 * nobody was told about (the session it opened is expired; without a booking it could not be paid anyway).
 */
export const HOLD_MARGIN_MS = 5_000;

export async function startCheckout(req: CheckoutRequest, ctx: CheckoutContext): Promise<CheckoutResponse> {
  const now = ctx.now ?? clock.now();
  const { quote } = req;
  const enforceLeadTime = ctx.enforceLeadTime ?? true;
  const priced = quoteSelection(quote, { now, enforceLeadTime, enforceLateNight: ctx.enforceLateNight ?? enforceLeadTime });
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
  const capacity = await roomForStay(quote, now);

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
      { idempotencyKey: sessionIdempotencyKey(bookingId) },
    );
  } catch (error) {
    logger.error('Stripe refused to create a checkout session', { bookingId, error: String(error) });
    throw providerFailed(paymentMessages.checkoutFailed);
  }
  logAbout({ sessionId: session.id });
  if (!session.url) {
    logger.error('Stripe returned a checkout session without a URL', { bookingId, sessionId: maskToken(session.id) });
    throw providerFailed(paymentMessages.checkoutFailed);
  }

  const createdAt = now.toISOString();
  const booking: Booking = {
    id: bookingId,
    status: 'pending_payment',
    customerId: customer.id,
    userId: ctx.userId,
    // The details given with this booking, which may differ from a customer record this caller may not change.
    customer: { name: `${req.customer.firstName} ${req.customer.lastName}`.trim(), email: req.customer.email, contactNumber: req.customer.contactNumber },
    carRegistration: req.customer.carRegistration,
    dropOffDate: quote.dropOffDate,
    dropOffTime: quote.dropOffTime,
    pickUpDate: quote.pickUpDate,
    pickUpTime: quote.pickUpTime,
    departureFlight: quote.departureFlightNumber ?? null,
    returnFlight: quote.returnFlightNumber ?? null,
    parkingBayNumber: bay,
    days: price.days,
    shuttleService: true,
    parkingCents: price.parkingCost,
    ...addOnRecordOf(price),
    totalCents: price.total,
    paymentType: req.paymentType,
    amountDueNowCents: amountNow,
    checkoutSessionId: session.id,
    createdAt,
    updatedAt: createdAt,
  };
  const expireSession = () => stripe.checkout.sessions.expire(session.id).catch((e: unknown) => logger.error('Could not expire an orphaned session', { sessionId: maskToken(session.id), error: String(e) }));
  if (ctx.remainingMs && ctx.remainingMs() < HOLD_MARGIN_MS) {
    logger.error('Checkout stopped before its hold: too little time left', { bookingId, remainingMs: ctx.remainingMs() });
    await expireSession();
    throw providerUnavailable(paymentMessages.checkoutFailed);
  }
  let outcome;
  try {
    outcome = await createPendingBooking(booking, { sessionId: session.id, bookingId, createdAt, expiresAt: session.expires_at }, capacity);
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
  if (outcome === 'full') {
    // Another checkout took the last place (or the last place holds may take) between the check above and the hold.
    await expireSession();
    throw await refusedHold(stayDates(quote.dropOffDate, quote.pickUpDate), capacity, now);
  }
  logger.info('Checkout started', { bookingId, sessionId: maskToken(session.id), paymentType: req.paymentType, amountNow, total: price.total });
  countEvent(BUSINESS_METRICS.checkoutStarted);
  return { url: session.url, sessionId: session.id, bookingId };
}
