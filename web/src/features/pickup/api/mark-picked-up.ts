/** POST /api/admin/pickups/{bookingId}/picked-up: the driver has the traveller. */
import { pickupEntryResponseSchema } from '@shared/pickups';
import { apiRequest } from '../../../lib/api-client';

export const markPickedUp = (bookingId: string) => apiRequest(`/admin/pickups/${encodeURIComponent(bookingId)}/picked-up`, { method: 'POST', schema: pickupEntryResponseSchema, auth: true });
