/** POST /api/me/bookings/{id}/claims {submission_id, panel, description, photo_ids}: the owner reports damage within 48 hours of collection. */
import { claimRequestSchema } from '../../shared/claims';
import { httpHandler } from '../lib/http';
import { claimantByOwner, submitClaim } from '../use-cases/claims/traveller-claims';

export const handler = httpHandler({ access: 'user', body: claimRequestSchema }, async ({ auth, body, params }) => {
  const { claim, created } = await submitClaim(await claimantByOwner(auth.user!, params.id ?? ''), body);
  return { status: created ? 201 : 200, body: { claim } };
});
