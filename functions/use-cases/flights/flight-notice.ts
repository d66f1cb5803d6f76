/**
 * What a booking's pass, the dashboard and the return-day reminder say about its return flight, from the tracker's
 * stored state (store/flight-tracking.ts): plainly, when the provider does not know the flight on the pick-up date,
 * so the traveller can correct a typo or a wrong day before landing; otherwise the landing (estimated or actual)
 * against the schedule and when the shuttle meets them at their stop; cancelled and diverted said as such. Nothing
 * before the tracker has asked (it starts 24 hours before the arrival), nothing once the booking is over or
 * cancelled. Only the booking's own flight on its own pick-up date is ever read.
 */
import { flightStatusText, stopOfTerminal, unknownFlightText } from '../../../shared/flights';
import type { Booking } from '../../../shared/records';
import { getFlightArrival, type FlightArrivalRecord } from '../../store/flight-tracking';
import { DEFAULT_PICKUP_SETTINGS, expectedKerbAt, type PickupSettings } from '../../../shared/kerb-time';
import { pickupSettings } from '../../store/yard-settings';

type FlightOfBooking = Pick<Booking, 'status' | 'returnFlight' | 'pickUpDate'>;

const TRACKED: readonly string[] = ['reservation', 'checkin'];

export interface ReturnFlightView {
  /** The sentence to show, or null. */
  notice: string | null;
  /** The tracker saw the flight land: "I've landed" is no longer needed (the shuttle is already told). */
  landed: boolean;
  /** Cancelled or diverted: staff and the traveller need to move the pick-up. */
  disrupted: boolean;
}

export const NO_FLIGHT_VIEW: ReturnFlightView = { notice: null, landed: false, disrupted: false };

type Tracked = Pick<FlightArrivalRecord, 'flight' | 'date' | 'known'> & Partial<FlightArrivalRecord>;

/**
 * `settings`: the yard's walk-out minutes per terminal (store/yard-settings.ts), for when the shuttle meets them; a
 * terminal the provider did not name gives no kerb time rather than a guess.
 */
export function returnFlightView(b: FlightOfBooking, tracked: Tracked | null, settings: PickupSettings = DEFAULT_PICKUP_SETTINGS): ReturnFlightView {
  if (!b.returnFlight || !tracked || !TRACKED.includes(b.status)) return NO_FLIGHT_VIEW;
  if (tracked.flight !== b.returnFlight || tracked.date !== b.pickUpDate) return NO_FLIGHT_VIEW;
  if (tracked.known === 'unknown') return { ...NO_FLIGHT_VIEW, notice: unknownFlightText(b.returnFlight, b.pickUpDate) };
  if (tracked.known !== 'found') return NO_FLIGHT_VIEW;
  const stop = stopOfTerminal(tracked.terminal);
  const landing = tracked.actualOn ?? tracked.estimatedOn ?? tracked.scheduledOn ?? null;
  const disrupted = tracked.cancelled === true || tracked.diverted === true;
  const notice = flightStatusText({
    flight: b.returnFlight,
    scheduledOn: tracked.scheduledOn ?? null,
    estimatedOn: tracked.estimatedOn ?? null,
    actualOn: tracked.actualOn ?? null,
    cancelled: tracked.cancelled === true,
    diverted: tracked.diverted === true,
    stop,
    kerbAt: landing && stop && !disrupted ? expectedKerbAt(landing, stop, settings).toISOString() : null,
  });
  return { notice, landed: !disrupted && Boolean(tracked.actualOn), disrupted };
}

/** Kept for the callers that need only the sentence. */
export const returnFlightNotice = (b: FlightOfBooking, tracked: Tracked | null, settings?: PickupSettings): string | null => returnFlightView(b, tracked, settings).notice;

/**
 * The view for a booking, reading its flight's state and the yard's pickup settings by key (two GetItems at once;
 * none without a return flight).
 */
export async function returnFlightViewOf(b: FlightOfBooking): Promise<ReturnFlightView> {
  const flight = b.returnFlight;
  if (!flight || !TRACKED.includes(b.status)) return NO_FLIGHT_VIEW;
  const [tracked, settings] = await Promise.all([getFlightArrival(flight, b.pickUpDate), pickupSettings()]);
  return returnFlightView(b, tracked, settings);
}
