/** POST /api/pass/{token}/landed {terminal, passengers, flight?}: the traveller, by their pass, is back and waiting for the shuttle. */
import { landedRequestSchema } from '../../shared/pickups';
import { httpHandler } from '../lib/http';
import { clientAddress } from '../lib/origin';
import { landedView } from '../use-cases/pickups/landing';
import { landedByPass } from '../use-cases/pickups/landed-by-traveller';

export const handler = httpHandler({ access: 'public', body: landedRequestSchema }, async ({ body, event, params }) => {
  const { entry, created } = await landedByPass(params.token ?? '', body, clientAddress(event));
  return { status: created ? 201 : 200, body: landedView(entry) };
});
