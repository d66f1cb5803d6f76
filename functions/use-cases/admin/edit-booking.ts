/**
 * Staff edit a booking (docs/admin.md; docs/product-rules.md, 'Changing a booking', 'Money after payment',
 * 'Admin lists at scale'). The server re-prices a change of dates or car wash with the quote's rules, settles
 * the money by the staff policy (the customer terms unless staff give their own refund, above the terms only
 * with a reason: functions/use-cases/booking/change-booking.ts), refuses a bay another booking holds on overlapping dates, stores an
 * empty registration or bay as null, and writes who changed what next to the booking, all in the booking's
 * one transaction. A save over someone else's change is refused.
 */
import { adminMessages, statusLabels, type AdminBookingEdit, type StatusFilter } from '../../../shared/admin';
import { balanceMessages, lateDays, lateFeeNote, LATE_FEE_PER_DAY_CENTS } from '../../../shared/balance';
import { returnFlightDelayOf } from '../flights/flight-delay';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import { decideOverstayFee, type MoneyDecision, type Policy, type ReturnFlightDelay } from '../../../shared/money-policy';
import { CONFIRMED_STATUSES, type Booking } from '../../../shared/records';
import { ADMIN_GROUP } from '../../../shared/roles';
import { site } from '../../../shared/site';
import { nzToday } from '../../../shared/nz-time';
import { exceptionMessage, overrideHistoryValue, statusMessages, statusMove, type StatusName } from '../../../shared/status-transitions';
import type { Caller } from '../../lib/auth';
import { withCalendar } from '../calendar/calendar-email';
import { sendEmail } from '../../lib/email';
import { conflict, forbidden } from '../../domain/errors';
import { logger } from '../../lib/logger';
import { bookingHistory, type AuditRecord } from '../../store/audit';
import { bayClash, readBayVersion } from '../../store/bays';
import type { FieldChange } from '../../store/booking-changes';
import { fullEdit } from '../booking/capacity';
import { ruledBay } from '../yard/bay-rule';
import { sendReceipt } from '../booking/confirm-payment';
import { changeBooking, decideChange, refundHistoryValue } from '../booking/change-booking';
import { bookingEmail, moneyChangeLines } from '../booking/receipt-email';
import { repriceStay } from '../booking/reprice';
import { confirmedBooking } from './booking-detail';
import { payBalanceLinks } from '../booking/pay-balance-links';
import { addOn, choicesFromFlags, SERVICE_IDS } from '../../../shared/add-ons';
import { choicesOf } from '../../../shared/booked-add-ons';
import * as clock from '../../lib/clock';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The fields that differ, in the API's snake_case names (docs/product-rules.md, Field names), with readable old and new values. */
function changesBetween(before: Booking, after: Booking): FieldChange[] {
  const pairs: [string, string | null, string | null][] = [
    ['drop_off_date', before.dropOffDate, after.dropOffDate],
    ['drop_off_time', before.dropOffTime, after.dropOffTime],
    ['pick_up_date', before.pickUpDate, after.pickUpDate],
    ['pick_up_time', before.pickUpTime, after.pickUpTime],
    ['car_registration', before.carRegistration, after.carRegistration],
    ['departure_flight', before.departureFlight, after.departureFlight],
    ['return_flight', before.returnFlight, after.returnFlight],
    ['parking_bay_number', before.parkingBayNumber, after.parkingBayNumber],
    ['status', statusLabels[before.status as StatusFilter] ?? before.status, statusLabels[after.status as StatusFilter] ?? after.status],
    ['shuttle_service', yesNo(before.shuttleService), yesNo(after.shuttleService)],
    ['car_wash', yesNo(before.carWash), yesNo(after.carWash)],
    ...SERVICE_IDS.map((id): [string, string, string] => [addOn(id).field, yesNo(before[id] === true), yesNo(after[id] === true)]),
    ['total_cost', formatMoney(before.totalCents), formatMoney(after.totalCents)],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([field, a, b]) => ({ field, old: a, new: b }));
}

export interface AdminEditResult {
  booking: Booking;
  history: AuditRecord[];
  settlement: MoneyDecision;
}

/** Staff's own refund, when they give one (dollars in the API); otherwise the customer terms decide. */
function staffPolicy(edit: AdminBookingEdit): Policy {
  return edit.refund === undefined ? { actor: 'staff' } : { actor: 'staff', refund: { refundCents: dollarsToCents(edit.refund), ...(edit.reason ? { reason: edit.reason } : {}) } };
}

export async function adminEditBooking(caller: Caller, id: string, asked: AdminBookingEdit, now = clock.now()): Promise<AdminEditResult> {
  const edit: AdminBookingEdit = asked.parking_bay_number ? { ...asked, parking_bay_number: await ruledBay(asked.parking_bay_number) } : asked;
  const before = await confirmedBooking(id);
  if (before.status === 'cancelled') throw conflict(adminMessages.notEditable);
  if (edit.version !== before.updatedAt) throw conflict(adminMessages.stale);

  // Staff may shorten or extend a stay already under way; the lead time applies only to a drop-off being moved.
  const stay = await repriceStay(
    before,
    {
      dropOffDate: edit.drop_off_date ?? before.dropOffDate,
      dropOffTime: edit.drop_off_time ?? before.dropOffTime,
      pickUpDate: edit.pick_up_date ?? before.pickUpDate,
      pickUpTime: edit.pick_up_time ?? before.pickUpTime,
      ...choicesFromFlags(edit, choicesOf(before)),
    },
    now,
    // Staff are the late-night notice: they may move a drop-off into the night at short notice.
    { lateNight: false },
  );
  const proposed: Booking = {
    ...stay.booking,
    carRegistration: edit.car_registration === undefined ? before.carRegistration : edit.car_registration,
    departureFlight: edit.departure_flight === undefined ? before.departureFlight : edit.departure_flight,
    returnFlight: edit.return_flight === undefined ? before.returnFlight : edit.return_flight,
    parkingBayNumber: edit.parking_bay_number === undefined ? before.parkingBayNumber : edit.parking_bay_number,
    shuttleService: edit.shuttle_service ?? before.shuttleService,
    status: edit.status ?? before.status,
  };
  // Damage claims are taken for 48 hours from the moment the car leaves (shared/claims.ts).
  if (proposed.status === 'checkout' && before.status !== 'checkout') proposed.checkedOutAt = now.toISOString();
  const statusChange = statusException(caller, before, proposed.status, edit, now);
  const policy = staffPolicy(edit);
  const checkOut = checkOutCharges(before, proposed, now, proposed.status === 'checkout' && before.status !== 'checkout' ? await returnFlightDelayOf(proposed) : null);
  const extra: FieldChange[] = [];
  if (checkOut) {
    // Terms: the car is released once paid. Money due (with any late fee) refuses the check-out unless an admin lets it go.
    const due = decideChange(before, checkOut.proposed, policy, now).decision.balanceDueCents;
    if (due > 0 && edit.checkout_override === undefined) {
      // The late fee is owed whether or not the car leaves now: it is charged first, so staff can take it.
      if (checkOut.feeCents > 0) await chargeLateFee(caller, before, checkOut, now);
      throw conflict(balanceMessages.checkoutRefused(due), { status: balanceMessages.checkoutRefused(due) });
    }
    if (due > 0 && !caller.groups.includes(ADMIN_GROUP)) throw forbidden(balanceMessages.overrideAdminOnly);
    Object.assign(proposed, checkOut.proposed);
    if (checkOut.feeCents > 0 || checkOut.waiverText) extra.push(checkOut.history);
    if (due > 0) extra.push({ field: 'checkout_override', old: null, new: `${formatMoney(due)} due: ${edit.checkout_override}` });
  }
  const changes = [...changesBetween(before, proposed), ...(statusChange ? [statusChange] : []), ...extra];
  if (changes.length === 0 && edit.refund === undefined) return { booking: before, history: await bookingHistory(id), settlement: decideChange(before, before, policy, now).decision };

  const bayMoves = !!proposed.parkingBayNumber && (proposed.parkingBayNumber !== before.parkingBayNumber || stay.stayMoves);
  const bayVersion = bayMoves ? await readBayVersion(proposed.parkingBayNumber!) : undefined;
  if (bayMoves && (await bayClash(proposed.parkingBayNumber!, proposed))) throw conflict(adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });

  const done = await changeBooking(before, {
    proposed,
    policy,
    by: 'admin',
    ...(checkOut?.feeCents ? { balanceNote: stay.repriced ? `Price ${formatMoney(before.totalCents)} -> ${formatMoney(proposed.totalCents)}; ${checkOut.note}` : checkOut.note } : {}),
    save: { editableStatuses: [...CONFIRMED_STATUSES, 'payment_review'], ...(bayVersion === undefined ? {} : { bayVersion }) },
    // The refund is part of the history when staff chose it or the change made one (with staff's reason above the terms).
    audit: { by: caller.email ?? caller.sub, changes: (d) => [...changes, ...(edit.refund !== undefined || d.refundCents > 0 ? [{ field: 'refund', old: null, new: refundHistoryValue(d) }] : [])] },
    now,
  });
  if (done.outcome === 'bay-busy') throw conflict(adminMessages.bayTaken, { parking_bay_number: adminMessages.bayTaken });
  if (done.outcome === 'full') throw await fullEdit(before, proposed);
  if (done.outcome !== 'changed') throw conflict(adminMessages.stale);
  const { booking: after, decision } = done;
  logger.info('Booking changed by staff', { bookingId: id, fields: changes.map((c) => c.field), totalCents: after.totalCents, refundCents: decision.refundCents });

  // Staff checked a payment held for review and confirmed the booking: the customer gets the receipt now.
  if (before.status === 'payment_review' && after.status !== 'payment_review') await sendReceipt(after);
  else if (stay.repriced || decision.refundCents > 0) await tellCustomer(before, after, decision);
  return { booking: after, history: await bookingHistory(id), settlement: decision };
}

/**
 * The status rules (shared/status-transitions.ts): a step forward passes; any other move is refused (409, with the
 * reason in the `status` field so the dialog can ask for the override) unless an admin confirms it with a reason,
 * which the history keeps. Null when no exception is made.
 */
export function statusException(caller: Caller, before: Booking, to: string, edit: Pick<AdminBookingEdit, 'status_override'>, now: Date): FieldChange | null {
  const from = before.status as StatusName;
  const move = statusMove(from, to as StatusName, before.dropOffDate, nzToday(now));
  // An override sent with a plain step (the dialog kept it after the status was put back) changes nothing.
  if (move.kind !== 'exception') return null;
  const refusal = exceptionMessage(from, move.why, before.dropOffDate);
  if (!edit.status_override) throw conflict(refusal, { status_override: refusal });
  if (!caller.groups.includes(ADMIN_GROUP)) throw forbidden(statusMessages.adminOnly);
  return { field: 'status_override', old: null, new: overrideHistoryValue(from, to as StatusName, move.why, edit.status_override.reason) };
}

interface CheckOutCharges {
  /** The booking as proposed, with the late fee (if any) in its total. */
  proposed: Booking;
  feeCents: number;
  note: string;
  /** "Late fee waived: NZ102 landed 2 h 10 min late", or null. */
  waiverText: string | null;
  history: FieldChange;
}

/**
 * A move to Check-out and what it adds: the terms' $5 a day for each day past the booked pick-up (the pick-up as
 * proposed: an extension staff enter in the same save was notified), less the days the return flight's delay
 * accounts for (the money policy's `decideOverstayFee`), less what an earlier attempt charged.
 */
function checkOutCharges(before: Booking, proposed: Booking, now: Date, delay: ReturnFlightDelay | null): CheckOutCharges | null {
  if (proposed.status !== 'checkout' || before.status === 'checkout') return null;
  const pickUp = { date: proposed.pickUpDate, time: proposed.pickUpTime };
  const charged = before.lateFeeCents ?? 0;
  const fee = decideOverstayFee({ lateDaysAt: (at) => lateDays(pickUp, at), collectedAt: now, perDayCents: LATE_FEE_PER_DAY_CENTS, delay, alreadyChargedCents: charged });
  const feeCents = fee.chargeCents;
  const counted = fee.days - fee.waivedDays;
  const note = [counted > 0 ? lateFeeNote(counted, pickUp) : null, fee.waiverText ? `${fee.waiverText} (${formatMoney(fee.waivedCents)} not charged)` : null].filter(Boolean).join('; ');
  const withFee: Booking = feeCents > 0 ? { ...proposed, totalCents: proposed.totalCents + feeCents, lateFeeCents: charged + feeCents } : proposed;
  return {
    proposed: withFee,
    feeCents,
    note,
    waiverText: fee.waiverText,
    history: { field: 'late_fee', old: charged ? formatMoney(charged) : null, new: `${formatMoney(charged + feeCents)} (${note})` },
  };
}

/** The late fee alone, when check-out is refused: the balance shows it, and the next check-out does not add it again. */
async function chargeLateFee(caller: Caller, before: Booking, checkOut: CheckOutCharges, now: Date): Promise<void> {
  const proposed: Booking = { ...before, totalCents: before.totalCents + checkOut.feeCents, lateFeeCents: (before.lateFeeCents ?? 0) + checkOut.feeCents };
  const done = await changeBooking(before, {
    proposed,
    policy: { actor: 'staff' },
    by: 'admin',
    balanceNote: checkOut.note,
    save: { editableStatuses: [...CONFIRMED_STATUSES, 'payment_review'] },
    audit: { by: caller.email ?? caller.sub, changes: () => [{ field: 'late_fee', old: before.lateFeeCents ? formatMoney(before.lateFeeCents) : null, new: formatMoney(proposed.lateFeeCents!) }, { field: 'total_cost', old: formatMoney(before.totalCents), new: formatMoney(proposed.totalCents) }] },
    now,
  });
  if (done.outcome !== 'changed') throw conflict(adminMessages.stale);
  logger.info('Late pick-up fee charged', { bookingId: before.id, feeCents: checkOut.feeCents });
}

async function tellCustomer(before: Booking, after: Booking, d: MoneyDecision): Promise<void> {
  try {
    await sendEmail(await withCalendar(bookingEmail(after, { subject: `Booking updated: ${after.bookingReference} | ${site.brand}`, intro: 'We have updated your booking. Here are the new details.', change: moneyChangeLines(before, d), payBalance: await payBalanceLinks(after) }), after, 'REQUEST'));
  } catch (error) {
    logger.error('Booking update e-mail failed', { bookingId: after.id, error: error instanceof Error ? error.message : String(error) });
  }
}
