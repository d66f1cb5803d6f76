/** POST /api/yard/bookings/{id}/condition: the car's condition at drop-off or collection, acknowledged; never changed after. */
import { conditionRequestSchema } from '../../shared/condition';
import { httpHandler } from '../lib/http';
import { recordCondition } from '../use-cases/yard/condition';

export const handler = httpHandler({ access: 'staff', body: conditionRequestSchema }, async ({ auth, body, params }) => ({ status: 201, body: await recordCondition(auth.user!, params.id ?? '', body) }));
