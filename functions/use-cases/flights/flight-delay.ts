/**
 * The return flight's delay as the overstay fee sees it (shared/money-policy.ts `decideOverstayFee`): the booking's
 * own flight on its own pick-up date, read by key, once it has landed with a schedule to compare. The walk-out is
 * the yard's minutes for the flight's terminal; a terminal the provider did not name counts the shorter of the two,
 * so a waiver is never more than the rule allows.
 */
import { stopOfTerminal } from '../../../shared/flights';
import { walkOutMinutes, type PickupSettings } from '../../../shared/kerb-time';
import type { ReturnFlightDelay } from '../../../shared/money-policy';
import type { Booking } from '../../../shared/records';
import { getFlightArrival, type FlightArrivalRecord } from '../../store/flight-tracking';
import { pickupSettings } from '../../store/yard-settings';

type FlightOfBooking = Pick<Booking, 'returnFlight' | 'pickUpDate'>;

export function flightDelay(b: FlightOfBooking, tracked: Partial<FlightArrivalRecord> | null, settings: PickupSettings): ReturnFlightDelay | null {
  if (!b.returnFlight || !tracked || tracked.flight !== b.returnFlight || tracked.date !== b.pickUpDate || tracked.known !== 'found') return null;
  if (!tracked.scheduledOn || !tracked.actualOn) return null;
  const stop = stopOfTerminal(tracked.terminal);
  const walkOut = stop ? walkOutMinutes(stop, settings) : Math.min(settings.domesticWalkOutMinutes, settings.internationalWalkOutMinutes);
  return { flight: b.returnFlight, scheduledOn: tracked.scheduledOn, actualOn: tracked.actualOn, walkOutMinutes: walkOut };
}

/** Two GetItems at once; none for a booking without a return flight. */
export async function returnFlightDelayOf(b: FlightOfBooking): Promise<ReturnFlightDelay | null> {
  if (!b.returnFlight) return null;
  const [tracked, settings] = await Promise.all([getFlightArrival(b.returnFlight, b.pickUpDate), pickupSettings()]);
  return flightDelay(b, tracked, settings);
}
