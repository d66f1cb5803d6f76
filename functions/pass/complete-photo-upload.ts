/** POST /api/pass/{token}/photos/{photoId}/complete: the upload's completion check for a photo the pass started. */
import { httpHandler } from '../lib/http';
import { claimantByPass, completeClaimPhoto } from '../use-cases/claims/traveller-claims';

export const handler = httpHandler({ access: 'public' }, async ({ params }) => ({
  status: 201,
  body: { photo: await completeClaimPhoto(await claimantByPass(params.token ?? ''), params.photoId ?? '') },
}));
