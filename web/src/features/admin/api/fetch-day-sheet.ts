/** GET /api/admin/day-sheet?date=: one date's arrivals and departures, parsed with the shared schema. */
import { daySheetSchema, type DaySheet } from '@shared/admin';
import { apiRequest } from '../../../lib/api-client';

export const fetchDaySheet = (date: string, signal?: AbortSignal): Promise<DaySheet> =>
  apiRequest(`/admin/day-sheet?date=${encodeURIComponent(date)}`, { schema: daySheetSchema, auth: true, signal });
