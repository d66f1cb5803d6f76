/** GET /api/admin/occupancy?from=&days=: places used per day against the yard's capacity. */
import { occupancySchema, type Occupancy } from '@shared/occupancy';
import { apiRequest } from '../../../lib/api-client';

export function fetchOccupancy(from: string, days: number, signal?: AbortSignal): Promise<Occupancy> {
  const params = new URLSearchParams({ from, days: String(days) });
  return apiRequest(`/admin/occupancy?${params}`, { schema: occupancySchema, auth: true, signal });
}
