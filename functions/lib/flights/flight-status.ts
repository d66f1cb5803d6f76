/**
 * A flight-status provider behind one interface: the tracker (functions/use-cases/flights/track-flights.ts) asks it
 * for a flight's arrival at Auckland on one NZ date and never sees the provider's own shape. The AeroAPI adapter
 * (aeroapi.ts) is the one in use; the local stack's stand-in answers in AeroAPI's shape, so it runs the same adapter.
 */

/** A flight's arrival at Auckland as the provider reported it; instants are ISO strings (UTC), null when not known. */
export interface FlightArrival {
  /** The provider's own id of this flight (one departure of the flight number). */
  providerFlightId: string | null;
  identIata: string | null;
  identIcao: string | null;
  /** Touchdown on the runway: scheduled, estimated, actual. */
  scheduledOn: string | null;
  estimatedOn: string | null;
  actualOn: string | null;
  /** At the gate: scheduled, estimated, actual. */
  scheduledIn: string | null;
  estimatedIn: string | null;
  actualIn: string | null;
  /** Seconds late at the gate (negative: early), as the provider works it out. */
  arrivalDelaySeconds: number | null;
  terminal: string | null;
  gate: string | null;
  /** The provider's words ("Scheduled", "En Route / Delayed", "Landed / Taxiing"...): for people, never for rules. */
  status: string | null;
  cancelled: boolean;
  diverted: boolean;
}

/** Found, or not known to the provider on that date (an unknown flight number, or the wrong day). */
export type FlightLookup = { found: true; arrival: FlightArrival } | { found: false };

/**
 * Why an answer could not be had: rate-limited (429), unavailable (5xx, timeout, network), refused (another 4xx: a
 * bad key, say), strange (an answer that did not match the schema). The tracker counts each and asks again later.
 */
export type FlightFailureReason = 'rate-limited' | 'unavailable' | 'refused' | 'strange-answer';

export class FlightStatusFailure extends Error {
  constructor(
    readonly reason: FlightFailureReason,
    message: string,
    /** What the provider's Retry-After said, when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'FlightStatusFailure';
  }
}

export interface FlightStatusProvider {
  /** For logs: which provider answered. */
  readonly name: string;
  /** The flight `ident` (NZ102 or ANZ102) arriving at Auckland on the NZ date `date`; throws FlightStatusFailure. */
  arrival(ident: string, date: string): Promise<FlightLookup>;
}
