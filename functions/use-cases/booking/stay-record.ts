/**
 * The booking record of a new stay, as a checkout (start-checkout.ts) and a walk-in paid in the yard
 * (admin/walk-in.ts) write it: who, the car, the stay, the flights, the bay and the server's price. Written once so
 * that a field added to a booking reaches both; what differs (status, payment, reference) is the caller's.
 */
import { addOnRecordOf } from '../../../shared/booked-add-ons';
import type { Price } from '../../../shared/pricing';
import type { Booking } from '../../../shared/records';

export interface NewStay {
  id: string;
  status: Booking['status'];
  customerId: string;
  userId: string | null;
  /** The details given with this booking, which may differ from a customer record the caller may not change. */
  details: { firstName: string; lastName: string; email: string; contactNumber: string; carRegistration: string };
  stay: Pick<Booking, 'dropOffDate' | 'dropOffTime' | 'pickUpDate' | 'pickUpTime'>;
  flights: { departure?: string | null; return?: string | null };
  parkingBayNumber: string | null;
  price: Price;
  paymentType: Booking['paymentType'];
  amountDueNowCents: number;
  checkoutSessionId: string;
  /** When it is made: its `createdAt` and first version. */
  at: string;
}

export function newStayRecord(s: NewStay): Booking {
  return {
    id: s.id,
    status: s.status,
    customerId: s.customerId,
    userId: s.userId,
    customer: { name: `${s.details.firstName} ${s.details.lastName}`.trim(), email: s.details.email, contactNumber: s.details.contactNumber },
    carRegistration: s.details.carRegistration,
    dropOffDate: s.stay.dropOffDate,
    dropOffTime: s.stay.dropOffTime,
    pickUpDate: s.stay.pickUpDate,
    pickUpTime: s.stay.pickUpTime,
    departureFlight: s.flights.departure ?? null,
    returnFlight: s.flights.return ?? null,
    parkingBayNumber: s.parkingBayNumber,
    days: s.price.days,
    shuttleService: true,
    parkingCents: s.price.parkingCost,
    ...addOnRecordOf(s.price),
    totalCents: s.price.total,
    paymentType: s.paymentType,
    amountDueNowCents: s.amountDueNowCents,
    checkoutSessionId: s.checkoutSessionId,
    createdAt: s.at,
    updatedAt: s.at,
  };
}
