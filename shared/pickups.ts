/**
 * The pickup queue ("I've landed"): a traveller back from their trip says they have
 * landed (terminal, passengers, flight), or staff add them when they phone; the yard's driver fetches them and marks
 * them picked up, and their car is then brought forward. Pure, so the forms and the server agree on the rules.
 */
import * as z from 'zod';
import { formatShortDate, formatTime12 } from './format';
import { nzInstant, nzNow } from './nz-time';

export const terminals = ['domestic', 'international'] as const;
export type Terminal = (typeof terminals)[number];
export const terminalLabels: Record<Terminal, string> = { domestic: 'Domestic', international: 'International' };

/** The shuttle van's seats: a car brings back at most this many travellers. */
export const MAX_PASSENGERS = 8;

/**
 * How long before the booked pick-up a traveller may say they have landed, when that is before the pick-up date
 * begins: a 01:30 pick-up (an overnight flight) opens at 19:30 the evening before.
 */
export const LANDED_EARLY_HOURS = 6;

/** How often the yard's queue asks for news: within the ~10 seconds the yard needs, with the request's own time. */
export const QUEUE_POLL_MS = 5_000;

export const pickupMessages = {
  onTheWay: 'The shuttle is on its way',
  terminalRequired: 'Choose the domestic or the international terminal',
  passengersInvalid: `Enter the number of passengers, from 1 to ${MAX_PASSENGERS}`,
  flightInvalid: 'Please enter a valid flight number',
  tooEarly: (opensAt: Date) => `You can tell us you've landed from ${describeNzInstant(opensAt)}.`,
  cancelled: 'This booking is cancelled.',
  checkedOut: 'This booking is already checked out: the car has been collected.',
  notConfirmed: 'This booking is not confirmed yet.',
  bookingUnknown: 'No booking has that reference',
  oneOfBookingOrReference: 'Give the booking reference',
  notInQueue: 'This traveller is not in the pickup queue',
  pickedUp: 'Picked up',
  added: 'Added to the pickup queue',
} as const;

/** "6:00 PM on 14/03/30" (NZ time) for an instant. */
export function describeNzInstant(at: Date): string {
  const wc = nzNow(at);
  return `${formatTime12(wc.time)} on ${formatShortDate(wc.date)}`;
}

/**
 * When a traveller may first say "I've landed": the start of the pick-up date in New Zealand, or six hours before
 * the booked pick-up if that is earlier (an overnight flight). Real elapsed time, so daylight-saving changes do
 * not move it: the six hours are six hours. A pick-up time that does not exist (the hour skipped when daylight
 * saving starts) counts from the start of its day.
 */
export function landedOpensAt(pickUp: { pickUpDate: string; pickUpTime: string }): Date {
  // Midnight always exists in New Zealand: the clocks change at 2 and 3 in the morning.
  const dayStart = nzInstant({ date: pickUp.pickUpDate, time: '00:00' })!;
  const booked = nzInstant({ date: pickUp.pickUpDate, time: pickUp.pickUpTime });
  if (!booked) return dayStart;
  const early = new Date(booked.getTime() - LANDED_EARLY_HOURS * 3_600_000);
  return early < dayStart ? early : dayStart;
}

export const mayTellLanded = (pickUp: { pickUpDate: string; pickUpTime: string }, now: Date): boolean => now.getTime() >= landedOpensAt(pickUp).getTime();

const terminalField = z.enum(terminals, { error: pickupMessages.terminalRequired });
const passengersField = z.number({ error: pickupMessages.passengersInvalid }).int(pickupMessages.passengersInvalid).min(1, pickupMessages.passengersInvalid).max(MAX_PASSENGERS, pickupMessages.passengersInvalid);
/** Optional; an empty one counts as not given (the booking's return flight is only a suggestion). */
const flightField = z
  .string({ error: pickupMessages.flightInvalid })
  .trim()
  .toUpperCase()
  .max(10, pickupMessages.flightInvalid)
  .regex(/^[A-Z0-9 ]*$/, pickupMessages.flightInvalid)
  .transform((v) => v || null)
  .nullable()
  .optional();

/** POST /api/pass/{token}/landed and /api/me/bookings/{id}/landed. */
export const landedRequestSchema = z.strictObject({ terminal: terminalField, passengers: passengersField, flight: flightField });
export type LandedRequest = z.input<typeof landedRequestSchema>;

/**
 * POST /api/admin/pickups: staff add a traveller who phoned, by booking id (from the yard's lists) or by the
 * reference they read out (with or without `RP-`, any case, spaces ignored).
 */
export const staffPickupRequestSchema = z
  .strictObject({
    bookingId: z.string().trim().min(1).max(64).optional(),
    reference: z.string().trim().min(1, pickupMessages.oneOfBookingOrReference).max(20, pickupMessages.bookingUnknown).optional(),
    terminal: terminalField,
    passengers: passengersField,
    flight: flightField,
  })
  .refine((b) => (b.bookingId === undefined) !== (b.reference === undefined), { message: pickupMessages.oneOfBookingOrReference, path: ['reference'] });
export type StaffPickupRequest = z.input<typeof staffPickupRequestSchema>;

/** `rp 7k3m9q`, `7K3M9Q` and `RP-7K3M9Q` are the same reference. */
export function normaliseReference(typed: string): string {
  const compact = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `RP-${compact.startsWith('RP') && compact.length > 6 ? compact.slice(2) : compact}`;
}

/**
 * `waiting`: landed, the shuttle is to fetch them; `picked_up`: on the shuttle, their car to be brought forward;
 * `collected`: the car has gone (the booking is checked out).
 */
export const pickupStates = ['waiting', 'picked_up', 'collected'] as const;
export type PickupState = (typeof pickupStates)[number];

export const pickupAdders = ['traveller', 'staff', 'flight'] as const;
export type PickupAdder = (typeof pickupAdders)[number];

/** What the traveller sees after saying they have landed. */
export const landedResponseSchema = z.object({
  state: z.enum(pickupStates),
  terminal: z.enum(terminals),
  passengers: z.number(),
  flight: z.string().nullable(),
  landed_at: z.string(),
  updated_at: z.string(),
});
export type LandedResponse = z.infer<typeof landedResponseSchema>;

/** One traveller in the yard's queue, with what the driver and the yard need. */
export const pickupEntrySchema = landedResponseSchema.extend({
  booking_id: z.string(),
  reference: z.string(),
  name: z.string(),
  contact_number: z.string(),
  vehicle: z.string().nullable(),
  bay: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  picked_up_by: z.string().nullable(),
  /** Who put them in the queue: the traveller ("I've landed"), staff (a phone call), or the flight tracker (the landing seen). */
  added_by: z.enum(pickupAdders),
  /** The landing plus the terminal's walk-out time (shared/kerb-time.ts), by the settings in force when read. */
  expected_kerb_at: z.string(),
  /** The shuttle run the driver departed on for them (on the way), and when; null before Depart. */
  run_id: z.string().nullable(),
  shuttle_departed_at: z.string().nullable(),
});
export type PickupEntry = z.infer<typeof pickupEntrySchema>;

/** GET /api/admin/pickups: today's queue (NZ date), oldest landing first, newest last. */
export const pickupQueueSchema = z.object({ date: z.string(), entries: z.array(pickupEntrySchema) });
export type PickupQueue = z.infer<typeof pickupQueueSchema>;

export const pickupEntryResponseSchema = z.object({ entry: pickupEntrySchema });

/** "International, 2 passengers, NZ123": how a landing reads in the booking's history. */
export function describeLanding(l: { terminal: Terminal; passengers: number; flight: string | null }): string {
  return `${terminalLabels[l.terminal]}, ${l.passengers} ${l.passengers === 1 ? 'passenger' : 'passengers'}${l.flight ? `, ${l.flight}` : ''}`;
}

/** GET /api/yard/shuttle-runs: the waiting parties in runs (shared/shuttle-runs.ts), earliest kerb time first. */
export const shuttleRunsSchema = z.object({
  date: z.string(),
  shuttle_seats: z.number(),
  runs: z.array(
    z.object({
      id: z.string(),
      terminal: z.enum(terminals),
      passengers: z.number(),
      first_kerb_at: z.string(),
      departed: z.boolean(),
      over_seats: z.boolean(),
      parties: z.array(pickupEntrySchema),
    }),
  ),
});
export type ShuttleRunsView = z.infer<typeof shuttleRunsSchema>;

/** POST /api/yard/shuttle-runs/depart and /picked-up: the run's parties as the screen showed them. */
export const shuttleRunRequestSchema = z.strictObject({
  booking_ids: z.array(z.string().trim().min(1).max(64), { error: 'Choose the run' }).min(1, 'Choose the run').max(50, 'Choose the run'),
});
