/** POST /api/pass/{token}/photos: a presigned POST for one photo of a damage report, while reports are taken. */
import { photoUploadRequestSchema } from '../../shared/photos';
import { httpHandler } from '../lib/http';
import { claimantByPass, presignClaimPhoto } from '../use-cases/claims/traveller-claims';

export const handler = httpHandler({ access: 'public', body: photoUploadRequestSchema }, async ({ body, params }) => ({
  status: 201,
  body: await presignClaimPhoto(await claimantByPass(params.token ?? ''), body),
}));
