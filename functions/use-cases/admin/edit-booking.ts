/**
 * Staff edit a booking (spec: 'Admin edit dialog', 'Booking edit'; design: 'Money after a booking is paid',
 * 'Admin lists at scale'). The server re-prices a change of dates or car wash with the quote's rules, settles
 * the money as for a customer's change, refuses a bay another booking holds on overlapping dates, stores an
 * empty registration or bay as null, and writes who changed what next to the booking, all in the booking's
 * one transaction. A save over someone else's change is refused.
 */
import { randomUUID } from 'node:crypto';
import { adminMessages, statusLabels, type AdminBookingEdit, type StatusFilter } from '../../../shared/admin';
import { settle, type Settlement } from '../../../shared/booking-edit';
import { formatMoney } from '../../../shared/money';
import { nzToday } from '../../../shared/nz-time';
import { quoteSelection, type Selection } from '../../../shared/quote';
import { CONFIRMED_STATUSES, type Booking, type LedgerLine } from '../../../shared/records';
import { site } from '../../../shared/site';
import type { Caller } from '../../lib/auth';
import { sendEmail } from '../../lib/email';
import { HttpError, badRequest, conflict } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { bookingHistory, type AuditRecord } from '../../store/audit';
import { bayClash, readBayVersion } from '../../store/bays';
import { saveBookingChange, type FieldChange } from '../../store/booking-changes';
import { fullEdit } from '../booking/capacity';
import { sendReceipt } from '../booking/confirm-payment';
import { bookingEmail, type ReceiptLine } from '../booking/receipt-email';
import { refund } from '../booking/refund';
import { confirmedBooking } from './booking-detail';

const SPEC_NAMES: Record<keyof Selection, string> = {
  dropOffDate: 'drop_off_date',
  dropOffTime: 'drop_off_time',
  pickUpDate: 'pick_up_date',
  pickUpTime: 'pick_up_time',
  carWash: 'car_wash',
};

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The fields that differ, in the spec's names, with readable old and new values. */
function changesBetween(before: Booking, after: Booking): FieldChange[] {
  const pairs: [string, string | null, string | null][] = [
    ['drop_off_date', before.dropOffDate, after.dropOffDate],
    ['drop_off_time', before.dropOffTime, after.dropOffTime],
    ['pick_up_date', before.pickUpDate, after.pickUpDate],
    ['pick_up_time', before.pickUpTime, after.pickUpTime],
    ['car_registration', before.carRegistration, after.carRegistration],
    ['parking_bay_number', before.parkingBayNumber, after.parkingBayNumber],
    ['status', statusLabels[before.status as StatusFilter] ?? before.status, statusLabels[after.status as StatusFilter] ?? after.status],
    ['shuttle_service', yesNo(before.shuttleService), yesNo(after.shuttleService)],
    ['car_wash', yesNo(before.carWash), yesNo(after.carWash)],
    ['total_cost', formatMoney(before.totalCents), formatMoney(after.totalCents)],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([field, a, b]) => ({ field, old: a, new: b }));
}

export interface AdminEditResult {
  booking: Booking;
  history: AuditRecord[];
  settlement: Settlement;
}

export async function adminEditBooking(caller: Caller, id: string, edit: AdminBookingEdit, now = new Date()): Promise<AdminEditResult> {
  const before = await confirmedBooking(id);
  if (before.status === 'cancelled') throw conflict(adminMessages.notEditable);
  if (edit.version !== before.updatedAt) throw conflict(adminMessages.stale);

  const next: Selection = {
    dropOffDate: edit.drop_off_date ?? before.dropOffDate,
    dropOffTime: edit.drop_off_time ?? before.dropOffTime,
    pickUpDate: edit.pick_up_date ?? before.pickUpDate,
    pickUpTime: edit.pick_up_time ?? before.pickUpTime,
    carWash: edit.car_wash ?? before.carWash,
  };
  const dropOffMoves = next.dropOffDate !== before.dropOffDate || next.dropOffTime !== before.dropOffTime;
  const stayMoves = dropOffMoves || next.pickUpDate !== before.pickUpDate || next.pickUpTime !== before.pickUpTime;
  const repriced = stayMoves || next.carWash !== before.carWash;
  let totalCents = before.totalCents;
  let price = { days: before.days, parkingCost: before.parkingCents, carWashCost: before.carWashCents };
  if (repriced) {
    // The lead time applies to a drop-off being moved; staff may shorten or extend a stay already under way.
    const priced = quoteSelection(next, { now, enforceLeadTime: dropOffMoves });
    if (!priced.ok) {
      throw badRequest(priced.message, Object.fromEntries(Object.entries(priced.fieldErrors).map(([k, v]) => [SPEC_NAMES[k as keyof Selection], v as string])));
    }
    totalCents = priced.price.total;
    price = priced.price;
  }

  const today = nzToday(now);
  const paid = before.payment?.amountPaidCents ?? 0;
  const settlement = settle(paid, totalCents, today < before.dropOffDate);
  const at = now.toISOString();
  const after: Booking = {
    ...before,
    ...next,
    days: price.days,
    parkingCents: price.parkingCost,
    carWashCents: price.carWashCost,
    totalCents,
    carRegistration: edit.car_registration === undefined ? before.carRegistration : edit.car_registration,
    parkingBayNumber: edit.parking_bay_number === undefined ? before.parkingBayNumber : edit.parking_bay_number,
    shuttleService: edit.shuttle_service ?? before.shuttleService,
    status: edit.status ?? before.status,
    updatedAt: at,
  };
  const changes = changesBetween(before, after);
  if (changes.length === 0) return { booking: before, history: await bookingHistory(id), settlement };

  const ledger: LedgerLine[] = [...(before.ledger ?? [])];
  if (totalCents !== before.totalCents) {
    ledger.push({ id: randomUUID(), at, by: 'admin', kind: 'balance', amountCents: settlement.balanceDueCents - (before.payment?.balanceDueCents ?? 0), note: `Price ${formatMoney(before.totalCents)} -> ${formatMoney(totalCents)}` });
  }
  const refundLine: LedgerLine | null =
    settlement.refundCents > 0 ? { id: randomUUID(), at, by: 'admin', kind: 'refund', amountCents: -settlement.refundCents, note: 'Shorter stay before the drop-off date', status: 'pending' } : null;
  if (refundLine) ledger.push(refundLine);
  if (settlement.keptCents > 0 && totalCents !== before.totalCents) ledger.push({ id: randomUUID(), at, by: 'admin', kind: 'kept', amountCents: settlement.keptCents, note: 'Changed from the drop-off date on: not refunded' });
  after.ledger = ledger;
  if (before.payment) after.payment = { ...before.payment, amountPaidCents: paid - settlement.refundCents, balanceDueCents: settlement.balanceDueCents };

  const bayMoves = !!after.parkingBayNumber && (after.parkingBayNumber !== before.parkingBayNumber || stayMoves);
  const bayVersion = bayMoves ? await readBayVersion(after.parkingBayNumber!) : undefined;
  if (bayMoves && (await bayClash(after.parkingBayNumber!, after))) throw conflict(adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });

  const outcome = await saveBookingChange(before, after, { editableStatuses: [...CONFIRMED_STATUSES, 'payment_review'], audit: { by: caller.email ?? caller.sub, changes }, bayVersion });
  if (outcome === 'stale') throw conflict(adminMessages.stale);
  if (outcome === 'bay-busy') throw new HttpError(409, adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });
  if (outcome === 'full') throw await fullEdit(before, after);
  logger.info('Booking changed by staff', { bookingId: id, fields: changes.map((c) => c.field), totalCents, refundCents: settlement.refundCents });

  if (refundLine) await refund(after, refundLine, ledger.indexOf(refundLine));
  // Staff checked a payment held for review and confirmed the booking: the customer gets the receipt now.
  if (before.status === 'payment_review' && after.status !== 'payment_review') await sendReceipt(after);
  else if (repriced) await tellCustomer(before, after, settlement);
  return { booking: after, history: await bookingHistory(id), settlement };
}

async function tellCustomer(before: Booking, after: Booking, s: Settlement): Promise<void> {
  const change: ReceiptLine[] = [];
  if (s.totalCents !== before.totalCents) change.push({ label: 'New total', value: `${formatMoney(s.totalCents)} (was ${formatMoney(before.totalCents)})` });
  if (s.refundCents > 0) change.push({ label: 'Refund to your card', value: formatMoney(s.refundCents) });
  change.push({ label: 'Balance due at pick-up', value: formatMoney(s.balanceDueCents) });
  try {
    await sendEmail(bookingEmail(after, { subject: `Booking updated: ${after.bookingReference} | ${site.brand}`, intro: 'We have updated your booking. Here are the new details.', change }));
  } catch (error) {
    logger.error('Booking update e-mail failed', { bookingId: after.id, error: error instanceof Error ? error.message : String(error) });
  }
}
