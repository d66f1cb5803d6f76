/** POST /api/bookings/{id}/photos/{photoId}/complete: checks the stored file and records the photo, or deletes it and says why. */
import { httpHandler } from '../lib/http';
import { completePhotoUpload } from '../use-cases/photos/complete-photo-upload';

export const handler = httpHandler({ access: 'user' }, async ({ auth, params }) => ({
  status: 201,
  body: { photo: await completePhotoUpload(auth, params.id ?? '', params.photoId ?? '') },
}));
