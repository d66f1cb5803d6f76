/**
 * A booking as the yard screen shows it: the booking with staff's fields, its notes, what must be paid
 * before the car leaves (the balance and the late fee an unnotified overstay adds: shared/balance.ts), a free bay to
 * suggest at check-in, and the next step with why it needs an admin, if it does.
 */
import { lateDays, LATE_FEE_PER_DAY_CENTS } from '../../../shared/balance';
import { decideOverstayFee } from '../../../shared/money-policy';
import { returnFlightDelayOf } from '../flights/flight-delay';
import { returnFlightViewOf } from '../flights/flight-notice';
import { centsToDollars, dollarsToCents } from '../../../shared/money';
import { nzToday } from '../../../shared/nz-time';
import type { Booking } from '../../../shared/records';
import { statusMessages } from '../../../shared/status-transitions';
import type { YardBooking } from '../../../shared/yard';
import { freeBay } from '../../store/bays';
import { yardCapacity } from '../../store/yard-settings';
import { toAdminBooking } from '../admin/admin-booking';
import { notesOf } from './note-view';
import * as clock from '../../lib/clock';

export async function yardView(b: Booking, now = clock.now()): Promise<YardBooking> {
  const booking = toAdminBooking(b);
  const [notes, suggested, delay, flight] = await Promise.all([
    notesOf(b.id),
    b.status === 'reservation' ? suggestBay(b) : Promise.resolve(b.parkingBayNumber),
    b.status === 'checkin' ? returnFlightDelayOf(b) : Promise.resolve(null),
    returnFlightViewOf(b),
  ]);
  const pickUp = { date: b.pickUpDate, time: b.pickUpTime };
  // What check-out would charge (edit-booking.ts), by the same policy: the airline's delay is not counted.
  const fee = b.status === 'checkin' ? decideOverstayFee({ lateDaysAt: (at) => lateDays(pickUp, at), collectedAt: now, perDayCents: LATE_FEE_PER_DAY_CENTS, delay, alreadyChargedCents: b.lateFeeCents ?? 0 }) : null;
  const days = fee?.days ?? 0;
  const feeCents = fee?.chargeCents ?? 0;
  const balanceCents = dollarsToCents(booking.balance_due);
  const nextStep = b.status === 'reservation' ? 'checkin' : b.status === 'checkin' ? 'checkout' : null;
  return {
    booking,
    notes,
    due: { balance: booking.balance_due, late_days: days, late_fee: centsToDollars(feeCents), late_fee_waiver: fee?.waiverText ?? null, total: centsToDollars(balanceCents + feeCents) },
    suggested_bay: suggested,
    next_step: nextStep,
    step_blocked: nextStep === 'checkin' && nzToday(now) < b.dropOffDate ? statusMessages.early(b.dropOffDate) : null,
    flight_alert: flight.disrupted ? flight.notice : null,
  };
}

async function suggestBay(b: Booking): Promise<string | null> {
  return freeBay(b, (await yardCapacity()).capacity);
}
