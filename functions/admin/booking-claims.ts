/** GET /api/admin/bookings/{id}/claims: a booking's damage claims beside its handover records and their differences. */
import { httpHandler } from '../lib/http';
import { staffClaims } from '../use-cases/claims/staff-claims';

export const handler = httpHandler({ access: 'staff' }, async ({ params }) => ({ body: await staffClaims(params.id ?? '') }));
