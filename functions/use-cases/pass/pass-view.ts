/**
 * A booking as its pass shows it (shared/pass.ts): the stay, flights, bay, money and what the traveller may do now.
 * Deliberately no name, e-mail or phone: the pass link is forwarded to whoever drives or collects the car.
 */
import { keptText } from '../../../shared/cancellation';
import { centsToDollars } from '../../../shared/money';
import { nzToday } from '../../../shared/nz-time';
import { mayOfferLanded, type Pass, type PassStatus } from '../../../shared/pass';
import { isConfirmed, type Booking } from '../../../shared/records';
import { NO_WALLET } from '../../../shared/wallet';
import { paidAndDue } from '../booking/created-booking';
import { returnedPayments } from '../booking/returned-payments';
import { customerTermsOf } from '../booking/customer-terms';
import type { PassLink } from '../booking/pass-link';
import { addOnFlagsOf } from '../../../shared/booked-add-ons';
import * as clock from '../../lib/clock';
import { namesBuyer } from '../invoices/tax-documents';
import { NO_FLIGHT_VIEW, type ReturnFlightView } from '../flights/flight-notice';

const OPEN: readonly string[] = ['reservation', 'checkin'];

/** `flight`: what the flight tracker has to say about the return flight (flights/flight-notice.ts). */
export function toPass(b: Booking, link: PassLink, now: Date = clock.now(), flight: ReturnFlightView = NO_FLIGHT_VIEW): Pass {
  const money = paidAndDue(b);
  const terms = customerTermsOf(b, now);
  return {
    reference: b.bookingReference ?? '',
    pass_url: link.url,
    token: link.token,
    status: b.status as PassStatus,
    drop_off: { date: b.dropOffDate, time: b.dropOffTime },
    pick_up: { date: b.pickUpDate, time: b.pickUpTime },
    days: b.days,
    departure_flight: b.departureFlight,
    return_flight: b.returnFlight,
    return_flight_notice: flight.notice,
    return_flight_landed: flight.landed,
    car_registration: b.carRegistration,
    parking_bay_number: b.parkingBayNumber,
    ...addOnFlagsOf(b),
    total_cost: centsToDollars(b.totalCents),
    ...money,
    can: {
      pay_balance: OPEN.includes(b.status) && money.balance_due > 0,
      cancel: terms.cancellable,
      // A flight the tracker saw land has already told the yard: nothing to press.
      say_landed: mayOfferLanded(b, nzToday(now)) && !flight.landed,
      resend_confirmation: b.status !== 'cancelled' && b.status !== 'payment_review',
      // What the calendar file route gives a file for (calendar-file.ts): a confirmed booking, not a cancelled one.
      add_to_calendar: isConfirmed(b),
    },
    cancellation: {
      cancellable: terms.cancellable,
      reason: terms.reason,
      paid: centsToDollars(terms.paidCents),
      refund: centsToDollars(terms.refundCents),
      fee: centsToDollars(terms.feeCents),
      kept: centsToDollars(terms.keptCents),
      kept_reason: keptText(terms.keptReason),
    },
    // The pass routes that offer wallets add them (functions/use-cases/wallet/pass-with-wallet.ts).
    wallet: NO_WALLET,
    invoice: namesBuyer(b) ? 'email' : 'download',
    returned_payments: returnedPayments(b).map(({ sessionId: _, ...p }) => p),
  };
}
