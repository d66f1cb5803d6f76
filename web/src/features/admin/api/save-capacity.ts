/** PUT /api/admin/capacity {capacity}: the yard's capacity (400 for a bad number, 409 while YARD_CAPACITY fixes it). */
import { capacityResponseSchema, type CapacityResponse } from '@shared/occupancy';
import { apiRequest } from '../../../lib/api-client';

export const saveCapacity = (capacity: number): Promise<CapacityResponse> =>
  apiRequest('/admin/capacity', { method: 'PUT', body: { capacity }, schema: capacityResponseSchema, auth: true });
