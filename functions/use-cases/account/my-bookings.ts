/** The signed-in person's bookings for the dashboard, with the snake_case field names (docs/product-rules.md, Field names). */
import type { CustomerBooking } from '../../../shared/customer-bookings';
import { centsToDollars } from '../../../shared/money';
import { paidAndDue } from '../booking/created-booking';
import { moneyStateOf, refundsGrantedCents } from '../booking/money-state';
import type { Caller } from '../../lib/auth';
import { isListed, type Booking } from '../../../shared/records';
import { linkedCustomerIds } from '../../store/account-customers';
import { bookingsOfAccount } from '../../store/own-bookings';
import { accountCustomer } from './account-customer';
import { addOnFlagsOf } from '../../../shared/booked-add-ons';

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

export async function myBookings(caller: Caller): Promise<CustomerBooking[]> {
  let customers = await linkedCustomerIds(caller.sub);
  // None linked yet: claim the customer with the verified e-mail, so bookings paid before sign-up are included.
  if (customers.length === 0) {
    const claimed = await accountCustomer(caller);
    customers = claimed ? [claimed.id] : [];
  }
  const bookings = await bookingsOfAccount(caller.sub, customers);
  return bookings
    .filter(isListed)
    .map(toCustomerBooking)
    .sort((a, b) => `${a.drop_off_date}T${a.drop_off_time}`.localeCompare(`${b.drop_off_date}T${b.drop_off_time}`));
}
