/**
 * A customer's limited edit of their own booking (docs/product-rules.md, Changing a booking): only the limited fields, the
 * drop-off only while its date is today or later, the quote's rules and a new price; the money is the customer
 * policy's (functions/use-cases/booking/change-booking.ts: a lower price is refunded only within what
 * cancelling the original booking would give, and kept inside 48 hours). The customer gets the updated booking
 * by e-mail with what changed.
 */
import { bookingEditMessages, type CustomerBookingEdit } from '../../../shared/booking-edit';
import type { CustomerBooking } from '../../../shared/customer-bookings';
import type { MoneyDecision } from '../../../shared/money-policy';
import { nzInstant, nzToday } from '../../../shared/nz-time';
import type { Booking } from '../../../shared/records';
import { site } from '../../../shared/site';
import type { Caller } from '../../lib/auth';
import { withCalendar } from '../calendar/calendar-email';
import { sendEmail } from '../../lib/email';
import { badRequest, conflict } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { fullEdit } from '../booking/capacity';
import { changeBooking, decideChange } from '../booking/change-booking';
import { bookingEmail, moneyChangeLines } from '../booking/receipt-email';
import { repriceStay } from '../booking/reprice';
import { toCustomerBooking } from '../booking/booking-wire';
import { ownBooking } from './own-booking';
import { payBalanceLinks } from '../booking/pay-balance-links';
import { choicesFromFlags } from '../../../shared/add-ons';
import { choicesOf } from '../../../shared/booked-add-ons';
import * as clock from '../../lib/clock';

export { BOOKING_NOT_FOUND, ownBooking } from './own-booking';

export interface EditResult {
  booking: CustomerBooking;
  settlement: MoneyDecision;
}

export async function editMyBooking(caller: Caller, id: string, edit: CustomerBookingEdit, now = clock.now()): Promise<EditResult> {
  const before = await ownBooking(caller, id);
  if (before.status !== 'reservation') throw conflict(bookingEditMessages.notEditable);
  if (edit.version !== before.updatedAt) throw conflict(bookingEditMessages.stale);

  const next = {
    dropOffDate: edit.drop_off_date ?? before.dropOffDate,
    dropOffTime: edit.drop_off_time ?? before.dropOffTime,
    pickUpDate: edit.pick_up_date ?? before.pickUpDate,
    pickUpTime: edit.pick_up_time ?? before.pickUpTime,
    ...choicesFromFlags(edit, choicesOf(before)),
  };
  const dropOffMoves = next.dropOffDate !== before.dropOffDate || next.dropOffTime !== before.dropOffTime;
  if (dropOffMoves && before.dropOffDate < nzToday(now)) throw badRequest(bookingEditMessages.dropOffLocked, { drop_off_date: bookingEditMessages.dropOffLocked });
  const stay = await repriceStay(before, next, now);
  const pickUpMoves = next.pickUpDate !== before.pickUpDate || next.pickUpTime !== before.pickUpTime;
  if (pickUpMoves) {
    const pickUpAt = nzInstant({ date: next.pickUpDate, time: next.pickUpTime });
    if (pickUpAt && pickUpAt.getTime() <= now.getTime()) throw badRequest('Pick-up date and time must be in the future', { pick_up_time: 'Pick-up date and time must be in the future' });
  }

  const returnFlight = edit.return_flight === undefined ? before.returnFlight : edit.return_flight;
  const proposed: Booking = { ...stay.booking, returnFlight };
  if (!stay.repriced && returnFlight === before.returnFlight) return { booking: toCustomerBooking(before), settlement: decideChange(before, before, { actor: 'customer' }, now).decision };

  const done = await changeBooking(before, { proposed, policy: { actor: 'customer' }, by: 'customer', save: { editableStatuses: ['reservation'] }, now });
  if (done.outcome === 'full') throw await fullEdit(before, proposed);
  if (done.outcome !== 'changed') throw conflict(bookingEditMessages.stale);
  const { booking: after, decision } = done;
  logger.info('Booking changed by its customer', { bookingId: id, totalCents: after.totalCents, refundCents: decision.refundCents });
  try {
    await sendEmail(await withCalendar(bookingEmail(after, { subject: `Booking updated: ${after.bookingReference} | ${site.brand}`, intro: 'Your booking has been updated. Here are the new details.', change: moneyChangeLines(before, decision), payBalance: await payBalanceLinks(after) }), after, 'REQUEST'));
  } catch (error) {
    // The change stands; the dashboard shows it. A lost e-mail is logged, not a failed edit.
    logger.error('Booking update e-mail failed', { bookingId: id, error: error instanceof Error ? error.message : String(error) });
  }
  return { booking: toCustomerBooking(after), settlement: decision };
}
