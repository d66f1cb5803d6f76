/** GET /api/me/bookings/{id}/pass: one's own booking as its pass (the dashboard's "View pass" opens /pass/<token>). */
import { passSchema, type Pass } from '@shared/pass';
import { apiRequest } from '../../../lib/api-client';

export function fetchMyPass(id: string): Promise<Pass> {
  return apiRequest(`/me/bookings/${encodeURIComponent(id)}/pass`, { schema: passSchema, auth: true });
}
