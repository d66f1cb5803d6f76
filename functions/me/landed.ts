/** POST /api/me/bookings/{id}/landed {terminal, passengers, flight?}: the account holder is back and waiting for the shuttle. */
import { landedRequestSchema } from '../../shared/pickups';
import { httpHandler } from '../lib/http';
import { clientAddress } from '../lib/origin';
import { landedView } from '../use-cases/pickups/landing';
import { landedByOwner } from '../use-cases/pickups/landed-by-traveller';

export const handler = httpHandler({ access: 'user', body: landedRequestSchema }, async ({ auth, body, event, params }) => {
  const { entry, created } = await landedByOwner(auth.user!, params.id ?? '', body, clientAddress(event));
  return { status: created ? 201 : 200, body: landedView(entry) };
});
