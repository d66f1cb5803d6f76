/** POST /api/admin/walk-ins: staff book a car at the gate; answers the paid booking or where the card link went. */
import { walkInResponseSchema, type WalkInRequestInput } from '@shared/walk-in';
import { apiRequest } from '../../../lib/api-client';

export const bookWalkIn = (request: WalkInRequestInput) => apiRequest('/admin/walk-ins', { method: 'POST', body: request, schema: walkInResponseSchema, auth: true, idempotent: true });
