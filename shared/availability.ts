/** GET /api/availability: the query it takes and the answer the date pickers read. */
import * as z from 'zod';
import { capacityMessages, daysInclusive, MAX_AVAILABILITY_DAYS } from './capacity';
import { isCalendarDate } from './nz-time';

const calendarDate = z.string().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD');

export const availabilityQuerySchema = z
  .strictObject({ from: calendarDate, to: calendarDate })
  .refine((q) => q.from <= q.to && daysInclusive(q.from, q.to) <= MAX_AVAILABILITY_DAYS, { message: capacityMessages.availabilityRange, path: ['to'] });

export const availabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Dates in the range with no place left, ascending. */
  fullDates: z.array(z.string()),
});
export type Availability = z.infer<typeof availabilitySchema>;

