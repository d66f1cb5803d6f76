/** POST /api/pass/{token}/claims {submission_id, panel, description, photo_ids}: report damage within 48 hours of collection. */
import { claimRequestSchema } from '../../shared/claims';
import { httpHandler } from '../lib/http';
import { claimantByPass, submitClaim } from '../use-cases/claims/traveller-claims';

export const handler = httpHandler({ access: 'public', body: claimRequestSchema }, async ({ body, params }) => {
  const { claim, created } = await submitClaim(await claimantByPass(params.token ?? ''), body);
  return { status: created ? 201 : 200, body: { claim } };
});
