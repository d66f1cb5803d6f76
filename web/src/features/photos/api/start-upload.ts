/** POST /api/bookings/{id}/photos: a presigned POST for one file. */
import { photoUploadResponseSchema, type PhotoUploadRequest, type PhotoUploadResponse } from '@shared/photos';
import { apiRequest } from '../../../lib/api-client';

export function startPhotoUpload(bookingId: string, file: PhotoUploadRequest): Promise<PhotoUploadResponse> {
  return apiRequest(`/bookings/${encodeURIComponent(bookingId)}/photos`, { method: 'POST', body: file, schema: photoUploadResponseSchema, auth: true });
}
