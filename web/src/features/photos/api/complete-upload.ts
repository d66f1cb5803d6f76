/** POST /api/bookings/{id}/photos/{photoId}/complete: the server checks the stored file and records it, or refuses it. */
import { photoCompleteResponseSchema, type VehiclePhoto } from '@shared/photos';
import { apiRequest } from '../../../lib/api-client';

export async function completePhotoUpload(bookingId: string, photoId: string): Promise<VehiclePhoto> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/photos/${encodeURIComponent(photoId)}/complete`;
  return (await apiRequest(path, { method: 'POST', schema: photoCompleteResponseSchema, auth: true })).photo;
}
