/** The booking as staff see it: the customer's fields and what the yard recorded at check-in (never sent to a customer). */
import type { AdminBooking } from '../../../shared/admin';
import type { Booking } from '../../../shared/records';
import { toCustomerBooking } from '../booking/booking-wire';

export const toAdminBooking = (b: Booking): AdminBooking => ({ ...toCustomerBooking(b), key_tag: b.keyTag ?? null, car_make: b.carMake ?? null, car_colour: b.carColour ?? null });
