/** GET /api/pass/{token}/claims: the booking's damage reports with their decisions, and whether one can be made now. */
import { httpHandler } from '../lib/http';
import { claimantByPass, travellerClaims } from '../use-cases/claims/traveller-claims';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => ({ body: await travellerClaims(await claimantByPass(params.token ?? '')) }));
