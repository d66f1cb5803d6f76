/** GET /api/admin/pickups: today's pickup queue, parsed with the shared schema. */
import { pickupQueueSchema, type PickupQueue } from '@shared/pickups';
import { apiRequest } from '../../../lib/api-client';

export const fetchPickupQueue = (signal?: AbortSignal): Promise<PickupQueue> => apiRequest('/admin/pickups', { schema: pickupQueueSchema, auth: true, signal });
