/** A confirmed booking as GET /api/checkout/{sessionId} answers it: the created-booking response (snake_case, docs/product-rules.md, Field names) plus the payment. */
import type { CreatedBooking } from '../../../shared/booking';
import { maskEmail, maskPhone } from '../../../shared/mask';
import { centsToDollars } from '../../../shared/money';
import type { Booking } from '../../../shared/records';
import { addOnFlagsOf, bookedAddOns } from '../../../shared/booked-add-ons';

/** What was paid and what is left for pick-up, in dollars. */
export function paidAndDue(b: Booking): { amount_paid: number; balance_due: number } {
  const paid = b.payment?.amountPaidCents ?? 0;
  return { amount_paid: centsToDollars(paid), balance_due: centsToDollars(b.payment?.balanceDueCents ?? b.totalCents - paid) };
}

/**
 * The answer to anyone holding the session id (a bearer link that may be shared or logged): the e-mail and
 * phone masked. The success page shows them in full from the tab's own pendingBooking.
 */
export function toPublicCreatedBooking(b: Booking): CreatedBooking {
  const full = toCreatedBooking(b);
  return { ...full, customer: { ...full.customer, email: maskEmail(full.customer.email), contact_number: maskPhone(full.customer.contact_number) } };
}

export function toCreatedBooking(b: Booking): CreatedBooking {
  return {
    booking_id: b.id,
    booking_reference: b.bookingReference ?? '',
    parking_bay_number: b.parkingBayNumber,
    customer: { name: b.customer.name, email: b.customer.email, contact_number: b.customer.contactNumber },
    car_registration: b.carRegistration ?? '',
    drop_off_date: b.dropOffDate,
    drop_off_time: b.dropOffTime,
    pick_up_date: b.pickUpDate,
    pick_up_time: b.pickUpTime,
    departure_flight: b.departureFlight,
    return_flight: b.returnFlight,
    days: b.days,
    shuttle_service: b.shuttleService,
    ...addOnFlagsOf(b),
    add_ons: bookedAddOns(b).map((x) => ({ service: x.addOn.field, name: x.addOn.name, cost: centsToDollars(x.cents) })),
    total_cost: centsToDollars(b.totalCents),
    payment_type: b.paymentType,
    ...paidAndDue(b),
    status: b.status,
  };
}
