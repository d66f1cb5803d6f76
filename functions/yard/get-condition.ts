/** GET /api/yard/bookings/{id}/condition: the booking's handover records and, once both stages have one, what changed. */
import { httpHandler } from '../lib/http';
import { conditionView } from '../use-cases/yard/condition';

export const handler = httpHandler({ access: 'staff' }, async ({ params }) => ({ body: await conditionView(params.id ?? '') }));
