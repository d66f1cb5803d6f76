/** POST /api/bookings/{id}/photos (or the pass's /api/pass/{token}/photos): a presigned POST for one file. */
import { photoUploadResponseSchema, type PhotoUploadRequest, type PhotoUploadResponse } from '@shared/photos';
import { apiRequest } from '../../../lib/api-client';
import { bookingPhotoRoute, type PhotoRoute } from './photo-route';

export function startPhotoUpload(bookingId: string, file: PhotoUploadRequest, route: PhotoRoute = bookingPhotoRoute(bookingId)): Promise<PhotoUploadResponse> {
  return apiRequest(route.base, { method: 'POST', body: file, schema: photoUploadResponseSchema, auth: route.auth });
}
