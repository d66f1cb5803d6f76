/**
 * A customer's limited edit of their own booking (spec: limited editing mode; design: 'Money after a booking is
 * paid'). The server decides: only the limited fields, the drop-off only while its date is today or later,
 * the quote's rules (lead time on a changed drop-off, order, half hours, 365 days), a new price, and the money
 * settled (balance up; balance down or a card refund before the drop-off date; nothing refunded after).
 * The booking, its day-sheet entries and its ledger change together or not at all; a refund is then asked of
 * Stripe with an idempotency key and its ledger line marked; the customer gets the updated booking by e-mail.
 */
import { randomUUID } from 'node:crypto';
import { bookingEditMessages, settle, type CustomerBookingEdit, type Settlement } from '../../../shared/booking-edit';
import type { CustomerBooking } from '../../../shared/customer-bookings';
import { formatMoney } from '../../../shared/money';
import { nzInstant, nzToday } from '../../../shared/nz-time';
import { quoteSelection, type Selection } from '../../../shared/quote';
import type { Booking, LedgerLine } from '../../../shared/records';
import { site } from '../../../shared/site';
import type { Caller } from '../../lib/auth';
import { sendEmail } from '../../lib/email';
import { badRequest, conflict } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { saveBookingChange } from '../../store/booking-changes';
import { fullEdit } from '../booking/capacity';
import { refund } from '../booking/refund';
import { ownBooking } from './own-booking';
import { bookingEmail, type ReceiptLine } from '../booking/receipt-email';
import { toCustomerBooking } from './my-bookings';

export { BOOKING_NOT_FOUND, ownBooking } from './own-booking';

function nextSelection(b: Booking, edit: CustomerBookingEdit): Selection {
  return {
    dropOffDate: edit.drop_off_date ?? b.dropOffDate,
    dropOffTime: edit.drop_off_time ?? b.dropOffTime,
    pickUpDate: edit.pick_up_date ?? b.pickUpDate,
    pickUpTime: edit.pick_up_time ?? b.pickUpTime,
    carWash: edit.car_wash ?? b.carWash,
  };
}

const FIELD_NAMES: Record<keyof Selection, string> = {
  dropOffDate: 'drop_off_date',
  dropOffTime: 'drop_off_time',
  pickUpDate: 'pick_up_date',
  pickUpTime: 'pick_up_time',
  carWash: 'car_wash',
};

function changeLines(before: Booking, s: Settlement): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  if (s.totalCents !== before.totalCents) lines.push({ label: 'New total', value: `${formatMoney(s.totalCents)} (was ${formatMoney(before.totalCents)})` });
  if (s.refundCents > 0) lines.push({ label: 'Refund to your card', value: formatMoney(s.refundCents) });
  if (s.keptCents > 0) lines.push({ label: 'Not refunded (changed from the drop-off date on)', value: formatMoney(s.keptCents) });
  lines.push({ label: 'Balance due at pick-up', value: formatMoney(s.balanceDueCents) });
  return lines;
}

export interface EditResult {
  booking: CustomerBooking;
  settlement: Settlement;
}

export async function editMyBooking(caller: Caller, id: string, edit: CustomerBookingEdit, now = new Date()): Promise<EditResult> {
  const before = await ownBooking(caller, id);
  if (before.status !== 'reservation') throw conflict(bookingEditMessages.notEditable);
  if (edit.version !== before.updatedAt) throw conflict(bookingEditMessages.stale);

  const next = nextSelection(before, edit);
  const dropOffMoves = next.dropOffDate !== before.dropOffDate || next.dropOffTime !== before.dropOffTime;
  const pickUpMoves = next.pickUpDate !== before.pickUpDate || next.pickUpTime !== before.pickUpTime;
  const today = nzToday(now);
  if (dropOffMoves && before.dropOffDate < today) throw badRequest(bookingEditMessages.dropOffLocked, { drop_off_date: bookingEditMessages.dropOffLocked });

  // The lead time applies to a drop-off being moved; a fixed drop-off may already be close or past.
  const priced = quoteSelection(next, { now, enforceLeadTime: dropOffMoves });
  if (!priced.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(priced.fieldErrors).map(([k, v]) => [FIELD_NAMES[k as keyof Selection], v as string]));
    throw badRequest(priced.message, fieldErrors);
  }
  if (pickUpMoves) {
    const pickUpAt = nzInstant({ date: next.pickUpDate, time: next.pickUpTime });
    if (pickUpAt && pickUpAt.getTime() <= now.getTime()) throw badRequest('Pick-up date and time must be in the future', { pick_up_time: 'Pick-up date and time must be in the future' });
  }

  const returnFlight = edit.return_flight === undefined ? before.returnFlight : edit.return_flight;
  const unchanged = !dropOffMoves && !pickUpMoves && next.carWash === before.carWash && returnFlight === before.returnFlight;
  const paid = before.payment?.amountPaidCents ?? 0;
  const price = priced.price;
  // Unchanged, the price is the booking's own (a price rule changed since would not reprice an untouched stay).
  const settlement = settle(paid, unchanged ? before.totalCents : price.total, today < before.dropOffDate);
  if (unchanged) return { booking: toCustomerBooking(before), settlement };

  const at = now.toISOString();
  const ledger: LedgerLine[] = [...(before.ledger ?? [])];
  if (price.total !== before.totalCents) {
    ledger.push({ id: randomUUID(), at, by: 'customer', kind: 'balance', amountCents: settlement.balanceDueCents - (before.payment?.balanceDueCents ?? 0), note: `Price ${formatMoney(before.totalCents)} -> ${formatMoney(price.total)}` });
  }
  const refundLine: LedgerLine | null =
    settlement.refundCents > 0 ? { id: randomUUID(), at, by: 'customer', kind: 'refund', amountCents: -settlement.refundCents, note: 'Shorter stay before the drop-off date', status: 'pending' } : null;
  if (refundLine) ledger.push(refundLine);
  if (settlement.keptCents > 0) ledger.push({ id: randomUUID(), at, by: 'customer', kind: 'kept', amountCents: settlement.keptCents, note: 'Changed from the drop-off date on: not refunded' });

  const after: Booking = {
    ...before,
    dropOffDate: next.dropOffDate,
    dropOffTime: next.dropOffTime,
    pickUpDate: next.pickUpDate,
    pickUpTime: next.pickUpTime,
    carWash: next.carWash,
    returnFlight,
    days: price.days,
    parkingCents: price.parkingCost,
    carWashCents: price.carWashCost,
    totalCents: price.total,
    ...(before.payment ? { payment: { ...before.payment, amountPaidCents: paid - settlement.refundCents, balanceDueCents: settlement.balanceDueCents } } : {}),
    ledger,
    updatedAt: at,
  };
  const outcome = await saveBookingChange(before, after);
  if (outcome === 'stale') throw conflict(bookingEditMessages.stale);
  if (outcome === 'full') throw await fullEdit(before, after);
  logger.info('Booking changed by its customer', { bookingId: id, totalCents: after.totalCents, refundCents: settlement.refundCents });

  if (refundLine) await refund(after, refundLine, ledger.indexOf(refundLine));
  try {
    await sendEmail(bookingEmail(after, { subject: `Booking updated: ${after.bookingReference} | ${site.brand}`, intro: 'Your booking has been updated. Here are the new details.', change: changeLines(before, settlement) }));
  } catch (error) {
    // The change stands; the dashboard shows it. A lost e-mail is logged, not a failed edit.
    logger.error('Booking update e-mail failed', { bookingId: id, error: error instanceof Error ? error.message : String(error) });
  }
  return { booking: toCustomerBooking(after), settlement };
}
