/**
 * Walk-ins (docs/admin.md, Walk-ins): staff book a car that is at the gate now. The drop-off is
 * the server's now (its half-hour slot); the customers' 4-hour lead time does not apply, but the pick-up must come
 * after it, the stay is priced by the quote's rules and the yard must have room (and the bay, when given, be free).
 * - Cash or EFTPOS: the car is at the gate, so the booking is written checked in (in the bay given, else the first
 *   bay free for the stay) with the whole total due, then the money is recorded by the yard's own record-payment use
 *   case (a `payment` ledger line, who and when, the history), and the traveller gets the confirmation e-mail with
 *   the pass (the receipt of a paid booking, sent once), as a paid checkout's traveller does.
 * - Card link: a checkout like any other (its places held while it is open), whose Stripe URL is e-mailed to the
 *   traveller; it is listed once they pay, and a link not paid expires as any checkout does.
 */
import { randomUUID } from 'node:crypto';
import { adminMessages } from '../../../shared/admin';
import { stayDates } from '../../../shared/capacity';
import { centsToDollars, formatMoney } from '../../../shared/money';
import { nzToday } from '../../../shared/nz-time';
import { splitName } from '../../../shared/profile';
import { priceSelection } from '../pricing/price-stay';
import type { Booking } from '../../../shared/records';
import { site } from '../../../shared/site';
import { walkInDropOff, walkInMessages, type WalkInRequest, type WalkInResponse } from '../../../shared/walk-in';
import type { Caller } from '../../lib/auth';
import { sendEmail } from '../../lib/email';
import { badRequest, conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { retryOnStale, stale } from '../../lib/retry-on-stale';
import { bayClash, freeBay, readBayVersion } from '../../store/bays';
import { sendReceipt } from '../booking/confirm-payment';
import { customerListKeys, upsertCustomer } from '../../store/customers';
import { createYardBooking } from '../../store/walk-ins';
import { toCustomerBooking } from '../booking/booking-wire';
import { fullStay, roomForStay } from '../booking/capacity';
import { newBookingReference } from '../booking/reference';
import { startCheckout } from '../booking/start-checkout';
import { withSpecFieldNames } from '../booking/spec-field-names';
import { newStayRecord } from '../booking/stay-record';
import { recordPayment } from './record-payment';
import { ruledOptionalBay } from '../yard/bay-rule';
import { choicesFromFlags } from '../../../shared/add-ons';
import * as clock from '../../lib/clock';

const FIELD_NAMES: Record<string, string> = { dropOffDate: 'pick_up_date', dropOffTime: 'pick_up_time', pickUpDate: 'pick_up_date', pickUpTime: 'pick_up_time' };

async function selectionOf(req: WalkInRequest, now: Date) {
  const dropOff = walkInDropOff(now);
  const selection = { dropOffDate: dropOff.date, dropOffTime: dropOff.time, pickUpDate: req.pick_up_date, pickUpTime: req.pick_up_time, ...choicesFromFlags(req) };
  const priced = await priceSelection(selection, { now, enforceLeadTime: false });
  if (!priced.ok) {
    // The drop-off is the server's own; any error is about the pick-up the form sent.
    throw badRequest(priced.message, Object.fromEntries(Object.entries(priced.fieldErrors).map(([k, v]) => [FIELD_NAMES[k] ?? k, v as string])));
  }
  return { selection, price: priced.price };
}

function customerOf(req: WalkInRequest) {
  const { first, last } = splitName(req.name);
  return { firstName: first, lastName: last, email: req.email, contactNumber: req.contact_number, carRegistration: req.car_registration };
}

async function bayFree(bay: string | null | undefined, stay: { dropOffDate: string; dropOffTime: string; pickUpDate: string; pickUpTime: string }): Promise<number | undefined> {
  if (!bay) return undefined;
  const version = await readBayVersion(bay);
  if (await bayClash(bay, { id: '', ...stay })) throw conflict(adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });
  return version;
}

/** Cash or EFTPOS: the confirmed booking, then the whole total recorded as taken in the yard by the caller. */
async function paidInYard(caller: Caller, req: WalkInRequest, now: Date): Promise<WalkInResponse> {
  const { selection, price } = await selectionOf(req, now);
  const capacity = await withSpecFieldNames(() => roomForStay(selection, now));
  // Checked in at once: in the bay given, else the first one free for the whole stay (as the yard's check-in suggests).
  const bay = req.parking_bay_number ?? (await freeBay({ id: '', ...selection, parkingBayNumber: null }, capacity));
  const bayVersion = await bayFree(bay, selection);
  const details = customerOf(req);
  const at = now.toISOString();
  return retryOnStale(
    { tries: 4 },
    async () => {
      const customer = await upsertCustomer(details, { userId: null, userEmail: null, userEmailVerified: false });
      const id = randomUUID();
      const booking: Booking & { bookingReference: string } = {
        ...newStayRecord({
          id,
          status: 'checkin',
          customerId: customer.id,
          userId: null,
          details,
          stay: selection,
          flights: { departure: req.departure_flight, return: req.return_flight },
          parkingBayNumber: bay,
          price,
          paymentType: 'full',
          amountDueNowCents: 0,
          // No card checkout: the money is taken in the yard and recorded on the ledger.
          checkoutSessionId: '',
          at,
        }),
        bookingReference: newBookingReference(),
        confirmedAt: at,
        payment: { type: 'full', amountPaidCents: 0, balanceDueCents: price.total, currency: 'nzd', paymentIntent: null, sessionId: '', paidAt: at },
      };
      const outcome = await createYardBooking({ booking, createdNzDate: nzToday(now), firstForCustomer: !customer.firstConfirmedAt, customerListed: customerListKeys(customer), capacity, bayVersion });
      if (outcome === 'full') throw await fullStay(stayDates(selection.dropOffDate, selection.pickUpDate), { capacity, fieldFor: () => 'pick_up_date' });
      if (outcome === 'bay-busy') throw conflict(adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });
      if (outcome !== 'created') return stale();
      logger.info('Walk-in booked', { bookingId: id, reference: booking.bookingReference, totalCents: price.total, method: req.payment });
      const method = req.payment === 'eftpos' ? 'eftpos' : 'cash';
      // The confirmation below is the receipt of this payment: no second e-mail for it.
      const paid = await recordPayment(caller, id, { amount: centsToDollars(price.total), method, version: at }, now, { receipt: false });
      await sendReceipt(paid.booking);
      return { booking_id: id, booking: toCustomerBooking(paid.booking) };
    },
    () => {
      throw conflict(walkInMessages.failed);
    },
  );
}

function linkEmail(to: string, name: string, url: string, totalCents: number) {
  const text = [
    `Kia ora ${name},`,
    '',
    `Your car is booked in at ${site.brand}. To pay ${formatMoney(totalCents)} by card, open this secure Stripe payment page:`,
    url,
    '',
    'The link works for a short while; if it has expired, ask our staff for a new one.',
  ].join('\n');
  return { to: [to], subject: walkInMessages.linkSubject, text };
}

/** Card link: a checkout for the whole total, its URL e-mailed to the traveller (never shown or logged). */
async function cardLink(req: WalkInRequest, siteUrl: string, now: Date, remainingMs?: () => number): Promise<WalkInResponse> {
  const { selection, price } = await selectionOf(req, now);
  const started = await withSpecFieldNames(() =>
    startCheckout(
      { quote: { ...selection, departureFlightNumber: req.departure_flight, returnFlightNumber: req.return_flight }, customer: customerOf(req), paymentType: 'full', confirm_duplicate: true },
      { userId: null, siteUrl, now, parkingBayNumber: req.parking_bay_number ?? null, enforceLeadTime: false, remainingMs },
    ),
  );
  await sendEmail(linkEmail(req.email, req.name, started.url, price.total));
  logger.info('Walk-in card link sent', { bookingId: started.bookingId, totalCents: price.total });
  return { booking_id: started.bookingId, link_sent_to: req.email };
}

export async function bookWalkIn(caller: Caller, asked: WalkInRequest, siteUrl: string, options: { now?: Date; remainingMs?: () => number } = {}): Promise<WalkInResponse> {
  const now = options.now ?? clock.now();
  const req: WalkInRequest = { ...asked, parking_bay_number: await ruledOptionalBay(asked.parking_bay_number) };
  return req.payment === 'card_link' ? cardLink(req, siteUrl, now, options.remainingMs) : paidInYard(caller, req, now);
}
