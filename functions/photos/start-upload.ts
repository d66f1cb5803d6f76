/** POST /api/bookings/{id}/photos: a presigned POST for one photo of a booking the caller may touch. */
import { photoUploadRequestSchema } from '../../shared/photos';
import { httpHandler } from '../lib/http';
import { startPhotoUpload } from '../use-cases/photos/start-photo-upload';

export const handler = httpHandler({ access: 'user', body: photoUploadRequestSchema }, async ({ auth, body, params }) => ({
  status: 201,
  body: await startPhotoUpload(auth, params.id ?? '', body),
}));
