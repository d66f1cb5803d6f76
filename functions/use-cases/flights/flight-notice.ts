/**
 * What a booking's pass says about its return flight from the tracker's stored state (store/flight-tracking.ts):
 * plainly, when the provider does not know the flight on the pick-up date, so the traveller can correct a typo or a
 * wrong day before landing. Nothing before the tracker has asked (it starts 24 hours before the arrival), nothing
 * once the booking is over or cancelled.
 */
import { unknownFlightText } from '../../../shared/flights';
import type { Booking } from '../../../shared/records';
import { getFlightArrival, type FlightArrivalRecord } from '../../store/flight-tracking';

type FlightOfBooking = Pick<Booking, 'status' | 'returnFlight' | 'pickUpDate'>;

const TRACKED: readonly string[] = ['reservation', 'checkin'];

export function returnFlightNotice(b: FlightOfBooking, tracked: Pick<FlightArrivalRecord, 'flight' | 'date' | 'known'> | null): string | null {
  if (!b.returnFlight || !tracked || !TRACKED.includes(b.status)) return null;
  if (tracked.flight !== b.returnFlight || tracked.date !== b.pickUpDate || tracked.known !== 'unknown') return null;
  return unknownFlightText(b.returnFlight, b.pickUpDate);
}

/** The notice for a booking, reading its flight's state by key (one GetItem; none without a return flight). */
export async function returnFlightNoticeOf(b: FlightOfBooking): Promise<string | null> {
  if (!b.returnFlight || !TRACKED.includes(b.status)) return null;
  return returnFlightNotice(b, await getFlightArrival(b.returnFlight, b.pickUpDate));
}
