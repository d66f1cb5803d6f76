/** The signed-in person's bookings for the dashboard, with the snake_case field names (docs/product-rules.md, Field names). */
import type { CustomerBooking } from '../../../shared/customer-bookings';
import type { Caller } from '../../lib/auth';
import { isListed } from '../../../shared/records';
import { linkedCustomerIds } from '../../store/account-customers';
import { bookingsOfAccount } from '../../store/own-bookings';
import { accountCustomer } from './account-customer';
import { toCustomerBooking } from '../booking/booking-wire';

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
