/** POST /api/admin/pickups: staff add a traveller who phoned, by their reference. */
import { pickupEntryResponseSchema, type StaffPickupRequest } from '@shared/pickups';
import { apiRequest } from '../../../lib/api-client';

export const addPickup = (body: StaffPickupRequest) => apiRequest('/admin/pickups', { method: 'POST', body, schema: pickupEntryResponseSchema, auth: true });
