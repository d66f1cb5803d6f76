/**
 * The staff's day sheet: one entry per drop-off and per pick-up under `DAY#<date>`, sorted by time, holding a
 * copy of what the sheet shows. Entries are written and moved inside the booking's own transactions.
 */
import type { Booking } from '../../shared/records';
import { keys } from './keys';
import type { TransactItem } from './table';

/** The put of one day-sheet entry, for a booking's transaction. */
export function dayEntry(kind: 'dropoff' | 'pickup', b: Booking, reference: string): TransactItem {
  const date = kind === 'dropoff' ? b.dropOffDate : b.pickUpDate;
  const time = kind === 'dropoff' ? b.dropOffTime : b.pickUpTime;
  const key = kind === 'dropoff' ? keys.dayDropOff(date, time, b.id) : keys.dayPickUp(date, time, b.id);
  return {
    Put: {
      Item: {
        ...key,
        type: 'day_sheet_entry',
        kind,
        date,
        time,
        bookingId: b.id,
        bookingReference: reference,
        customerName: b.customer.name,
        contactNumber: b.customer.contactNumber,
        carRegistration: b.carRegistration,
        carWash: b.carWash,
        flight: (kind === 'dropoff' ? b.departureFlight : b.returnFlight) ?? null,
      },
    },
  };
}
