/** GET /api/me/bookings/{id}/claims: the owner's damage reports on their booking, and whether one can be made now. */
import { httpHandler } from '../lib/http';
import { claimantByOwner, travellerClaims } from '../use-cases/claims/traveller-claims';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => ({ body: await travellerClaims(await claimantByOwner(auth.user!, params.id ?? '')) }));
