/**
 * A booking as the API answers it (shared/customer-bookings.ts, the spec's snake_case field names, docs/product-rules.md
 * "Field names"): the booking area's one wire mapper, used by the customer's routes (My Bookings, edit, cancel) and the
 * staff's (the dashboard list, edits, payments, refunds, walk-ins, the export) alike.
 */
import type { CustomerBooking } from '../../../shared/customer-bookings';
import { centsToDollars } from '../../../shared/money';
import type { Booking } from '../../../shared/records';
import { addOnFlagsOf } from '../../../shared/booked-add-ons';
import { paidAndDue } from './created-booking';
import { moneyStateOf, refundsGrantedCents } from './money-state';

export function toCustomerBooking(b: Booking): CustomerBooking {
  return {
    id: b.id,
    booking_reference: b.bookingReference ?? '',
    user_id: b.userId,
    customer_id: b.customerId,
    customer: { name: b.customer.name, email: b.customer.email, contact_number: b.customer.contactNumber },
    drop_off_date: b.dropOffDate,
    drop_off_time: b.dropOffTime,
    pick_up_date: b.pickUpDate,
    pick_up_time: b.pickUpTime,
    departure_flight: b.departureFlight,
    return_flight: b.returnFlight,
    car_registration: b.carRegistration,
    parking_bay_number: b.parkingBayNumber,
    status: b.status as CustomerBooking['status'],
    shuttle_service: b.shuttleService,
    ...addOnFlagsOf(b),
    total_cost: centsToDollars(b.totalCents),
    days: b.days,
    ...paidAndDue(b),
    payment_review_reason: b.status === 'payment_review' ? (b.payment?.reviewReason ?? 'amount') : null,
    refunded: centsToDollars(refundsGrantedCents(b)),
    terms_drop_off_at: moneyStateOf(b).termsDropOffAt.toISOString(),
    created_at: b.createdAt,
    updated_at: b.updatedAt,
  };
}
