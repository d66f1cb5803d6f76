/** Request and response shapes shared by the SPA and the API (zod). */
import * as z from 'zod';
import { serviceQuoteShape } from './add-on-schemas';

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date or time format');
export const clockTime = z.string().regex(/^\d{2}:\d{2}$/, 'Invalid date or time format');

export const quoteRequestSchema = z.strictObject({
  dropOffDate: isoDate,
  dropOffTime: clockTime,
  pickUpDate: isoDate,
  pickUpTime: clockTime,
  carWash: z.boolean().default(false),
  ...serviceQuoteShape,
  /**
   * Price the stay only, without the rules of booking it (lead time, late-night notice, places left): the booking
   * dialogs that edit a stay or book for staff judge those their own way, and the write that books applies them again.
   */
  priceOnly: z.boolean('Expected true or false').optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** Money in responses is dollars with two decimals. */
export const quoteResponseSchema = z.object({
  days: z.number().int().min(1),
  parkingCost: z.number(),
  shuttleCost: z.number(),
  carWashCost: z.number(),
  carCleaningCost: z.number(),
  carDetailingCost: z.number(),
  carServicingCost: z.number(),
  total: z.number(),
  gst: z.number(),
  parkingType: z.literal('open'),
  /** The tariff's parking price for these days, before the operator's price rules (docs/money.md). */
  tariffParkingCost: z.number(),
  /** The price rules that moved the parking price, by name, percent (null for a floor or ceiling) and days priced. */
  appliedRules: z.array(z.object({ kind: z.string(), name: z.string(), percent: z.number().nullable(), days: z.number().int() })),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

export const errorResponseSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
