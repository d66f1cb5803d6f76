/**
 * The admin's view of the yard: places used per NZ date against the capacity, and the capacity setting.
 * The numbers come from the server's per-day counters (functions/store/occupancy.ts); the chart only draws them.
 */
import * as z from 'zod';
import { capacityMessages } from './capacity';
import { isCalendarDate } from './nz-time';

/** The chart's span when the request names none, and the most one request may ask for (a quarter). */
export const DEFAULT_OCCUPANCY_DAYS = 30;
export const MAX_OCCUPANCY_DAYS = 93;
/** The largest capacity staff may set (a sanity bound, far above any yard). */
export const MAX_CAPACITY = 100_000;

export const occupancyMessages = {
  daysInvalid: `Days must be a whole number from 1 to ${MAX_OCCUPANCY_DAYS}`,
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  loadFailed: 'Failed to load occupancy',
  capacitySaved: 'Capacity updated',
  capacityFailed: 'Failed to update capacity',
} as const;

/** GET /api/admin/occupancy?from=&days=: query parameters as a URL carries them. `from` defaults to today (NZ). */
export const occupancyQuerySchema = z.strictObject({
  from: z.string(occupancyMessages.dateInvalid).refine(isCalendarDate, occupancyMessages.dateInvalid).optional(),
  days: z
    .string(occupancyMessages.daysInvalid)
    .regex(/^\d{1,3}$/, occupancyMessages.daysInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_OCCUPANCY_DAYS, occupancyMessages.daysInvalid)
    .default(DEFAULT_OCCUPANCY_DAYS),
});
export type OccupancyQuery = z.infer<typeof occupancyQuerySchema>;

/** Where the capacity comes from: only a staff setting ('settings') or the default can be changed from the dashboard. */
export const capacitySources = ['environment', 'settings', 'default'] as const;
export type CapacitySource = (typeof capacitySources)[number];

export const occupancyDaySchema = z.object({
  date: z.string(),
  /** Places used: bookings not cancelled plus checkouts still open. */
  taken: z.number().int(),
  /** Of `taken`, places held by open checkouts (not paid yet). */
  held: z.number().int(),
  /** Places left (0 when full or over). */
  free: z.number().int(),
});
export type OccupancyDay = z.infer<typeof occupancyDaySchema>;

export const occupancySchema = z.object({
  capacity: z.number().int(),
  capacitySource: z.enum(capacitySources),
  days: z.array(occupancyDaySchema),
});
export type Occupancy = z.infer<typeof occupancySchema>;

/** A capacity staff may set: a whole number of places from 0 to MAX_CAPACITY. */
export const isValidCapacity = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_CAPACITY;

/**
 * PUT /api/admin/capacity {capacity}. A custom check rather than z.number().int().min().max(), so a missing,
 * textual, fractional or out-of-range value all answer with the one message the dialog shows.
 */
export const capacityRequestSchema = z.strictObject({ capacity: z.custom<number>(isValidCapacity, capacityMessages.capacityInvalid) });
export type CapacityRequest = z.infer<typeof capacityRequestSchema>;

export const capacityResponseSchema = z.object({ capacity: z.number().int(), capacitySource: z.enum(capacitySources) });
export type CapacityResponse = z.infer<typeof capacityResponseSchema>;

/** Free places on a day at a capacity: never below 0 (a day can be over capacity after capacity is lowered). */
export const freePlaces = (capacity: number, taken: number) => Math.max(0, capacity - taken);

/** A day with no place left: what the chart highlights. */
export const isFullDay = (day: Pick<OccupancyDay, 'taken'>, capacity: number) => day.taken >= capacity;
